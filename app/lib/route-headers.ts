import type { HeadersArgs } from "react-router";

/**
 * A form page's headers: its parents' and its loader's, plus the Retry-After of a post its
 * action refused for the rate limit, so the page a browser gets back carries it too.
 */
export function pageHeadersWithRetryAfter({ parentHeaders, loaderHeaders, actionHeaders }: HeadersArgs): Headers {
  const merged = new Headers(parentHeaders);
  loaderHeaders.forEach((value, key) => merged.set(key, value));
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}
