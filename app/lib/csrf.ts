// Cross-site request forgery: a write (anything but GET, HEAD, OPTIONS) whose Origin header
// names another site is refused. Browsers send Origin on every cross-site POST, so a forged
// form or fetch is caught; server-to-server calls (Stripe's webhook, curl) send no Origin
// and pass, and must authenticate themselves (signatures, sessions checked by their route).
// The site's own origins are SITE_URL's, or in a demo without it the machine's loopback names
// on the server's port (settings.siteOrigins). The refusal itself is built by csrf.server.ts;
// this module is what the browser needs too: the check and the refusal's shape.

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a URL or Origin header names, or undefined for an opaque or malformed one. */
export function originOf(value: string | null): string | undefined {
  if (value === null || value.trim() === "" || value === "null") return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** True when the request is a write sent by a page of another origin than the site's. */
export function isCrossOriginWrite(request: Pick<Request, "method" | "headers">, siteOrigins: readonly string[]): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  // "null" is an opaque origin (sandboxed frame, file:, some redirects): never the site.
  const sentFrom = originOf(origin);
  return sentFrom === undefined || !siteOrigins.some((own) => originOf(own) === sentFrom);
}

/** What a refused write answers (403, JSON): the page shows it, and an API client reads `message`. */
export type CrossOriginRefusal = {
  refusal: "cross-origin";
  /** The origin the form came from, when this server had served its page under another address; null for another website. */
  sentFrom: string | null;
  siteUrl: string;
  /** The same page at the site's own address, when the form came from this server under another one. */
  retryUrl: string | null;
  message: string;
  /** What was typed (never passwords or the form's hidden workings), when the form came from this server. */
  values: Record<string, string>;
};

export function isCrossOriginRefusal(data: unknown): data is CrossOriginRefusal {
  if (typeof data !== "object" || data === null) return false;
  const candidate = data as Partial<CrossOriginRefusal>;
  return candidate.refusal === "cross-origin" && typeof candidate.siteUrl === "string" && typeof candidate.message === "string" && typeof candidate.values === "object";
}
