import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultantDateOverrides, consultantHours, consultants } from "#db/schema/index.ts";
import { entriesAddedBy, entriesOf, testActor as zanele } from "~/features/activity/testing.server.ts";
import { ConflictError, StaleEditError, ValidationError } from "~/lib/errors.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { consultantCalendars } from "../slots/slots.server.ts";
import { consultantsScreen, createConsultant, DUPLICATE_CONSULTANT_EMAIL, removeDateChange, setDateChange, updateConsultant } from "./admin.server.ts";

// The Consultants screen (issue 17): staff add who takes consultations and their weekly hours;
// the slot rules read exactly what was saved. Edits are compare-and-set on the version the form
// opened, and every change is in the activity log.

const database = useTestDatabase(consultantHours, consultants);
const nomsa = { id: "admin-nomsa", name: "Nomsa Khumalo", email: "nomsa@thula.example" };

/** The form as a browser sends it: Monday to Friday 09:00–19:00 UK time, both kinds, taking bookings. */
function formOf(changes: Record<string, string | number | undefined> = {}): FormData {
  const fields: Record<string, string | number | undefined> = { name: "Pieter Botha", email: "pieter@thula.example", timeZone: "Europe/London", meetingUrl: "", takesPaid: "on", takesFree: "on", isActive: "on" };
  for (let day = 1; day <= 7; day++) Object.assign(fields, { [`works${day}`]: day <= 5 ? "on" : undefined, [`start${day}`]: "09:00", [`end${day}`]: "19:00" });
  Object.assign(fields, changes);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
  return form;
}

async function create(changes: Record<string, string | undefined> = {}) {
  const result = await createConsultant(database.db, zanele, formOf(changes));
  if (!result.ok) throw new Error(result.message);
  return result.target!;
}

const SITE = "https://thula.example";
const screenOf = (search: Record<string, string>, now?: Date) => consultantsScreen(database.db, new URLSearchParams(search), { siteUrl: SITE, now });
const rowOf = async (id: string) => (await database.db.select().from(consultants).where(eq(consultants.id, id)))[0]!;
const hoursOf = async (id: string) => (await screenOf({ edit: id })).editing?.consultant.hours;

