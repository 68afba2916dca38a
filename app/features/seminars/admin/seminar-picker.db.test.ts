import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/format.ts";
import { insertSeminar } from "../../../../tests/support/fixtures.ts";
import { planOf } from "../../../../tests/support/plans.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { seminarChoiceSelects } from "./queries.server.ts";
import { SEMINAR_CHOICE_LIMIT } from "./seminar-choices.ts";
import { findSeminarChoices, seminarFilterFor } from "./seminar-picker.server.ts";

// The seminar filter of /admin/bookings (docs/decisions/032): the page and each answer of the
// picker hold at most 20 seminars, however many there are, read through the date index.

let database: TestDatabase;
const now = new Date();
const today = todayIn("Africa/Johannesburg", now);
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // 60 seminars, one a week: 30 past (weeks -30..-1) and 30 from today on (weeks 0..29).
  for (let week = -30; week < 30; week++) {
    const city = week % 3 === 0 ? "Cape Town" : "Durban";
    const seminar = await insertSeminar(db, { title: `Week ${week} evening`, city, seminarDate: addDays(today, week * 7) });
    ids[`week${week}`] = seminar.id;
  }
  const special = await insertSeminar(db, { title: "Pensions 100% explained", city: "Pretoria", seminarDate: addDays(today, -400) });
  ids.special = special.id;
  await db.execute(sql`analyze`);
});

afterAll(async () => {
  await database?.close();
});

const weeks = (...numbers: number[]) => numbers.map((week) => ids[`week${week}`]);

describe(`the bookings' seminar filter (${testEngine})`, () => {
  it("offers at most 20 seminars, the nearest today on each side, latest first", async () => {
    const choices = await findSeminarChoices(database.db, "", now);
    expect(choices).toHaveLength(SEMINAR_CHOICE_LIMIT);
    // Ten from today on (weeks 9 down to 0), then the ten latest past ones (weeks -1 to -10).
    expect(choices.map((choice) => choice.id)).toEqual(weeks(9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10));
    expect(choices[9]!.label).toBe(`Week 0 evening (Cape Town, ${today})`);
  });

  it("searches title, city and date, literally and case-insensitively", async () => {
    const inCapeTown = await findSeminarChoices(database.db, "cape TOWN", now);
    expect(inCapeTown.map((choice) => choice.id)).toEqual(weeks(27, 24, 21, 18, 15, 12, 9, 6, 3, 0, -3, -6, -9, -12, -15, -18, -21, -24, -27, -30));
    expect(inCapeTown.map((choice) => choice.label).every((label) => label.includes("(Cape Town, "))).toBe(true);

    const byTitle = await findSeminarChoices(database.db, "week 12 ", now);
    expect(byTitle.map((choice) => choice.id)).toEqual(weeks(12));

    const byDate = await findSeminarChoices(database.db, addDays(today, -7), now);
    expect(byDate.map((choice) => choice.id)).toEqual(weeks(-1));

    // % is the text's own, not a wildcard.
    expect((await findSeminarChoices(database.db, "100%", now)).map((choice) => choice.id)).toEqual([ids.special]);
    expect(await findSeminarChoices(database.db, "week%evening", now)).toEqual([]);
  });

  it("gives the page the chosen seminar even when it is far from today, and never more than the limit besides", async () => {
    const none = await seminarFilterFor(database.db, undefined, now);
    expect(none.chosen).toBeNull();
    expect(none.choices).toHaveLength(SEMINAR_CHOICE_LIMIT);

    const far = await seminarFilterFor(database.db, ids.special, now);
    expect(far.chosen).toEqual({ id: ids.special, label: `Pensions 100% explained (Pretoria, ${addDays(today, -400)})` });
    expect(far.choices).toHaveLength(SEMINAR_CHOICE_LIMIT + 1);
    expect(far.choices[0]).toEqual(far.chosen);

    const near = await seminarFilterFor(database.db, ids.week2, now);
    expect(near.choices).toHaveLength(SEMINAR_CHOICE_LIMIT);
    expect(near.chosen?.id).toBe(ids.week2);

    const gone = await seminarFilterFor(database.db, "00000000-0000-4000-8000-000000000000", now);
    expect(gone.chosen).toEqual({ id: "00000000-0000-4000-8000-000000000000", label: "A seminar no longer on record" });
  });

  it("reads each side through seminars_date_idx, with or without a search", async () => {
    for (const q of ["", "durban"]) {
      const { upcoming, past } = seminarChoiceSelects(database.db, { q, today, limit: SEMINAR_CHOICE_LIMIT });
      expect(await planOf(database.db, upcoming)).toContain("seminars_date_idx");
      expect(await planOf(database.db, past)).toContain("seminars_date_idx");
    }
  });
});
