import { createContext } from "react-router";

/** Who is asking: the client address as the server sees it (TRUST_PROXY decides whether proxies' headers count). */
export type ClientInfo = { ip: string };

export const clientContext = createContext<ClientInfo>({ ip: "unknown" });