describe(`the Consultants screen (${testEngine})`, () => {
  it("adds a consultant with their week, a calendar-feed secret and a log entry, and the slot rules read that week", async () => {
    const id = await create({ works6: "on", start6: "10:00", end6: "13:00", works5: undefined });
    const screen = await screenOf({});
    expect(screen.consultants).toHaveLength(1);
    expect(screen.consultants[0]).toMatchObject({ id, name: "Pieter Botha", timeZone: "Europe/London", meetingUrl: null, takesPaid: true, takesFree: true, isActive: true, version: 1 });
    expect((await rowOf(id)).calendarToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The screen never carries the feed's secret: only the edit dialog's address holds it.
    expect(screen.consultants[0]).not.toHaveProperty("calendarToken");
    expect(screen.consultants[0]!.hours.map((span) => span.weekday)).toEqual([1, 2, 3, 4, 6]);
    expect(screen.editing).toBeNull();

    const [entry] = await entriesOf(database.db, "consultant", id);
    expect(entry).toMatchObject({
      actorName: "Zanele Dube",
      action: "consultant.create",
      summary: "Added the consultant Pieter Botha (Mon 09:00–19:00, Tue 09:00–19:00, Wed 09:00–19:00, Thu 09:00–19:00, Sat 10:00–13:00, Europe/London)",
    });

    const window = { from: new Date("2026-12-01T00:00:00Z"), until: new Date("2026-12-08T00:00:00Z") };
    const [calendar] = await consultantCalendars(database.db, "paid", window);
    expect(calendar).toMatchObject({ id, timeZone: "Europe/London", weekly: { 1: [{ start: "09:00", end: "19:00" }], 6: [{ start: "10:00", end: "13:00" }] } });
    expect(calendar!.weekly[5]).toBeUndefined();
  });

  it("refuses a second consultant with the same e-mail in any case, and bad input, changing nothing", async () => {
    await create({ email: "lerato@thula.example", name: "Lerato Mokoena" });
    const before = await database.db.select().from(consultants);
    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await createConsultant(database.db, zanele, formOf({ email: "LERATO@thula.example" })).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).fieldErrors).toEqual({ email: [DUPLICATE_CONSULTANT_EMAIL] });

    const invalid = await createConsultant(database.db, zanele, formOf({ email: "other@thula.example", start2: "18:00", end2: "08:00", takesPaid: undefined, takesFree: undefined }));
    expect(invalid).toMatchObject({
      ok: false,
      fieldErrors: { end2: ["Tuesday must end after it starts."], takesPaid: ["Please tick at least one kind of consultation this consultant takes."] },
      values: { email: "other@thula.example", start2: "18:00", end2: "08:00" },
    });
    expect(added).toBe(0);
    expect(await database.db.select().from(consultants)).toEqual(before);
  });

  it("saves an edit over the version it opened, replacing the week and logging what changed; refuses the older of two edits, naming who saved first", async () => {
    const id = await create({ email: "ayesha@thula.example", name: "Ayesha Patel" });
    const edit = formOf({ id, version: 1, email: "ayesha@thula.example", name: "Ayesha Patel", timeZone: "Africa/Johannesburg", works1: undefined, start2: "08:00", end2: "12:00", meetingUrl: "https://meet.example/ayesha", takesFree: undefined });
    expect(await updateConsultant(database.db, nomsa, edit)).toMatchObject({ ok: true, message: "Ayesha Patel's details and hours were saved.", target: id });
    expect(await rowOf(id)).toMatchObject({ timeZone: "Africa/Johannesburg", meetingUrl: "https://meet.example/ayesha", takesFree: false, version: 2 });
    expect(await hoursOf(id)).toEqual([
      { weekday: 2, start: "08:00", end: "12:00" },
      { weekday: 3, start: "09:00", end: "19:00" },
      { weekday: 4, start: "09:00", end: "19:00" },
      { weekday: 5, start: "09:00", end: "19:00" },
    ]);
    const entries = await entriesOf(database.db, "consultant", id);
    expect(entries.at(-1)).toMatchObject({
      actorName: "Nomsa Khumalo",
      action: "consultant.update",
      summary: "Edited the consultant Ayesha Patel",
      changes: {
        timeZone: { before: "Europe/London", after: "Africa/Johannesburg" },
        meetingUrl: { before: null, after: "https://meet.example/ayesha" },
        takesFree: { before: true, after: false },
        hours: {
          before: "Mon 09:00–19:00, Tue 09:00–19:00, Wed 09:00–19:00, Thu 09:00–19:00, Fri 09:00–19:00",
          after: "Tue 08:00–12:00, Wed 09:00–19:00, Thu 09:00–19:00, Fri 09:00–19:00",
        },
      },
    });

    const saved = await rowOf(id);
    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await updateConsultant(database.db, zanele, formOf({ id, version: 1, email: "ayesha@thula.example", name: "Ayesha P." })).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(StaleEditError);
    expect((refusal as Error).message).toMatch(/^Nomsa Khumalo changed this consultant at /);
    expect(added).toBe(0);
    expect(await rowOf(id)).toEqual(saved);

    // Another consultant's address is refused on an edit too.
    await create();
    await expect(updateConsultant(database.db, zanele, formOf({ id, version: 2, email: "PIETER@thula.example" }))).rejects.toBeInstanceOf(ValidationError);
  });

  it("opens the edit dialog with the consultant's history, and an unknown or malformed id opens nothing", async () => {
    const id = await create({ email: "johan@thula.example", name: "Johan Venter" });
    const screen = await screenOf({ edit: id });
    expect(screen.editing?.consultant).toMatchObject({ id, name: "Johan Venter" });
    expect(screen.editing?.history.map((entry) => entry.summary)).toEqual([expect.stringMatching(/^Added the consultant Johan Venter/)]);
    expect((await screenOf({ edit: "00000000-0000-4000-8000-000000000000" })).editing).toBeNull();
    expect((await screenOf({ edit: "nonsense" })).editing).toBeNull();
    await expect(updateConsultant(database.db, zanele, formOf({ id: "00000000-0000-4000-8000-000000000000", version: 1 }))).rejects.toThrow("Consultant not found");
  });
});

