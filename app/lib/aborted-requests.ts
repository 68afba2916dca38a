/**
 * React Router aborts a request it no longer needs (a fetcher whose form was replaced by an
 * error page, a navigation overtaken by another); where it was still reading the answer, the
 * abort surfaces as an unhandled rejection ("signal is aborted without reason"). An abort is
 * the router's own decision, not a failure, so it is not reported as an error; anything else is.
 */
export function isAbortRejection(reason: unknown): boolean {
  return typeof reason === "object" && reason !== null && "name" in reason && reason.name === "AbortError";
}

/** Installs the filter in the browser; returns what removes it. */
export function quietAbortedRequests(target: Pick<Window, "addEventListener" | "removeEventListener">): () => void {
  const listener = (event: PromiseRejectionEvent) => {
    if (isAbortRejection(event.reason)) event.preventDefault();
  };
  target.addEventListener("unhandledrejection", listener);
  return () => target.removeEventListener("unhandledrejection", listener);
}
