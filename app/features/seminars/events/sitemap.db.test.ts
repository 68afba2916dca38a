import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapXml } from "~/features/seo/sitemap.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { loader } from "~/routes/api/sitemap.ts";
import { insertSeminar } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { seminarSitemapEntries } from "./sitemap.server.ts";

// sitemap.xml lists the booking page of each upcoming active seminar, and nothing else of seminars.

let database: TestDatabase;
const siteUrl = "https://thula.example";
const today = todayIn("Africa/Johannesburg");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`seminars in sitemap.xml (${testEngine})`, () => {
  it("lists upcoming active seminars' booking pages with lastmod; not inactive or past ones", async () => {
    const { db } = database;
    const changed = new Date("2026-03-04T22:30:00Z");
    const soon = await insertSeminar(db, { seminarDate: addDays(today, 3), updatedAt: changed });
    const todays = await insertSeminar(db, { seminarDate: today });
    const later = await insertSeminar(db, { seminarDate: addDays(today, 60) });
    const inactive = await insertSeminar(db, { seminarDate: addDays(today, 5), isActive: false });
    const past = await insertSeminar(db, { seminarDate: addDays(today, -1) });

    const entries = await seminarSitemapEntries(db);
    expect(entries.map((entry) => entry.path)).toEqual([`/events/book/${todays.id}`, `/events/book/${soon.id}`, `/events/book/${later.id}`]);
    expect(entries.find((entry) => entry.path.endsWith(soon.id))?.lastModified).toBe("2026-03-04");
    for (const entry of entries) expect(entry.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const xml = sitemapXml(siteUrl, entries);
    expect(xml).toContain(`<url><loc>${siteUrl}/events/book/${soon.id}</loc><lastmod>2026-03-04</lastmod></url>`);
    expect(xml).not.toContain(inactive.id);
    expect(xml).not.toContain(past.id);
  });

  it("uses South African today: a seminar is upcoming until its day is over in Johannesburg", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { seminarDate: "2031-06-10" });
    // 23:30 UTC on the 9th is already the 10th in Johannesburg (UTC+2); 22:30 UTC on the 10th is still the 10th.
    expect((await seminarSitemapEntries(db, new Date("2031-06-09T23:30:00Z"))).map((entry) => entry.path)).toContain(`/events/book/${seminar.id}`);
    expect((await seminarSitemapEntries(db, new Date("2031-06-10T21:59:00Z"))).map((entry) => entry.path)).toContain(`/events/book/${seminar.id}`);
    expect((await seminarSitemapEntries(db, new Date("2031-06-10T22:00:00Z"))).map((entry) => entry.path)).not.toContain(`/events/book/${seminar.id}`);
  });

  it("the /sitemap.xml route serves the static pages and the seminars", async () => {
    const { db } = database;
    const upcoming = await insertSeminar(db, { seminarDate: addDays(today, 10) });
    const inactive = await insertSeminar(db, { seminarDate: addDays(today, 10), isActive: false });
    const context = new RouterContextProvider();
    const settings = loadSettings({ SITE_URL: siteUrl, LOG_LEVEL: "silent" });
    context.set(runtimeContext, { settings, database, db, close: async () => {} } satisfies Runtime);
    const response = await loader({ context, request: new Request(`${siteUrl}/sitemap.xml`), params: {} } as unknown as Parameters<typeof loader>[0]);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain(`<loc>${siteUrl}/events</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${siteUrl}/events/book/${upcoming.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(xml).not.toContain(inactive.id);
  });

  it("past SITEMAP_MAX_URLS addresses, /sitemap.xml is an index of parts that together list every address once", async () => {
    const { db } = database;
    const sitemapAt = async (url: string, env: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(runtimeContext, { settings: loadSettings({ SITE_URL: siteUrl, LOG_LEVEL: "silent", ...env }), database, db, close: async () => {} } satisfies Runtime);
      return loader({ context, request: new Request(`${siteUrl}${url}`), params: {} } as unknown as Parameters<typeof loader>[0]);
    };
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replaceAll("&#38;", "&"));

    const whole = await (await sitemapAt("/sitemap.xml", {})).text();
    expect(whole).toContain("<urlset");
    const every = locsOf(whole);
    // The static pages and the seminars above: more than 5.
    expect(every.length).toBeGreaterThan(10);

    const size = 5;
    const index = await sitemapAt("/sitemap.xml", { SITEMAP_MAX_URLS: String(size) });
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const indexXml = await index.text();
    expect(indexXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(indexXml).not.toContain("<urlset");
    const partLocs = locsOf(indexXml);
    expect(partLocs).toEqual(Array.from({ length: Math.ceil(every.length / size) }, (_, n) => `${siteUrl}/sitemap.xml?part=${n + 1}`));
    // A part carries the latest change of its pages (the static pages have none).
    expect(indexXml).toMatch(/<sitemap><loc>[^<]+part=\d+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>/);

    const listed: string[] = [];
    for (const loc of partLocs) {
      const part = await sitemapAt(new URL(loc).pathname + new URL(loc).search, { SITEMAP_MAX_URLS: String(size) });
      expect(part.status).toBe(200);
      const xml = await part.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = locsOf(xml);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(size);
      listed.push(...locs);
    }
    expect(listed).toEqual(every);

    for (const missing of [`?part=${partLocs.length + 1}`, "?part=0", "?part=one", "?part=01"]) {
      expect((await sitemapAt(`/sitemap.xml${missing}`, { SITEMAP_MAX_URLS: String(size) })).status, missing).toBe(404);
    }
    // Below the threshold there are no parts.
    expect((await sitemapAt("/sitemap.xml?part=1", {})).status).toBe(404);
  });
});
