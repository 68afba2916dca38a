import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

describe("securityHeaders", () => {
  it("forbids framing, sniffing and powerful features everywhere but the business card", () => {
    const headers = securityHeaders("/admin/dashboard", { https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Content-Security-Policy"]).toBe("frame-ancestors 'none'");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("/business-card", { https: false })["X-Frame-Options"]).toBeUndefined();
  });

  it("asks browsers to keep to HTTPS when the site is served over it", () => {
    expect(securityHeaders("/", { https: true })["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
  });
});
