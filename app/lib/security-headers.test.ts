import { describe, expect, it } from "vitest";
import { allowedTrackers, contentSecurityPolicy, securityHeaders, type CspOptions } from "./security-headers.ts";

const base: CspOptions = { nonce: "abc123", https: false, frameable: false, trackers: { ga: false, meta: false }, imageOrigins: [], formOrigins: [] };

function directive(policy: string, name: string): string[] {
  const found = policy.split("; ").find((part) => part.startsWith(`${name} `));
  return found ? found.split(" ").slice(1) : [];
}

describe("securityHeaders", () => {
  it("forbids framing, sniffing and powerful features everywhere but the business card", () => {
    const headers = securityHeaders("/admin/dashboard", { https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("/business-card", { https: false })["X-Frame-Options"]).toBeUndefined();
    expect(securityHeaders("/business-cards-are-not-here", { https: false })["X-Frame-Options"]).toBe("DENY");
  });

  it("lets only the door check-in page use the camera, and only from this site", () => {
    const door = securityHeaders("/admin/check-in/6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11", { https: true })["Permissions-Policy"];
    expect(door).toContain("camera=(self)");
    expect(door).toContain("microphone=()");
    expect(door).toContain("geolocation=()");
    for (const path of ["/", "/admin/dashboard", "/admin/seminars", "/admin/check-in", "/admin/check-in/x/y", "/tickets/abc", "/check-in/x"]) {
      expect(securityHeaders(path, { https: false })["Permissions-Policy"], path).toContain("camera=()");
    }
  });

  it("keeps the portal's addresses out of Referers to other sites, and sends one policy", () => {
    expect(securityHeaders("/admin/login", { https: false })["Referrer-Policy"]).toBe("same-origin");
    expect(securityHeaders("/admin", { https: false })["Referrer-Policy"]).toBe("same-origin");
    expect(securityHeaders("/events", { https: false })["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(securityHeaders("/administration-fees", { https: false })["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("asks browsers to keep to HTTPS when the site is served over it", () => {
    expect(securityHeaders("/", { https: true })["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from the site or with this response's nonce", () => {
    const policy = contentSecurityPolicy(base);
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("leaves to default-src what would only repeat its 'self', and lists connect-src once a tracker adds to it", () => {
    const policy = contentSecurityPolicy(base);
    expect(directive(policy, "default-src")).toEqual(["'self'"]);
    for (const name of ["font-src", "media-src", "connect-src", "frame-src", "worker-src", "manifest-src"]) {
      expect(policy).not.toContain(`${name} `);
    }
    const ga = contentSecurityPolicy({ ...base, trackers: { ga: true, meta: false } });
    expect(directive(ga, "connect-src")?.[0]).toBe("'self'");
  });

  it("names no tracking host until the visitor allows it", () => {
    const none = contentSecurityPolicy(base);
    expect(none).not.toMatch(/google|facebook/);
    const ga = contentSecurityPolicy({ ...base, trackers: { ga: true, meta: false } });
    expect(directive(ga, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(ga, "connect-src")).toContain("https://*.google-analytics.com");
    expect(ga).not.toContain("facebook");
    const meta = contentSecurityPolicy({ ...base, trackers: { ga: false, meta: true } });
    expect(directive(meta, "script-src")).toContain("https://connect.facebook.net");
    expect(directive(meta, "img-src")).toContain("https://www.facebook.com");
    expect(meta).not.toContain("google");
  });

  it("lets the business card be framed and upgrades requests over HTTPS", () => {
    const policy = contentSecurityPolicy({ ...base, frameable: true, https: true });
    expect(directive(policy, "frame-ancestors")).toEqual(["*"]);
    expect(policy).toContain("upgrade-insecure-requests");
  });

  it("lets WebAssembly compile only where asked (the door's QR decoder), never JavaScript's eval", () => {
    expect(contentSecurityPolicy(base)).not.toContain("wasm-unsafe-eval");
    const door = contentSecurityPolicy({ ...base, webAssembly: true });
    expect(directive(door, "script-src")).toEqual(["'self'", "'nonce-abc123'", "'wasm-unsafe-eval'"]);
    expect(directive(door, "script-src")).not.toContain("'unsafe-eval'");
  });

  it("adds the configured image and form origins", () => {
    const policy = contentSecurityPolicy({ ...base, imageOrigins: ["https://images.ctfassets.net"], formOrigins: ["https://checkout.stripe.com"] });
    expect(directive(policy, "img-src")).toContain("https://images.ctfassets.net");
    expect(directive(policy, "form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
  });
});

describe("allowedTrackers", () => {
  const ids = { gaMeasurementId: "G-TEST1234", metaPixelId: "1234567890" };
  it("needs both the visitor's consent and a configured id", () => {
    expect(allowedTrackers(null, ids)).toEqual({ ga: false, meta: false });
    expect(allowedTrackers({ analytics: true, marketing: false }, ids)).toEqual({ ga: true, meta: false });
    expect(allowedTrackers({ analytics: true, marketing: true }, {})).toEqual({ ga: false, meta: false });
    expect(allowedTrackers({ analytics: false, marketing: true }, ids)).toEqual({ ga: false, meta: true });
  });
});
