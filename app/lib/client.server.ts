import { createContext } from "react-router";
import type { SharedRender } from "./shared-render.ts";

/** Who is asking: the client address as the server sees it (TRUST_PROXY decides whether proxies' headers count). */
export type ClientInfo = { ip: string };

export const clientContext = createContext<ClientInfo>({ ip: "unknown" });

/**
 * This response's script nonce (Content-Security-Policy), the request's id (logs,
 * X-Request-Id) and, when the page cache may keep the page, where the render says it may.
 */
export type RequestInfo = { nonce: string; requestId: string; sharedRender?: SharedRender };

export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
