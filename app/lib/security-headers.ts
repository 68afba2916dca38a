import type { TrackingPurposes } from "./analytics.ts";
import { isPortalPath } from "./portal.ts";

// Headers every response carries, and the Content-Security-Policy of each one. Scripts run
// only from the site itself or with the response's nonce; the tracking hosts are listed only
// for a visitor who has allowed that tracking and only when its id is configured.

/** The hosts each tracker needs (Google's and Meta's published CSP guidance). */
export const trackerSources = {
  ga: {
    script: ["https://www.googletagmanager.com"],
    connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
    img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  },
  meta: {
    script: ["https://connect.facebook.net"],
    connect: ["https://www.facebook.com"],
    img: ["https://www.facebook.com"],
  },
} as const;

export type CspOptions = {
  nonce: string;
  https: boolean;
  /** May other sites frame this page? Only the digital business card. */
  frameable: boolean;
  /** Trackers this visitor allowed and the site has ids for. */
  trackers: { ga: boolean; meta: boolean };
  /** Other origins images may come from (a Contentful blog's image host). */
  imageOrigins: readonly string[];
  /** Other origins forms may post or redirect to (Stripe Checkout). */
  formOrigins: readonly string[];
  /** May the page compile WebAssembly? Only the door's QR decoder (docs/decisions/025): `mayUseCamera`. */
  webAssembly?: boolean;
};

export function contentSecurityPolicy(options: CspOptions): string {
  const trackers = [options.trackers.ga && trackerSources.ga, options.trackers.meta && trackerSources.meta].filter((t) => t !== false);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${options.nonce}'`, ...(options.webAssembly ? ["'wasm-unsafe-eval'"] : []), ...trackers.flatMap((t) => t.script)],
    // Inline style attributes (React's style prop, Radix's positioning) are not script.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...options.imageOrigins, ...trackers.flatMap((t) => t.img)],
    // Fonts, media, frames, workers and any manifest fall back to default-src's 'self': not
    // listed, as each would only say it again in a header every page carries (docs/decisions/040).
    ...(trackers.length ? { "connect-src": ["'self'", ...trackers.flatMap((t) => t.connect)] } : {}),
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", ...options.formOrigins],
    "frame-ancestors": [options.frameable ? "*" : "'none'"],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Which trackers may load for this visitor: allowed by their choice and configured by the site. */
export function allowedTrackers(consent: TrackingPurposes | null, ids: { gaMeasurementId?: string; metaPixelId?: string }) {
  return { ga: Boolean(consent?.analytics && ids.gaMeasurementId), meta: Boolean(consent?.marketing && ids.metaPixelId) };
}

export function isFrameable(path: string): boolean {
  return path === "/business-card" || path.startsWith("/business-card/");
}

/** The door check-in page scans tickets with the camera (docs/decisions/025); every other page may not use it. */
export function mayUseCamera(path: string): boolean {
  return /^\/admin\/check-in\/[^/]+\/?$/.test(path);
}

/** The headers besides the Content-Security-Policy. */
export function securityHeaders(path: string, options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    // The portal's addresses can carry a password reset token or a contact's name: never in a
    // Referer to another site. (Not no-referrer: browsers then send "Origin: null" with the
    // portal's own form posts, which the origin checks rightly refuse.)
    "Referrer-Policy": isPortalPath(path) ? "same-origin" : "strict-origin-when-cross-origin",
    "Permissions-Policy": `camera=${mayUseCamera(path) ? "(self)" : "()"}, microphone=(), geolocation=()`,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // The digital business card may be embedded elsewhere; nothing else may be framed.
  if (!isFrameable(path)) headers["X-Frame-Options"] = "DENY";
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