describe(`a consultant's days off and changed hours (${testEngine})`, () => {
  // 2026-12-21 10:00 UTC: a Monday, 10:00 UK time.
  const now = new Date("2026-12-21T10:00:00Z");
  /** The dates dialog's forms: the consultant's id and the fields of the change. */
  const dateForm = (id: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ id, ...fields })) form.set(key, value);
    return form;
  };
  const changesOf = async (id: string) => (await screenOf({ dates: id }, now)).dates?.changes;

  it("sets a day off and other hours, one change per date (a second replaces the first), which the slot rules read; removes one", async () => {
    const id = await create({ email: "thabo@thula.example", name: "Thabo Radebe" });
    expect(await setDateChange(database.db, zanele, dateForm(id, { date: "2026-12-24", kind: "off", note: "Christmas Eve" }), now)).toMatchObject({
      ok: true,
      message: "Thabo Radebe: Thursday 24 December 2026: day off.",
    });
    await setDateChange(database.db, zanele, dateForm(id, { date: "2026-12-23", kind: "hours", start: "09:00", end: "13:00" }), now);
    const replaced = await setDateChange(database.db, nomsa, dateForm(id, { date: "2026-12-23", kind: "hours", start: "10:00", end: "12:00" }), now);
    expect(replaced).toMatchObject({ ok: true, message: "Thabo Radebe: Wednesday 23 December 2026: 10:00–12:00 (it replaces the change that date had)." });
    expect(await changesOf(id)).toEqual([
      { date: "2026-12-23", spans: [{ start: "10:00", end: "12:00" }], note: null },
      { date: "2026-12-24", spans: [], note: "Christmas Eve" },
    ]);
    expect((await entriesOf(database.db, "consultant", id)).at(-1)).toMatchObject({
      actorName: "Nomsa Khumalo",
      action: "consultant.date-change",
      summary: "Set Wednesday 23 December 2026: 10:00–12:00 for the consultant Thabo Radebe",
      changes: { "change on 2026-12-23": { before: "Wednesday 23 December 2026: 09:00–13:00", after: "Wednesday 23 December 2026: 10:00–12:00" } },
    });

    const [calendar] = await consultantCalendars(database.db, "paid", { from: now, until: new Date("2026-12-28T00:00:00Z") });
    expect(calendar!.overrides).toEqual([
      { date: "2026-12-23", spans: [{ start: "10:00", end: "12:00" }] },
      { date: "2026-12-24", spans: [] },
    ]);

    expect(await removeDateChange(database.db, zanele, dateForm(id, { date: "2026-12-24" }))).toMatchObject({ ok: true, message: "Thabo Radebe works 24 December 2026 as their week says again." });
    expect((await changesOf(id))?.map((change) => change.date)).toEqual(["2026-12-23"]);
    expect((await entriesOf(database.db, "consultant", id)).at(-1)).toMatchObject({ summary: "Removed Thursday 24 December 2026: day off for the consultant Thabo Radebe" });
    // A second remove (another admin's, or a resent form) finds nothing and says so.
    await expect(removeDateChange(database.db, zanele, dateForm(id, { date: "2026-12-24" }))).rejects.toBeInstanceOf(ConflictError);
  });

  it("refuses a date before today in the consultant's zone, one over two years ahead, and bad input, changing nothing", async () => {
    const id = await create({ email: "naledi@thula.example", name: "Naledi Sithole" });
    const before = await database.db.select().from(consultantDateOverrides);
    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await setDateChange(database.db, zanele, dateForm(id, { date: "2026-12-20", kind: "off" }), now).catch((error: unknown) => error);
      expect(await setDateChange(database.db, zanele, dateForm(id, { date: "2026-12-22", kind: "hours", start: "12:00", end: "09:00" }), now)).toMatchObject({
        ok: false,
        fieldErrors: { end: ["The day must end after it starts."] },
      });
      await expect(setDateChange(database.db, zanele, dateForm(id, { date: "2029-01-01", kind: "off" }), now)).rejects.toThrow("That date is too far ahead.");
    });
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).fieldErrors).toEqual({ date: ["Please choose today (2026-12-21) or a later date."] });
    expect(added).toBe(0);
    expect(await database.db.select().from(consultantDateOverrides)).toEqual(before);
    // Today itself may change.
    expect(await setDateChange(database.db, zanele, dateForm(id, { date: "2026-12-21", kind: "off" }), now)).toMatchObject({ ok: true });
  });
});
