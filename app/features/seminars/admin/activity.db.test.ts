import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seminarBookings, seminars, users } from "#db/schema/index.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { insertSeminar, seminarById } from "../../../../tests/support/fixtures.ts";
import { entriesAddedBy, entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { loadSeminarsPage, seminarsPageAction, type SeminarsPageData } from "./actions.server.ts";
import { addAttendee, removeAttendee, sendAttendeeReminder } from "./attendees.server.ts";
import { deleteSeminar } from "./seminars.server.ts";
import { seminarFormValues } from "./schema.ts";
import { seminarFormFields } from "../testing/admin-forms.ts";

// Issue 14 on the Seminars screen: creating, editing and deleting a seminar, and adding,
// removing and reminding an attendee, each append one entry to the activity log, attributed
// to the signed-in admin, in the transaction of the change; a refused write appends none; a
// booking is named by its reference, never by the attendee's details (docs/decisions/013-activity-log.md).

let database: TestDatabase;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });
const site = { siteUrl: settings.siteUrl };
const today = () => todayIn("Africa/Johannesburg");

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const asAdmin = { actorId: testActor.id, actorName: testActor.name, actorEmail: testActor.email };

/** Posts a form to the /admin/seminars action as the test admin; answers the status. */
async function post(fields: Record<string, string | string[]>): Promise<number> {
  const request = new Request("https://thula.example/admin/seminars", {
    method: "POST",
    body: new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one) => [name, one]))),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await seminarsPageAction({ db: database.db, settings }, testActor, request);
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null }).init?.status ?? 200;
}

/** The edit form of a seminar as it stands (at its version), with `changes`. */
const editForm = (seminar: Awaited<ReturnType<typeof insertSeminar>>, changes: Record<string, string> = {}) => ({
  intent: "update-seminar",
  seminarId: seminar.id,
  version: String(seminar.version),
  ...seminarFormValues(seminar),
  ...changes,
});

let counter = 0;
async function contact(details: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({ firstName: `Lindiwe${counter}`, lastName: "Zulu", email: `lindiwe.${counter}.${Date.now().toString(36)}@example.com`, phone: `+27 82 777 ${1000 + counter}`, ...details })
    .returning();
  return row!;
}

