import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of the response being rendered. Provided by
// entry.server.tsx; in the browser it is undefined (browsers hide nonces from the DOM anyway).
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
