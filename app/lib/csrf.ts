// Cross-site request forgery: a write (anything but GET, HEAD, OPTIONS) whose Origin header
// names another site is refused. Browsers send Origin on every cross-site POST, so a forged
// form or fetch is caught; server-to-server calls (Stripe's webhook, curl) send no Origin
// and pass, and must authenticate themselves (signatures, sessions checked by their route).

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when the request is a write sent by a page of another origin than the site's. */
export function isCrossOriginWrite(request: Pick<Request, "method" | "headers">, siteUrl: string): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  // "null" is an opaque origin (sandboxed frame, file:, some redirects): never the site.
  if (origin.trim() === "" || origin === "null") return true;
  try {
    return new URL(origin).origin !== new URL(siteUrl).origin;
  } catch {
    return true;
  }
}

export const CROSS_ORIGIN_MESSAGE = "Cross-origin request refused.";

/** Throws a 403 response for a cross-origin write (for middleware and actions). */
export function assertSameOriginWrite(request: Pick<Request, "method" | "headers">, siteUrl: string): void {
  if (isCrossOriginWrite(request, siteUrl)) {
    throw new Response(CROSS_ORIGIN_MESSAGE, { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
}