describe(`a seminar's own writes in the activity log (${testEngine})`, () => {
  it("logs a new seminar by its title, attributed to the admin; a refused one logs nothing", async () => {
    const form = seminarFormFields({ title: "Durban evening, logged" });
    expect(await post(form)).toBe(302);
    const [seminar] = await database.db.select().from(seminars).where(eq(seminars.title, form.title));
    expect(await entriesOf(database.db, "seminar", seminar!.id)).toEqual([
      expect.objectContaining({ ...asAdmin, action: "seminar.create", entityType: "seminar", entityId: seminar!.id, summary: 'Created the seminar "Durban evening, logged"' }),
    ]);

    expect(await entriesAddedBy(database.db, async () => expect(await post(seminarFormFields({ organizer_name: " " }))).toBe(422))).toBe(0);
    expect(await entriesAddedBy(database.db, async () => expect(await post(seminarFormFields({ seminar_date: addDays(today(), -1) }))).toBe(422))).toBe(0);
  });

  it("logs an edit as the before → after of every field that changed, and a save without changes as such", async () => {
    const seminar = await insertSeminar(database.db, { title: "Durban evening", maxAttendees: 30 });
    const changed = editForm(seminar, {
      title: "Durban late evening",
      seminar_time: "19:30",
      city: "Umhlanga",
      venue_name: "The Pearls",
      address: "1 Lagoon Drive",
      price: "1500",
      max_attendees: "40",
      is_active: "false",
      seminar_date: addDays(seminar.seminarDate, 7),
    });
    expect(await post(changed)).toBe(302);
    expect(await post(editForm((await seminarById(database.db, seminar.id))!))).toBe(302);

    const [edit, unchanged] = await entriesOf(database.db, "seminar", seminar.id);
    expect(edit).toMatchObject({ ...asAdmin, action: "seminar.update", entityType: "seminar", entityId: seminar.id, summary: 'Edited the seminar "Durban late evening"' });
    expect(edit!.changes).toEqual({
      title: { before: "Durban evening", after: "Durban late evening" },
      city: { before: "Durban", after: "Umhlanga" },
      venue: { before: "The Oyster Box", after: "The Pearls" },
      address: { before: "2 Lighthouse Road, Umhlanga", after: "1 Lagoon Drive" },
      date: { before: seminar.seminarDate, after: addDays(seminar.seminarDate, 7) },
      time: { before: "18:00", after: "19:30" },
      price: { before: "R1200.00", after: "R1500.00" },
      maxAttendees: { before: 30, after: 40 },
      active: { before: true, after: false },
    });
    expect(unchanged).toMatchObject({ summary: 'Saved the seminar "Durban late evening" without changes', changes: null });
  });

  it("logs no entry for an edit it refuses: invalid, below the seats taken, or an unknown seminar", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5, currentAttendees: 0 });
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    const refusals: Array<[Record<string, string>, number]> = [
      [editForm(seminar, { organizer_name: "" }), 422],
      [editForm(seminar, { max_attendees: "1" }), 422],
      [editForm(seminar, { seminarId: "00000000-0000-4000-8000-000000000000" }), 404],
    ];
    for (const [form, status] of refusals) expect(await entriesAddedBy(database.db, async () => expect(await post(form)).toBe(status))).toBe(0);
    expect((await entriesOf(database.db, "seminar", seminar.id)).map((entry) => entry.action)).toEqual([]);
  });

  it("logs a deletion with how many attendees were told; an unknown seminar logs nothing", async () => {
    const seminar = await insertSeminar(database.db, { title: "Pretoria morning", maxAttendees: 5 });
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    expect(await post({ intent: "delete-seminar", seminarId: seminar.id })).toBe(302);
    expect((await entriesOf(database.db, "seminar", seminar.id)).at(-1)).toMatchObject({
      ...asAdmin,
      action: "seminar.delete",
      summary: 'Deleted the seminar "Pretoria morning"; 2 attendees were e-mailed that it is cancelled',
    });

    const empty = await insertSeminar(database.db, { title: "Empty evening" });
    await deleteSeminar(database.db, testActor, paymentProviderFor(database.db, settings), empty.id, site);
    expect((await entriesOf(database.db, "seminar", empty.id)).map((entry) => entry.summary)).toEqual(['Deleted the seminar "Empty evening"; no attendees needed to be told']);

    expect(await entriesAddedBy(database.db, async () => expect(await post({ intent: "delete-seminar", seminarId: seminar.id })).toBe(404))).toBe(0);
  });

  it("writes the entry in the change's transaction: an edit whose entry cannot be written is not saved", async () => {
    const seminar = await insertSeminar(database.db, { title: "Atomic evening" });
    await database.db.execute(sql`
      create or replace function refuse_activity_in_test() returns trigger language plpgsql as $$
      begin raise exception 'the activity log refuses entries in this test'; end $$`);
    await database.db.execute(sql`create trigger refuse_activity_in_test before insert on activity_log for each row execute function refuse_activity_in_test()`);
    try {
      expect(await post(editForm(seminar, { title: "Renamed without a trace" }))).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger refuse_activity_in_test on activity_log`);
      await database.db.execute(sql`drop function refuse_activity_in_test()`);
    }
    expect((await seminarById(database.db, seminar.id))!.title).toBe("Atomic evening");
  });

  it("shows the seminar's history in the Edit dialog, newest first, with who did it", async () => {
    const seminar = await insertSeminar(database.db, { title: "History evening", maxAttendees: 30 });
    await post(editForm(seminar, { max_attendees: "35" }));
    const page = (await loadSeminarsPage({ db: database.db, settings }, new URL(`https://thula.example/admin/seminars?edit=${seminar.id}`))).data as SeminarsPageData & { status: "ok" };
    const modal = page.modal?.kind === "edit" ? page.modal : undefined;
    expect(modal?.history.map(({ summary, actorName, changes }) => ({ summary, actorName, changes }))).toEqual([
      { summary: 'Edited the seminar "History evening"', actorName: testActor.name, changes: ["Max attendees: 30 → 35"] },
    ]);
  });
});

