import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, pageKey, type PageCache, type PageCacheLocals } from "./page-cache.ts";

// The page cache in front of a stand-in for React Router: a handler that renders a page with
// the response's nonce, counts its renders, and says whether the page may be shared, as
// entry.server does for routes with `handle.sharedRender`.

type Locals = PageCacheLocals;

type Page = { shared?: boolean; status?: number; setCookie?: boolean; body?: string };

function siteWith(cache: PageCache, pageFor: (path: string) => Page) {
  let renders = 0;
  const app = express();
  app.use((_req, res, next) => {
    (res.locals as Locals).nonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(cache.middleware);
  app.use(async (req, res) => {
    renders++;
    const page = pageFor(req.path);
    const locals = res.locals as Locals;
    // A render takes a moment: a change announced meanwhile must keep it out of the cache.
    await new Promise((resolve) => setImmediate(resolve));
    if (page.shared && locals.sharedRender) locals.sharedRender.shared = true;
    res.status(page.status ?? 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("ETag", `W/"${page.body ?? "page"}"`);
    res.setHeader("Cache-Control", "private, no-cache");
    if (page.setCookie) res.setHeader("Set-Cookie", "thula_flash=1");
    res.write(`<html><script nonce="${locals.nonce}">1</script>`);
    res.end(`<p>${page.body ?? "page"}</p><script nonce="${locals.nonce}">2</script></html>`);
  });
  const server = app.listen(0, "127.0.0.1");
  const base = new Promise<string>((resolve) => server.once("listening", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  return {
    renders: () => renders,
    async get(path: string, headers: Record<string, string> = {}) {
      const response = await fetch(`${await base}${path}`, { headers });
      return { status: response.status, cache: response.headers.get("x-page-cache"), etag: response.headers.get("etag"), setCookie: response.headers.get("set-cookie"), body: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);

let site: ReturnType<typeof siteWith> | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

describe("the shared page cache", () => {
  it("renders a shared page once and serves it again with each response's own nonce", async () => {
    site = siteWith(createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 }), () => ({ shared: true }));
    const first = await site.get("/events");
    const second = await site.get("/events");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(site.renders()).toBe(1);
    expect(second.body.replace(/nonce="[^"]+"/g, "")).toBe(first.body.replace(/nonce="[^"]+"/g, ""));
    const [firstNonce] = nonces(first.body);
    const secondNonces = nonces(second.body);
    expect(secondNonces).toHaveLength(2);
    expect(new Set(secondNonces).size).toBe(1);
    expect(secondNonces[0]).not.toBe(firstNonce);
    expect(second.etag).toBe(first.etag);
  });

  it("answers a browser holding the page with a 304 from the cache", async () => {
    site = siteWith(createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 }), () => ({ shared: true }));
    const first = await site.get("/");
    const again = await site.get("/", { "if-none-match": first.etag! });
    expect(again).toMatchObject({ status: 304, cache: "hit", body: "" });
    expect(site.renders()).toBe(1);
  });

  it("keeps only what the page said may be shared, as a plain 200 without a cookie", async () => {
    site = siteWith(createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 }), (path) =>
      path === "/private" ? {} : path === "/missing" ? { shared: true, status: 404 } : { shared: true, setCookie: true },
    );
    for (const path of ["/private", "/missing", "/with-cookie"]) {
      const first = await site.get(path);
      const second = await site.get(path);
      expect([first.cache, second.cache]).not.toContain("hit");
    }
    expect(site.renders()).toBe(6);
  });

  it("never serves or keeps a request that carries the site's other cookies, the portal or a client navigation", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    site = siteWith(cache, () => ({ shared: true }));
    await site.get("/about");
    expect((await site.get("/about", { cookie: "thula.session_token=abc" })).cache).toBeNull();
    expect((await site.get("/about", { cookie: "__Secure-thula.session_token=abc" })).cache).toBeNull();
    expect((await site.get("/about", { cookie: "_ga=GA1.1; thula_consent=v1.a1.m0" })).cache).toBe("miss");
    expect(pageKey({ method: "GET", originalUrl: "/admin/bookings", headers: {} })).toBeUndefined();
    expect(pageKey({ method: "GET", originalUrl: "/events.data", headers: {} })).toBeUndefined();
    expect(pageKey({ method: "POST", originalUrl: "/events", headers: {} })).toBeUndefined();
    expect(pageKey({ method: "HEAD", originalUrl: "/events", headers: {} })).toBeUndefined();
    // A marketing page's start (its scripts and data, asked for at the first input) is not its page.
    expect(pageKey({ method: "GET", originalUrl: "/events", headers: { "x-app-start": "1" } })).toBeUndefined();
    expect(pageKey({ method: "GET", originalUrl: "/events", headers: {} })).toBeDefined();
  });

  it("keeps a page per address, query and tracking choice", () => {
    const key = (originalUrl: string, cookie?: string, host = "site.test") => pageKey({ method: "GET", originalUrl, headers: { host, cookie } });
    const keys = [key("/blog"), key("/blog?tag=visas"), key("/blog", "thula_consent=v1.a1.m0"), key("/blog", undefined, "other.test")];
    expect(new Set(keys).size).toBe(4);
    expect(key("/blog", "_ga=1")).toBe(key("/blog"));
  });

  it("forgets every page when told of a change, and never keeps a render that began before it", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let body = "seats 5";
    let changeWhileRendering = false;
    site = siteWith(cache, () => {
      if (changeWhileRendering) {
        changeWhileRendering = false;
        cache.clear();
      }
      return { shared: true, body };
    });
    await site.get("/events");
    expect((await site.get("/events")).cache).toBe("hit");
    body = "seats 4";
    cache.clear();
    expect((await site.get("/events")).body).toContain("seats 4");

    // A change announced while a render is under way: that render is sent but not kept.
    body = "seats 3";
    cache.clear();
    changeWhileRendering = true;
    expect((await site.get("/events")).body).toContain("seats 3");
    expect((await site.get("/events")).cache).toBe("miss");
    expect((await site.get("/events")).cache).toBe("hit");
  });

  it("lets a page live only as long as its time-to-live", async () => {
    let now = 1_000;
    site = siteWith(createPageCache({ ttlMs: 10_000, maxBytes: 1_000_000, now: () => now }), () => ({ shared: true }));
    await site.get("/");
    now += 9_000;
    expect((await site.get("/")).cache).toBe("hit");
    now += 2_000;
    expect((await site.get("/")).cache).toBe("miss");
  });

  it("keeps at most its byte budget, the least recently used page going first", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 300 });
    site = siteWith(cache, () => ({ shared: true, body: "x".repeat(60) }));
    await site.get("/a");
    await site.get("/b");
    expect(cache.size()).toBe(1);
    expect((await site.get("/b")).cache).toBe("hit");
    expect((await site.get("/a")).cache).toBe("miss");
  });

  it("is off with a time-to-live of zero", async () => {
    site = siteWith(createPageCache({ ttlMs: 0, maxBytes: 1_000_000 }), () => ({ shared: true }));
    await site.get("/");
    expect((await site.get("/")).cache).toBeNull();
    expect(site.renders()).toBe(2);
  });
});
