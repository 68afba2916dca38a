import { createContext } from "react-router";

/** Who is asking: the client address as the server sees it (TRUST_PROXY decides whether proxies' headers count). */
export type ClientInfo = { ip: string };

export const clientContext = createContext<ClientInfo>({ ip: "unknown" });

/** This response's script nonce (Content-Security-Policy) and the request's id (logs, X-Request-Id). */
export type RequestInfo = { nonce: string; requestId: string };

export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
