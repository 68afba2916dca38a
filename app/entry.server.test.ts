import { describe, expect, it } from "vitest";
import { isRevalidatable, pageETag, withoutModulePreloads } from "./entry.server.tsx";
import { matchesETag } from "./lib/etag.ts";

describe("page caching", () => {
  const html = '<html><script nonce="n0nce1">x</script><script nonce="n0nce1" type="module">y</script></html>';

  it("gives the same page the same ETag whatever nonce it was sent with", () => {
    const again = html.replaceAll("n0nce1", "OtherNonce2");
    expect(pageETag(html, "n0nce1", null)).toBe(pageETag(again, "OtherNonce2", null));
    expect(pageETag(html, "n0nce1", null)).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
  });

  it("gives a changed page, or a changed tracking choice, a new ETag", () => {
    const base = pageETag(html, "n0nce1", null);
    expect(pageETag(html.replace("x", "z"), "n0nce1", null)).not.toBe(base);
    expect(pageETag(html, "n0nce1", "thula_consent=v1.a1.m0")).not.toBe(base);
    expect(pageETag(html, "n0nce1", "thula_consent=v1.a1.m0")).not.toBe(pageETag(html, "n0nce1", "thula_consent=v1.a1.m1"));
  });

  it("matches If-None-Match lists, weak or strong, and *", () => {
    expect(matchesETag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag('W/"zzz", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag("*", 'W/"abc"')).toBe(true);
    expect(matchesETag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesETag(null, 'W/"abc"')).toBe(false);
  });

  it("revalidates plain 200 GET pages and leaves pages that chose their own caching alone", () => {
    const get = new Request("http://site.test/about");
    expect(isRevalidatable(get, 200, new Headers())).toBe(true);
    expect(isRevalidatable(get, 404, new Headers())).toBe(false);
    expect(isRevalidatable(get, 200, new Headers({ "Cache-Control": "no-store" }))).toBe(false);
    expect(isRevalidatable(new Request("http://site.test/about", { method: "POST" }), 200, new Headers())).toBe(false);
  });
});

describe("public pages", () => {
  it("drop the scripts' modulepreload links and keep every other link and the scripts", () => {
    const head =
      '<link rel="preload" as="font" type="font/woff2" href="/assets/inter.woff2" crossorigin="anonymous"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-a1.js" nonce="n0nce1"/>' +
      '<link rel="modulepreload" href="/assets/site-b2.js" nonce="n0nce1"/>' +
      '<link nonce="n0nce1" rel="stylesheet" href="/assets/site-c3.css"/>';
    const body = '<script nonce="n0nce1" type="module" async="">import * as route0 from "/assets/root-d4.js";</script>';
    expect(withoutModulePreloads(`<head>${head}</head><body>${body}</body>`)).toBe(
      '<head><link rel="preload" as="font" type="font/woff2" href="/assets/inter.woff2" crossorigin="anonymous"/>' +
        `<link nonce="n0nce1" rel="stylesheet" href="/assets/site-c3.css"/></head><body>${body}</body>`,
    );
  });
});
