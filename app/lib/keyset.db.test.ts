import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { emailOutbox } from "#db/schema/outbox.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database.ts";
import { boundedCountStatement, countUpTo, encodeCursor, readKeysetPage, type KeysetKey, type KeysetPage } from "./keyset.server.ts";
import type { ListPosition } from "./keyset.ts";

// Keyset pages (docs/decisions/030) walked over a real table, on both engines: rows that share
// an instant, rows a microsecond apart, and cursors a visitor may have typed.

let database: TestDatabase;
const keys: KeysetKey[] = [
  { column: emailOutbox.createdAt, type: "timestamp" },
  { column: emailOutbox.id, type: "uuid" },
];
const PAGE = 4;
/** Every row's id, newest first, as the list's order has them. */
let everyId: string[] = [];

async function pageAt(position: ListPosition, { pageSize = PAGE, subject }: { pageSize?: number; subject?: string } = {}): Promise<KeysetPage<{ id: string; cursor: string }>> {
  return readKeysetPage(keys, position, pageSize, async (slice) =>
    database.db
      .select({ id: emailOutbox.id, cursor: slice.cursor })
      .from(emailOutbox)
      .where(and(subject ? eq(emailOutbox.subject, subject) : undefined, slice.where))
      .orderBy(...slice.orderBy)
      .limit(slice.limit),
  );
}

const ids = (page: KeysetPage<{ id: string }>) => page.rows.map((row) => row.id);

beforeAll(async () => {
  database = await createTestDatabase();
  // 23 e-mails: five at one instant, four at another, three a microsecond apart, and the rest a second apart.
  const instants = [
    ...Array.from({ length: 5 }, () => "2026-03-01 10:00:00.000000+00"),
    ...Array.from({ length: 4 }, () => "2026-03-01 09:00:00.500000+00"),
    "2026-03-01 08:00:00.000001+00",
    "2026-03-01 08:00:00.000002+00",
    "2026-03-01 08:00:00.000003+00",
    ...Array.from({ length: 11 }, (_, n) => `2026-02-01 12:00:${String(n).padStart(2, "0")}.250000+00`),
  ];
  for (const [n, at] of instants.entries()) {
    await database.db.insert(emailOutbox).values({ kind: "note", toAddress: `reader${n}@example.com`, subject: n % 2 === 0 ? "even" : "odd", textBody: "", htmlBody: "", createdAt: sql`${at}::timestamptz` });
  }
  everyId = rowsOf<{ id: string }>(await database.db.execute(sql`select id from email_outbox order by created_at desc, id desc`)).map((row) => row.id);
});

afterAll(async () => {
  await database?.close();
});

