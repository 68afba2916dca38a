import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "#db/schema/index.ts";
import { planOf } from "../../../tests/support/plans.ts";
import { createTestDatabase, testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { activityMatches } from "./queries.server.ts";
import { parseActivityQuery, SYSTEM_ACTOR, type Actor } from "./rules.ts";
import { activityPage, historyOf, recordActivity } from "./service.server.ts";

const thandi: Actor = { id: "admin-thandi", name: "Thandi Admin", email: "thandi@thula.example" };
const pieter: Actor = { id: "admin-pieter", name: "Pieter Admin", email: "pieter@thula.example" };

const query = (search = "") => parseActivityQuery(new URLSearchParams(search));

/** What the database answered when it refused a statement; fails when it accepted it. */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const reasons: string[] = [];
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) reasons.push(String((current as Error).message));
    return reasons.join(" | ");
  }
  throw new Error("the database accepted the statement");
}

describe(`the activity log (${testEngine})`, () => {
  const database = useTestDatabase();

  it("lists what happened newest first, and filters by record, by admin and by text", async () => {
    const { db } = database;
    await recordActivity(db, thandi, { action: "seminar.create", entityType: "seminar", entityId: "s-1", summary: 'Created the seminar "Durban evening"' });
    await recordActivity(db, pieter, {
      action: "seminar.update",
      entityType: "seminar",
      entityId: "s-1",
      summary: 'Edited the seminar "Durban evening"',
      changes: { maxAttendees: { before: 30, after: 40 } },
    });
    await recordActivity(db, SYSTEM_ACTOR, { action: "seminar_booking.hold-released", entityType: "seminar_booking", entityId: "b-1", summary: "Released a lapsed hold" });
    await recordActivity(db, thandi, { action: "contact.update", entityType: "contact", entityId: "c-1", summary: "Edited Sipho Dlamini", changes: { phone: { changed: true } } });

    const all = await activityPage(db, query());
    expect(all.total).toEqual({ count: 4, capped: false });
    expect(all.entries.map((entry) => entry.action)).toEqual(["contact.update", "seminar_booking.hold-released", "seminar.update", "seminar.create"]);
    expect(all.entries[0]).toMatchObject({ actorName: "Thandi Admin", actorEmail: "thandi@thula.example", entityLabel: "User", changes: ["Phone changed"] });
    expect(all.entries[2]?.changes).toEqual(["Max attendees: 30 → 40"]);
    expect(all.actors).toEqual([
      { id: "admin-pieter", name: "Pieter Admin" },
      { id: "admin-thandi", name: "Thandi Admin" },
    ]);

    expect((await activityPage(db, query("type=seminar"))).entries.map((entry) => entry.action)).toEqual(["seminar.update", "seminar.create"]);
    expect((await activityPage(db, query("actor=admin-thandi"))).entries.map((entry) => entry.action)).toEqual(["contact.update", "seminar.create"]);
    expect((await activityPage(db, query("q=lapsed"))).entries.map((entry) => entry.actorName)).toEqual(["System"]);
    expect((await activityPage(db, query("q=%25_"))).total).toEqual({ count: 0, capped: false });
    expect((await activityPage(db, query("type=nonsense"))).total).toEqual({ count: 4, capped: false });
  });


  it("gives each record its own history, and an older link's page number shows the first page", async () => {
    const { db } = database;
    const history = await historyOf(db, "seminar", "s-1");
    expect(history.map((entry) => entry.summary)).toEqual(['Edited the seminar "Durban evening"', 'Created the seminar "Durban evening"']);
    expect(await historyOf(db, "seminar", "s-unknown")).toEqual([]);

    const past = await activityPage(db, query("page=99"));
    expect(past.nav).toEqual({ newer: null, older: null });
    expect(past.entries).toHaveLength(4);
  });

  it("is append-only: the database refuses to change, delete or empty it, whoever asks", async () => {
    const { db } = database;
    expect(await refusal(db.update(activityLog).set({ summary: "Nothing happened" }))).toContain("activity_log is append-only: UPDATE is not allowed");
    expect(await refusal(db.delete(activityLog))).toContain("activity_log is append-only: DELETE is not allowed");
    expect(await refusal(db.execute(sql`truncate activity_log`))).toContain("activity_log is append-only: TRUNCATE is not allowed");
    expect((await activityPage(db, query())).total.count).toBe(4);
  });
  it("searches the line and the actor's name through one trigram index, and names each admin as their newest entry does", async () => {
    const { db } = database;
    await recordActivity(db, thandi, { action: "seminar.create", entityType: "seminar", entityId: "s-2", summary: 'Created the seminar "Polokwane morning"' });
    await recordActivity(db, { ...pieter, name: "Pieter Botha" }, { action: "contact.update", entityType: "contact", entityId: "c-2", summary: "Edited Lerato Mokoena" });
    await recordActivity(db, SYSTEM_ACTOR, { action: "seminar_booking.hold-released", entityType: "seminar_booking", entityId: "b-2", summary: "Released a lapsed hold" });

    const page = await activityPage(db, query("q=botha"));
    expect(page.entries.map((entry) => entry.summary)).toEqual(["Edited Lerato Mokoena"]);
    expect((await activityPage(db, query("q=polokwane"))).entries.map((entry) => entry.actorName)).toEqual(["Thandi Admin"]);
    // Pieter was renamed: the filter offers him once, by the name of his newest entry; the system is no admin.
    expect(page.actors).toEqual([
      { id: "admin-pieter", name: "Pieter Botha" },
      { id: "admin-thandi", name: "Thandi Admin" },
    ]);

    await db.execute(sql`analyze`);
    expect(await planOf(db, activityMatches(db, query("q=polokwane")), { search: true })).toContain("activity_log_search_trgm_idx");
  });
});

describe(`the activity log in a fresh database (${testEngine})`, () => {
  it("starts empty, so the screen has nothing to list", async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await activityPage(fresh.db, query())).toMatchObject({ entries: [], total: { count: 0, capped: false }, nav: { newer: null, older: null }, actors: [] });
    } finally {
      await fresh.close();
    }
  });

  it("shows one record's history when a screen links to it (a booking's History link)", async () => {
    const fresh = await createTestDatabase();
    const { db } = fresh;
    const booking = "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11";
    const other = "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b12";
    await recordActivity(db, thandi, { action: "seminar_booking.add", entityType: "seminar_booking", entityId: booking, summary: "Added booking 6F1C7A1E" });
    await recordActivity(db, thandi, { action: "seminar_booking.add", entityType: "seminar_booking", entityId: other, summary: "Added booking 6F1C7A1E2" });
    await recordActivity(db, SYSTEM_ACTOR, { action: "seminar_booking.cancel", entityType: "seminar_booking", entityId: booking, summary: "Cancelled booking 6F1C7A1E" });
    const history = await activityPage(db, query(`type=seminar_booking&entity=${booking}`));
    expect(history.entries.map((entry) => entry.action)).toEqual(["seminar_booking.cancel", "seminar_booking.add"]);
    await fresh.close();
  });
});
