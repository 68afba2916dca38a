import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser. A form
 * renders its no-JavaScript version first (e.g. an enabled submit button the server
 * checks) and enhances itself afterwards (disabled until the fields are filled).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
