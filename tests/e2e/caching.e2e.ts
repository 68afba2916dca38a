import { statSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { openPage, useBrowser, waitForHydration } from "./support/browser.ts";

// Public pages are revalidated, not re-sent (docs/decisions/009): the second visit of an
// unchanged page is a 304, and the page the browser kept still runs under the policy whose
// nonce it was sent with. Hashed assets are immutable, and sent as the build compressed them.

const browser = useBrowser();

describe("caching of pages and assets", () => {
  it("answers an unchanged page with a 304 that keeps the browser's copy working", async () => {
    const { page, errors, url, close } = await openPage(browser(), { consent: true });
    try {
      const first = await page.goto(url("/about"));
      expect(first?.status()).toBe(200);
      const headers = await first!.allHeaders();
      expect(headers["cache-control"]).toBe("private, no-cache");
      expect(headers.etag).toMatch(/^W\//);
      await waitForHydration(page);

      // A reload revalidates: Chromium sends If-None-Match, the server answers 304, and the
      // browser shows its kept copy (reported as that copy's 200, with no body transferred).
      expect((await first!.request().sizes()).responseBodySize).toBeGreaterThan(1000);
      await page.evaluate(() => delete document.documentElement.dataset.hydrated);
      const again = await page.reload();
      expect(await again!.request().headerValue("if-none-match")).toBe(headers.etag);
      expect((await again!.request().sizes()).responseBodySize).toBe(0);
      await waitForHydration(page);
      // The kept page's scripts ran: no policy violation, the navigation works.
      expect(errors).toEqual([]);
      await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Events" }).first().click();
      await page.waitForURL(/\/events$/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("sends a fresh page when the visitor's tracking choice changed", async () => {
    const baseURL = inject("baseURL");
    const first = await fetch(`${baseURL}/about`, { headers: { cookie: "thula_consent=v1.a0.m0" } });
    const etag = first.headers.get("etag")!;
    const same = await fetch(`${baseURL}/about`, { headers: { cookie: "thula_consent=v1.a0.m0", "if-none-match": etag } });
    expect(same.status).toBe(304);
    expect(same.headers.get("content-security-policy")).toBeNull();
    const changed = await fetch(`${baseURL}/about`, { headers: { cookie: "thula_consent=v1.a1.m1", "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  });

  it("keeps the portal and payment pages out of every cache, and hashed assets forever", async () => {
    const baseURL = inject("baseURL");
    expect((await fetch(`${baseURL}/admin/login`)).headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${baseURL}/payment-success`)).headers.get("cache-control")).toBe("no-store");
    // A booking page starts at once, so its HTML names its scripts (a marketing page's do not: docs/decisions/040).
    const html = await (await fetch(`${baseURL}/consultations/book-free`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(`${baseURL}${asset}`)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends a hashed asset as the build compressed it: Brotli, else gzip, else as it is", async () => {
    const baseURL = inject("baseURL");
    const html = await (await fetch(`${baseURL}/`)).text();
    const stylesheet = /\/assets\/site-[\w-]+\.css/.exec(html)?.[0];
    expect(stylesheet).toBeDefined();
    const onDisk = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client", stylesheet!.slice(1));
    // Raw bytes, as a browser receives them (fetch would undo the encoding).
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${baseURL}${stylesheet}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        }).on("error", reject);
      });

    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBe(statSync(onDisk).size);

    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]?.toLowerCase()).toBe("text/css; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("Accept-Encoding");
    // The file the build wrote, byte for byte, not a compression made for this request.
    expect(br.body.length).toBe(statSync(`${onDisk}.br`).size);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.length).toBe(statSync(`${onDisk}.gz`).size);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });
});