describe(`keyset pages (${testEngine})`, () => {
  it("walks from the newest page to the oldest by Older, each row once, in order, across shared instants", async () => {
    const seen: string[] = [];
    let page = await pageAt({ from: "first" });
    expect(page.nav.newer).toBeNull();
    for (let step = 0; step < 20; step++) {
      seen.push(...ids(page));
      if (!page.nav.older) break;
      page = await pageAt(page.nav.older);
      expect(page.nav.newer).not.toBeNull();
    }
    expect(seen).toEqual(everyId);
  });

  it("walks from the oldest page to the newest by Newer, each row once, in order", async () => {
    const pages: string[][] = [];
    let page = await pageAt({ from: "last" });
    expect(page.nav.older).toBeNull();
    expect(ids(page)).toEqual(everyId.slice(-PAGE));
    for (let step = 0; step < 20; step++) {
      pages.unshift(ids(page));
      if (!page.nav.newer) break;
      page = await pageAt(page.nav.newer);
    }
    // The newest page comes up full: a short run of newer rows is shown as the first page.
    expect(pages[0]).toEqual(everyId.slice(0, PAGE));
    expect([...new Set(pages.flat())]).toEqual(everyId);
  });

  it("comes back by Newer to exactly the page it left by Older", async () => {
    const first = await pageAt({ from: "first" });
    const second = await pageAt(first.nav.older!);
    const third = await pageAt(second.nav.older!);
    expect(ids(await pageAt(third.nav.newer!))).toEqual(ids(second));
    expect(ids(await pageAt(second.nav.newer!))).toEqual(ids(first));
  });

  it("pages within a filter the same way", async () => {
    const even = everyId.filter((_, index) => index % 2 === 0);
    expect(even.length).toBeGreaterThan(0);
    const seen: string[] = [];
    let page = await pageAt({ from: "first" }, { subject: "even" });
    for (let step = 0; step < 20; step++) {
      seen.push(...ids(page));
      if (!page.nav.older) break;
      page = await pageAt(page.nav.older, { subject: "even" });
    }
    const [evenCount] = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.subject, "even"));
    expect(seen).toHaveLength(Number(evenCount!.n));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("shows the first page for a cursor it cannot read, and never asks the database to parse one", async () => {
    const first = ids(await pageAt({ from: "first" }));
    const someId = everyId[3]!;
    const bad = [
      "not-a-cursor",
      encodeCursor("2026-03-01T10:00:00.000000Z"),
      encodeCursor(`2026-02-30T10:00:00.000000Z~${someId}`),
      encodeCursor(`2026-03-01T25:00:00.000000Z~${someId}`),
      encodeCursor(`0000-01-01T00:00:00.000000Z~${someId}`),
      encodeCursor(`2026-03-01T10:00:00Z~${someId}`),
      encodeCursor("2026-03-01T10:00:00.000000Z~not-a-uuid"),
      encodeCursor("2026-03-01T10:00:00.000000Z~' or 1=1 --"),
      encodeCursor(`2026-03-01T10:00:00.000000Z~${someId}~extra`),
    ];
    for (const cursor of bad) {
      expect(ids(await pageAt({ from: "after", cursor })), cursor).toEqual(first);
      expect(ids(await pageAt({ from: "before", cursor })), cursor).toEqual(first);
    }
  });

  it("shows the last page for a cursor past the oldest row, and the first for one before the newest", async () => {
    const past = encodeCursor("1999-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000");
    expect(ids(await pageAt({ from: "after", cursor: past }))).toEqual(everyId.slice(-PAGE));
    const ahead = encodeCursor("2099-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000");
    expect(ids(await pageAt({ from: "before", cursor: ahead }))).toEqual(everyId.slice(0, PAGE));
    expect(ids(await pageAt({ from: "after", cursor: ahead }))).toEqual(everyId.slice(0, PAGE));
  });

  it("holds everything on one page when it fits, with no links on", async () => {
    const page = await pageAt({ from: "last" }, { pageSize: 50 });
    expect(ids(page)).toEqual(everyId);
    expect(page.nav).toEqual({ newer: null, older: null });
  });
});

describe(`bounded counts (${testEngine})`, () => {
  const matching = (subject?: string) => database.db.select({ one: sql`1` }).from(emailOutbox).where(subject ? eq(emailOutbox.subject, subject) : undefined);

  it("counts exactly up to the bound, and says 'more' past it", async () => {
    expect(await countUpTo(database.db, matching(), 100)).toEqual({ count: 23, capped: false });
    expect(await countUpTo(database.db, matching(), 23)).toEqual({ count: 23, capped: false });
    expect(await countUpTo(database.db, matching(), 22)).toEqual({ count: 22, capped: true });
    expect(await countUpTo(database.db, matching(), 5)).toEqual({ count: 5, capped: true });
    expect(await countUpTo(database.db, matching("even"), 100)).toEqual({ count: 12, capped: false });
    expect(await countUpTo(database.db, matching("nobody"))).toEqual({ count: 0, capped: false });
  });

  it("stops reading at the bound: the plan limits the rows it counts", async () => {
    const plan = rowsOf<Record<string, string>>(await database.db.execute(sql`explain (costs off) ${boundedCountStatement(matching(), 10)}`))
      .map((row) => Object.values(row)[0])
      .join("\n");
    expect(plan).toMatch(/Aggregate\n\s+->\s+Limit/);
  });
});