describe(`Manage Attendees' writes in the activity log (${testEngine})`, () => {
  it("logs adding, reminding and removing an attendee as the booking's entries, by reference and never with their details", async () => {
    const seminar = await insertSeminar(database.db, { title: "Durban evening", maxAttendees: 5 });
    const person = await contact({ firstName: "Ayanda", lastName: "Mokoena", phone: "+27 82 999 4321", address: "4 Florida Road, Durban" });
    expect(await post({ intent: "add-attendee", seminarId: seminar.id, contactId: person.id })).toBe(200);
    const [booking] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id));
    const reference = bookingReference(booking!.id);
    expect(await post({ intent: "send-reminder", seminarId: seminar.id, bookingId: booking!.id })).toBe(200);
    expect(await post({ intent: "remove-attendee", seminarId: seminar.id, bookingId: booking!.id })).toBe(200);

    const entries = await entriesOf(database.db, "seminar_booking", booking!.id);
    expect(entries.map(({ action, entityType, entityId, summary, actorId, actorName, actorEmail }) => ({ action, entityType, entityId, summary, actorId, actorName, actorEmail }))).toEqual([
      { ...asAdmin, action: "seminar_booking.add", entityType: "seminar_booking", entityId: booking!.id, summary: `Added booking ${reference} to "Durban evening"` },
      { ...asAdmin, action: "seminar_booking.remind", entityType: "seminar_booking", entityId: booking!.id, summary: `Queued a reminder e-mail for booking ${reference} of "Durban evening"` },
      { ...asAdmin, action: "seminar_booking.remove", entityType: "seminar_booking", entityId: booking!.id, summary: `Removed booking ${reference} from "Durban evening"` },
    ]);
    const json = JSON.stringify(entries);
    for (const detail of [person.firstName, person.lastName, person.email, person.phone!, person.address!, "829994321"]) expect(json).not.toContain(detail);
  });

  it("logs no entry for an addition it refuses: a full seminar, a contact already booked, or one that is gone", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 1 });
    const booked = await contact();
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: booked.id }, site);
    const other = await insertSeminar(database.db);
    await addAttendee(database.db, testActor, { seminarId: other.id, contactId: booked.id }, site);

    const refusals: Array<[Record<string, string>, number]> = [
      [{ intent: "add-attendee", seminarId: seminar.id, contactId: (await contact()).id }, 409],
      [{ intent: "add-attendee", seminarId: other.id, contactId: booked.id }, 409],
      [{ intent: "add-attendee", seminarId: other.id, contactId: "00000000-0000-4000-8000-000000000000" }, 404],
      [{ intent: "add-attendee", seminarId: "00000000-0000-4000-8000-000000000000", contactId: booked.id }, 404],
    ];
    for (const [form, status] of refusals) expect(await entriesAddedBy(database.db, async () => expect(await post(form)).toBe(status))).toBe(0);
  });

  it("logs no entry for a removal or a reminder it refuses", async () => {
    const past = await insertSeminar(database.db, { seminarDate: "2020-01-01" });
    const pastBooking = await addAttendee(database.db, testActor, { seminarId: past.id, contactId: (await contact()).id }, site);
    const seminar = await insertSeminar(database.db);
    const booking = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ status: "cancelled" }).where(eq(seminarBookings.id, booking.id));

    const refusals: Array<[Record<string, string>, number]> = [
      [{ intent: "remove-attendee", seminarId: past.id, bookingId: booking.id }, 404],
      [{ intent: "send-reminder", seminarId: past.id, bookingId: pastBooking.id }, 409],
      [{ intent: "send-reminder", seminarId: seminar.id, bookingId: booking.id }, 409],
    ];
    for (const [form, status] of refusals) expect(await entriesAddedBy(database.db, async () => expect(await post(form)).toBe(status))).toBe(0);
    await expect(removeAttendee(database.db, testActor, paymentProviderFor(database.db, settings), { seminarId: seminar.id, bookingId: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow();
    await expect(sendAttendeeReminder(database.db, testActor, { seminarId: seminar.id, bookingId: pastBooking.id }, site)).rejects.toThrow();
    expect((await entriesOf(database.db, "seminar_booking", booking.id)).map((entry) => entry.action)).toEqual(["seminar_booking.add"]);
  });
});
