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
});
