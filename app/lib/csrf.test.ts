import { describe, expect, it } from "vitest";
import { CROSS_ORIGIN_MESSAGE, assertSameOriginWrite, isCrossOriginWrite } from "./csrf.ts";

const siteUrl = "https://www.thularelocations.co.uk";

function request(method: string, origin?: string) {
  const headers = new Headers();
  if (origin !== undefined) headers.set("origin", origin);
  return new Request(`${siteUrl}/admin`, { method, headers });
}

describe("isCrossOriginWrite", () => {
  it("refuses a write from another site", () => {
    expect(isCrossOriginWrite(request("POST", "https://evil.example"), siteUrl)).toBe(true);
    expect(isCrossOriginWrite(request("DELETE", "https://evil.example"), siteUrl)).toBe(true);
    expect(isCrossOriginWrite(request("PUT", "https://www.thularelocations.co.uk.evil.example"), siteUrl)).toBe(true);
  });

  it("refuses the same host on another scheme or port, and opaque or malformed origins", () => {
    expect(isCrossOriginWrite(request("POST", "http://www.thularelocations.co.uk"), siteUrl)).toBe(true);
    expect(isCrossOriginWrite(request("POST", "https://www.thularelocations.co.uk:8443"), siteUrl)).toBe(true);
    expect(isCrossOriginWrite(request("POST", "null"), siteUrl)).toBe(true);
    expect(isCrossOriginWrite(request("POST", "not a url"), siteUrl)).toBe(true);
  });

  it("lets the site's own writes through, whatever the path or letter case", () => {
    expect(isCrossOriginWrite(request("POST", siteUrl), siteUrl)).toBe(false);
    expect(isCrossOriginWrite(request("post", "https://WWW.thularelocations.co.uk"), siteUrl)).toBe(false);
    expect(isCrossOriginWrite(request("POST", "https://www.thularelocations.co.uk:443"), siteUrl)).toBe(false);
  });

  it("lets writes without an Origin through (webhooks, curl) and never blocks reads", () => {
    expect(isCrossOriginWrite(request("POST"), siteUrl)).toBe(false);
    expect(isCrossOriginWrite(request("GET", "https://evil.example"), siteUrl)).toBe(false);
    expect(isCrossOriginWrite(request("HEAD", "https://evil.example"), siteUrl)).toBe(false);
  });
});

describe("assertSameOriginWrite", () => {
  it("throws a 403 response for a forged write and nothing otherwise", async () => {
    let thrown: unknown;
    try {
      assertSameOriginWrite(request("POST", "https://evil.example"), siteUrl);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await (thrown as Response).text()).toBe(CROSS_ORIGIN_MESSAGE);
    expect(() => assertSameOriginWrite(request("POST", siteUrl), siteUrl)).not.toThrow();
  });
});
