import { describe, expect, it } from "vitest";
import { isCrossOriginRefusal, isCrossOriginWrite } from "./csrf.ts";

const siteUrl = "https://www.thularelocations.co.uk";
const siteOrigins = [siteUrl];
/** A demo without SITE_URL on port 3000: the three loopback names of the machine are all the site. */
const demoOrigins = ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"];

function request(method: string, origin?: string) {
  const headers = new Headers();
  if (origin !== undefined) headers.set("origin", origin);
  return new Request(`${siteUrl}/admin`, { method, headers });
}

describe("isCrossOriginWrite", () => {
  it("refuses a write from another site", () => {
    expect(isCrossOriginWrite(request("POST", "https://evil.example"), siteOrigins)).toBe(true);
    expect(isCrossOriginWrite(request("DELETE", "https://evil.example"), siteOrigins)).toBe(true);
    expect(isCrossOriginWrite(request("PUT", "https://www.thularelocations.co.uk.evil.example"), siteOrigins)).toBe(true);
  });

  it("refuses the same host on another scheme or port, and opaque or malformed origins", () => {
    expect(isCrossOriginWrite(request("POST", "http://www.thularelocations.co.uk"), siteOrigins)).toBe(true);
    expect(isCrossOriginWrite(request("POST", "https://www.thularelocations.co.uk:8443"), siteOrigins)).toBe(true);
    expect(isCrossOriginWrite(request("POST", "null"), siteOrigins)).toBe(true);
    expect(isCrossOriginWrite(request("POST", "not a url"), siteOrigins)).toBe(true);
  });

  it("lets the site's own writes through, whatever the path or letter case", () => {
    expect(isCrossOriginWrite(request("POST", siteUrl), siteOrigins)).toBe(false);
    expect(isCrossOriginWrite(request("post", "https://WWW.thularelocations.co.uk"), siteOrigins)).toBe(false);
    expect(isCrossOriginWrite(request("POST", "https://www.thularelocations.co.uk:443"), siteOrigins)).toBe(false);
  });

  it("lets writes without an Origin through (webhooks, curl) and never blocks reads", () => {
    expect(isCrossOriginWrite(request("POST"), siteOrigins)).toBe(false);
    expect(isCrossOriginWrite(request("GET", "https://evil.example"), siteOrigins)).toBe(false);
    expect(isCrossOriginWrite(request("HEAD", "https://evil.example"), siteOrigins)).toBe(false);
  });

  it("in a demo, takes localhost, 127.0.0.1 and [::1] on the server's port as the site, and nothing else", () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://LOCALHOST:3000"]) {
      expect(isCrossOriginWrite(request("POST", origin), demoOrigins), origin).toBe(false);
    }
    for (const origin of ["http://127.0.0.1:3001", "https://127.0.0.1:3000", "http://127.0.0.2:3000", "http://localhost", "https://evil.example"]) {
      expect(isCrossOriginWrite(request("POST", origin), demoOrigins), origin).toBe(true);
    }
  });
});

describe("isCrossOriginRefusal", () => {
  it("recognises the refusal's data, and nothing else", () => {
    expect(isCrossOriginRefusal({ refusal: "cross-origin", siteUrl, message: "…", values: {} })).toBe(true);
    for (const other of [null, "Cross-origin request refused.", { refusal: "other" }, { refusal: "cross-origin" }]) expect(isCrossOriginRefusal(other)).toBe(false);
  });
});
