import { createContext } from "react-router";
import type { SharedRender } from "./shared-render.ts";

/** Who is asking: the client address as the server sees it (TRUST_PROXY decides whether proxies' headers count). */
export type ClientInfo = { ip: string };

export const clientContext = createContext<ClientInfo>({ ip: "unknown" });

/**
 * This response's script nonce (Content-Security-Policy), the request's id (logs,
 * X-Request-Id), when the page cache may keep the page, where the render says it may, and
 * (the production server) the build's stylesheets by address, for pages that carry theirs inline.
 */
export type RequestInfo = { nonce: string; requestId: string; sharedRender?: SharedRender; stylesheet?: (href: string) => string | undefined };

export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
