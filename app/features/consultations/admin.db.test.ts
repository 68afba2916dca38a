import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLog, consultationBookings, emailOutbox, users } from "#db/schema/index.ts";
import { entryBy, testActor as zanele, watchActivity } from "~/features/activity/testing.server.ts";
import { ensureAdmin } from "~/features/admin-auth/admins.server.ts";
import { getAuth } from "~/features/admin-auth/auth.server.ts";
import { signInWithPassword } from "~/features/admin-auth/service.server.ts";
import { cookieHeader, nextClient, routerContext, testSiteUrl, useTestRuntime } from "~/features/admin-auth/testing.server.ts";
import { ConflictError, NotFoundError, StaleEditError } from "~/lib/errors.ts";
import { planOf } from "../../../tests/support/plans.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { action as consultationsAction, intents as routeIntents } from "../../routes/admin/consultations.tsx";
import {
  addConsultationNote,
  changeConsultationStatus,
  createConsultationByAdmin,
  deleteConsultationNote,
  sendConsultationIntroEmail,
  sendConsultationPaymentReminder,
  setConsultationPaid,
} from "./admin-actions.server.ts";
import { deleteConsultation } from "./admin-cancel.server.ts";
import { consultationForAdmin, consultationsScreen, listConsultationsForAdmin } from "./admin.server.ts";
import { consultationMatches, updateConsultationStatus } from "./admin-queries.server.ts";
import { consultationListParams, INVALID_NOTE_INDEX, NOTE_DELETE_UNCONFIRMED, REFUNDED_BY_REFUND_ONLY, SELECT_USER_MESSAGE } from "./admin-schema.ts";

// The admin Consultations screen on a real database: every action's validation, its effect,
// its activity entry (attributed to the admin, naming the consultation by its reference), and
// what it must not do (lose a concurrent note, append two notes, touch a free call's payment,
// queue an e-mail it should not, log a refusal, a note's text or the client's details).
//
// Consultations with a payment on record cannot be deleted (docs/decisions/015), so the
// tables are not emptied between tests: each test makes its own contacts and consultations
// and looks only at those; the outbox is emptied. The one test about the whole list has a
// database of its own.

const siteUrl = "https://thula.example";
const { database, runtime } = useTestRuntime(emailOutbox);

function formOf(entries: Record<string, string | number | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) form.set(key, String(value));
  return form;
}

/** The current version of a consultation (1 for one that does not exist). */
async function versionOf(id: string): Promise<number> {
  if (!isRecordId(id)) return 1;
  const [row] = await database.db.select({ version: consultationBookings.version }).from(consultationBookings).where(eq(consultationBookings.id, id));
  return row?.version ?? 1;
}

/** A form of the details dialog opened now: the consultation's id and its current version, with `entries`. */
async function dialogForm(id: string, entries: Record<string, string | number | undefined> = {}): Promise<FormData> {
  return formOf({ id, version: await versionOf(id), ...entries });
}

let contactCounter = 0;

async function insertContact(overrides: Partial<typeof users.$inferInsert> = {}, db = database.db) {
  contactCounter += 1;
  const [contact] = await db
    .insert(users)
    .values({ firstName: "Thandi", lastName: "Nkosi", email: `thandi.${contactCounter}@example.co.za`, phone: "+27 82 555 0123", ...overrides })
    .returning();
  return contact!;
}

async function insertConsultation(contact: typeof users.$inferSelect, overrides: Partial<typeof consultationBookings.$inferInsert> = {}, db = database.db) {
  const [booking] = await db
    .insert(consultationBookings)
    .values({
      userId: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      consultationType: "paid",
      status: "pending",
      isPaid: false,
      amountCents: 349900,
      preferredDatetime: "morning",
      description: "Moving to Leeds with two children.",
      ...overrides,
    })
    .returning();
  return booking!;
}

const bookingById = async (id: string) => (await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0]!;
const outboxRows = () => database.db.select().from(emailOutbox);
/** Zanele's entry about consultation `id`. */
const logged = (id: string, action: string, summary: string, changes?: unknown) =>
  entryBy(zanele, { action: `consultation.${action}`, entityType: "consultation", entityId: id, summary, ...(changes ? { changes } : {}) });

describe(`listing every consultation (${testEngine})`, () => {
  const own = useTestDatabase();

  it("searches name, e-mail, phone and description on the server, filters by type and statuses, and says when anything exists at all", async () => {
    const list = (search: string) => listConsultationsForAdmin(own.db, consultationListParams(new URLSearchParams(search)));
    expect(await list("")).toMatchObject({ total: { count: 0, capped: false }, anyExist: false });

    const thandi = await insertContact({ firstName: "Thandi", lastName: "Nkosi", email: "thandi@example.co.za", phone: "+27 82 555 0123" }, own.db);
    const johan = await insertContact({ firstName: "Johan", lastName: "van Wyk", email: "johan@example.com", phone: "+27 21 555 0199" }, own.db);
    const nameless = await insertContact({ firstName: " ", lastName: "", email: "anon@example.com", phone: null }, own.db);
    await insertConsultation(thandi, { status: "pending", description: "Ancestry visa question" }, own.db);
    await insertConsultation(johan, { consultationType: "free", isPaid: true, amountCents: 0, status: "confirmed", description: "ECSA registration" }, own.db);
    await insertConsultation(nameless, { status: "cancelled", description: null }, own.db);

    const names = async (search: string) => (await list(search)).consultations.map((row) => row.clientName).sort();

    expect(await names("")).toEqual(["Johan van Wyk", "Thandi Nkosi", "Unknown Client"]);
    expect(await names("q=THANDI nk")).toEqual(["Thandi Nkosi"]);
    expect(await names("q=johan%40example")).toEqual(["Johan van Wyk"]);
    expect(await names("q=555 0199")).toEqual(["Johan van Wyk"]);
    expect(await names("q=ancestry")).toEqual(["Thandi Nkosi"]);
    expect(await names("q=100%25")).toEqual([]);
    expect(await names("type=free")).toEqual(["Johan van Wyk"]);
    expect(await names("type=paid")).toEqual(["Thandi Nkosi", "Unknown Client"]);
    expect(await names("status=pending&status=cancelled")).toEqual(["Thandi Nkosi", "Unknown Client"]);
    expect(await names("status=all")).toHaveLength(3);
    expect(await names("type=paid&status=confirmed")).toEqual([]);

    const empty = await list("q=nobody");
    expect(empty).toMatchObject({ total: { count: 0, capped: false }, nav: { newer: null, older: null }, anyExist: true });
  });

  it("answers a search from the contacts' and the descriptions' trigram indexes, never by reading every consultation", async () => {
    await own.db.execute(sql`analyze`);
    const plan = await planOf(own.db, consultationMatches(own.db, consultationListParams(new URLSearchParams("q=ancestry"))), { search: true });
    expect(plan).toContain("users_search_trgm_idx");
    expect(plan).toContain("consultation_bookings_description_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on consultation_bookings/);
  });
});

describe(`listing consultations (${testEngine})`, () => {
  it("pages 25 at a time, newest first, by cursor; the last page is the oldest 25", async () => {
    const contact = await insertContact();
    for (let index = 0; index < 27; index += 1) {
      await insertConsultation(contact, { description: `Paging test ${index}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) });
    }
    const first = await listConsultationsForAdmin(database.db, consultationListParams(new URLSearchParams("q=paging test")));
    expect(first).toMatchObject({ total: { count: 27, capped: false }, nav: { newer: null, older: { from: "after" } } });
    expect(first.consultations).toHaveLength(25);
    const older = first.nav.older!;
    const second = await listConsultationsForAdmin(database.db, consultationListParams(new URLSearchParams({ q: "paging test", after: older.from === "after" ? older.cursor : "" })));
    expect(second.consultations).toHaveLength(2);
    expect(second.consultations.at(-1)!.createdAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    const last = await listConsultationsForAdmin(database.db, consultationListParams(new URLSearchParams("q=paging test&last=1")));
    expect(last.consultations).toHaveLength(25);
    expect(last.consultations.at(-1)!.createdAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(last.nav).toMatchObject({ older: null, newer: { from: "before" } });
  });

  it("loads the details and the booking form's contacts only when their modal is asked for", async () => {
    const contact = await insertContact();
    const booking = await insertConsultation(contact, { description: "   " });
    const closed = await consultationsScreen(database.db, new URLSearchParams(""));
    expect(closed).toMatchObject({ details: null, deleting: null, contacts: { q: "", choices: [] }, missing: false });
    const open = await consultationsScreen(database.db, new URLSearchParams(`view=${booking.id}&new=1`));
    expect(open.details).toMatchObject({ id: booking.id, clientName: "Thandi Nkosi", typeLabel: "PAID", description: null, preferredTime: "Morning (9:00 - 12:00 UK time)", canRemind: true });
    expect(open.contacts.choices.map((option) => option.id)).toContain(contact.id);
    expect((await consultationsScreen(database.db, new URLSearchParams("view=00000000-0000-4000-8000-000000000000"))).missing).toBe(true);
    expect(await consultationForAdmin(database.db, "not-an-id")).toBeUndefined();
  });
});

describe(`'Book Consultation' (${testEngine})`, () => {
  it("offers at most 20 users, the newest first; a search (with or without JavaScript) finds the others, never an anonymised one", async () => {
    const oldest = await insertContact({ firstName: "Nomvula", lastName: "Oldest-Picker", createdAt: new Date("2020-01-01T00:00:00Z") });
    await insertContact({ firstName: "Erased", lastName: "Oldest-Picker", anonymisedAt: new Date("2021-01-01T00:00:00Z"), createdAt: new Date("2020-01-02T00:00:00Z") });
    // Each a minute apart (the embedded database's clock can give two quick inserts one instant), and newer than any other test's.
    for (let index = 0; index < 21; index += 1) await insertContact({ lastName: `Picker ${index}`, createdAt: new Date(Date.UTC(2031, 0, 1, 0, index)) });
    const { contacts } = await consultationsScreen(database.db, new URLSearchParams("new=1"));
    expect(contacts.choices).toHaveLength(20);
    expect(contacts.choices.map((choice) => choice.id)).not.toContain(oldest.id);
    expect(contacts.choices[0]!.label).toMatch(/^Thandi Picker 20 \(thandi\.\d+@example\.co\.za\)$/);

    const found = await consultationsScreen(database.db, new URLSearchParams("new=1&user-search=oldest-picker"));
    expect(found.contacts).toEqual({ q: "oldest-picker", choices: [{ id: oldest.id, label: `Nomvula Oldest-Picker (${oldest.email})` }] });
    expect((await consultationsScreen(database.db, new URLSearchParams("new=1&user-search=no such person"))).contacts.choices).toEqual([]);
  });

  it("needs a user: 'Please select a user', and nothing is saved or logged", async () => {
    const consultationCount = async () => (await database.db.select({ n: count() }).from(consultationBookings))[0]!.n;
    const before = await consultationCount();
    const written = await watchActivity(database.db);
    for (const userId of [undefined, "", "not-an-id", "00000000-0000-4000-8000-000000000000"]) {
      const result = await createConsultationByAdmin(database.db, zanele, formOf({ userId, description: "Call me" }));
      expect(result).toMatchObject({ ok: false, message: SELECT_USER_MESSAGE, fieldErrors: { userId: [SELECT_USER_MESSAGE] } });
    }
    expect(await consultationCount()).toBe(before);
    expect(await written()).toEqual([]);
  });

  it("books paid, pending and unpaid by default, with the contact's details and free-text time, and logs it by reference", async () => {
    const contact = await insertContact({ address: "12 Jacaranda Street, Durban", preferredContact: "whatsapp" });
    const written = await watchActivity(database.db);
    const result = await createConsultationByAdmin(database.db, zanele, formOf({ userId: contact.id, preferredDatetime: " Tuesday 10:00 UK time ", description: "Referred by Sipho." }));
    expect(result).toMatchObject({ ok: true, message: "Consultation booked for Thandi Nkosi." });
    const [booking] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.userId, contact.id));
    expect(booking).toMatchObject({
      userId: contact.id,
      consultationType: "paid",
      status: "pending",
      isPaid: false,
      amountCents: 349900,
      preferredDatetime: "Tuesday 10:00 UK time",
      description: "Referred by Sipho.",
      email: contact.email,
      address: "12 Jacaranda Street, Durban",
      preferredContact: "whatsapp",
      adminNotes: [],
    });
    expect(await outboxRows()).toEqual([]);
    expect(await written()).toEqual([
      expect.objectContaining(logged(booking!.id, "create", `Booked consultation ${bookingReference(booking!.id)} (PAID, Pending, unpaid) for user ${bookingReference(contact.id)}`)),
    ]);
  });

  it("books a free call as nothing to pay, and refuses an unknown type or status", async () => {
    const contact = await insertContact();
    const written = await watchActivity(database.db);
    expect(await createConsultationByAdmin(database.db, zanele, formOf({ userId: contact.id, consultationType: "free", status: "confirmed" }))).toMatchObject({ ok: true });
    const [booking] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.userId, contact.id));
    expect(booking).toMatchObject({ consultationType: "free", status: "confirmed", isPaid: true, amountCents: 0 });
    const refused = await createConsultationByAdmin(database.db, zanele, formOf({ userId: contact.id, consultationType: "vip", status: "lost" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { consultationType: ["Please choose paid or free."], status: ["Please choose pending, confirmed, completed or closed."] } });
    // Cancelled needs who, when and why; refunded follows a refund: neither is a first status.
    for (const status of ["cancelled", "refunded"]) {
      expect(await createConsultationByAdmin(database.db, zanele, formOf({ userId: contact.id, status }))).toMatchObject({ ok: false, fieldErrors: { status: [expect.any(String)] } });
    }
    expect((await written()).map((entry) => entry.summary)).toEqual([`Booked consultation ${bookingReference(booking!.id)} (FREE, Confirmed) for user ${bookingReference(contact.id)}`]);
  });
});

describe(`admin notes (${testEngine})`, () => {
  it("needs a note, non-blank after trimming; a refusal saves and logs nothing", async () => {
    const booking = await insertConsultation(await insertContact());
    const written = await watchActivity(database.db);
    expect(await addConsultationNote(database.db, zanele, await dialogForm(booking.id, { note: "   " }))).toMatchObject({ ok: false, message: "Please write a note." });
    expect((await bookingById(booking.id)).adminNotes).toEqual([]);
    await expect(addConsultationNote(database.db, zanele, await dialogForm("00000000-0000-4000-8000-000000000000", { note: "x" }))).rejects.toBeInstanceOf(NotFoundError);
    expect(await written()).toEqual([]);
  });

  it("appends the note, trimmed, signed with the signed-in admin's name (a posted name is ignored), and logs it without its text", async () => {
    const booking = await insertConsultation(await insertContact());
    const now = new Date("2026-03-10T08:30:00Z");
    const written = await watchActivity(database.db);
    const posted = await dialogForm(booking.id, { note: "  Sent the document checklist.  ", adminName: "Someone Else" });
    expect(await addConsultationNote(database.db, zanele, posted, now)).toEqual({ ok: true, message: "Note added." });
    expect((await bookingById(booking.id)).adminNotes).toEqual([{ datetime: "2026-03-10T08:30:00.000Z", note: "Sent the document checklist.", admin_name: "Zanele Dube" }]);
    const entries = await written();
    expect(entries).toEqual([expect.objectContaining(logged(booking.id, "add-note", `Added a note to consultation ${bookingReference(booking.id)}`))]);
    expect(JSON.stringify(entries)).not.toContain("document checklist");
  });

  it("saves one of ten notes added at the same moment from dialogs opened on the same version, and refuses the other nine as stale, logging only the one", async () => {
    const booking = await insertConsultation(await insertContact());
    const admins = Array.from({ length: 10 }, (_, index) => ({ id: `admin-${index}`, name: `Admin ${index}`, email: `admin${index}@thula.example` }));
    const written = await watchActivity(database.db);
    const results = await Promise.allSettled(admins.map((admin, index) => addConsultationNote(database.db, admin, formOf({ id: booking.id, version: 1, note: `Note ${index}` }))));
    const saved = results.flatMap((result, index) => (result.status === "fulfilled" ? [index] : []));
    expect(saved).toHaveLength(1);
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as Error] : []));
    expect(refused).toHaveLength(9);
    for (const error of refused) {
      expect(error).toBeInstanceOf(StaleEditError);
      expect(error.message).toMatch(new RegExp(`^Admin ${saved[0]} changed this consultation at \\d{2}:\\d{2} on \\d{1,2} [A-Z][a-z]{2} \\d{4}, after you opened it`));
    }
    const after = await bookingById(booking.id);
    expect(after.adminNotes.map((note) => `${note.note} by ${note.admin_name}`)).toEqual([`Note ${saved[0]} by Admin ${saved[0]}`]);
    expect(after.version).toBe(2);
    expect((await written()).map((entry) => entry.actorId)).toEqual([`admin-${saved[0]}`]);
  });

  it("deletes a note by index once confirmed; unconfirmed, out of range ('Invalid note index') or stale, nothing changes or is logged", async () => {
    const notes = [
      { datetime: "2026-03-01T08:00:00.000Z", note: "First", admin_name: "Zanele" },
      { datetime: "2026-03-02T08:00:00.000Z", note: "Second", admin_name: "Pieter" },
      { datetime: "2026-03-03T08:00:00.000Z", note: "Third", admin_name: "Zanele" },
    ];
    const booking = await insertConsultation(await insertContact(), { adminNotes: notes });
    const written = await watchActivity(database.db);
    const confirm = "delete";
    // The first press only asks (docs/product.md §3.5): a delete without the confirmation deletes nothing.
    for (const unconfirmed of [undefined, "", "yes"]) {
      await expect(deleteConsultationNote(database.db, zanele, await dialogForm(booking.id, { index: 1, noteDatetime: notes[1]!.datetime, confirm: unconfirmed }))).rejects.toThrow(NOTE_DELETE_UNCONFIRMED);
    }
    for (const index of ["3", "-1", "abc", "", "1.5", "99999999999"]) {
      await expect(deleteConsultationNote(database.db, zanele, await dialogForm(booking.id, { index, confirm }))).rejects.toThrow(INVALID_NOTE_INDEX);
    }
    expect((await bookingById(booking.id)).adminNotes).toEqual(notes);

    // The note at that index changed since the admin saw it: nothing is deleted.
    await expect(deleteConsultationNote(database.db, zanele, await dialogForm(booking.id, { index: 1, noteDatetime: notes[0]!.datetime, confirm }))).rejects.toBeInstanceOf(ConflictError);
    expect((await bookingById(booking.id)).adminNotes).toEqual(notes);
    await expect(deleteConsultationNote(database.db, zanele, await dialogForm("00000000-0000-4000-8000-000000000000", { index: 0, confirm }))).rejects.toBeInstanceOf(NotFoundError);
    expect(await written()).toEqual([]);

    expect(await deleteConsultationNote(database.db, zanele, await dialogForm(booking.id, { index: 1, noteDatetime: notes[1]!.datetime, confirm }))).toEqual({ ok: true, message: "Note deleted." });
    expect((await bookingById(booking.id)).adminNotes).toEqual([notes[0], notes[2]]);
    expect(await deleteConsultationNote(database.db, zanele, await dialogForm(booking.id, { index: 0, confirm }))).toMatchObject({ ok: true });
    expect((await bookingById(booking.id)).adminNotes).toEqual([notes[2]]);
    const entries = await written();
    const deletedNote = logged(booking.id, "delete-note", `Deleted a note from consultation ${bookingReference(booking.id)}`);
    expect(entries).toEqual([expect.objectContaining(deletedNote), expect.objectContaining(deletedNote)]);
    expect(JSON.stringify(entries)).not.toMatch(/First|Second/);
  });
});

describe(`status change (${testEngine})`, () => {
  it("needs a status; a refusal changes and logs nothing", async () => {
    const booking = await insertConsultation(await insertContact());
    const written = await watchActivity(database.db);
    expect(await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id), { siteUrl })).toMatchObject({ ok: false, message: "Please choose a status." });
    expect(await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "approved" }), { siteUrl })).toMatchObject({ ok: false, message: "Please choose a status." });
    await expect(changeConsultationStatus(database.db, zanele, await dialogForm("00000000-0000-4000-8000-000000000000", { status: "confirmed" }), { siteUrl })).rejects.toBeInstanceOf(NotFoundError);
    expect(await bookingById(booking.id)).toMatchObject({ status: "pending", adminNotes: [] });
    expect(await written()).toEqual([]);
  });

  it("sets an allowed status directly, appends exactly one note with the signed-in admin's name and time, logs the change and tells the client", async () => {
    const contact = await insertContact();
    const booking = await insertConsultation(contact, { status: "completed" });
    const now = new Date("2026-03-11T12:00:00Z");
    const written = await watchActivity(database.db);
    expect(await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "confirmed" }), { siteUrl, now })).toEqual({ ok: true, message: "Status changed to Confirmed." });
    const after = await bookingById(booking.id);
    expect(after.status).toBe("confirmed");
    expect(after.adminNotes).toEqual([{ datetime: "2026-03-11T12:00:00.000Z", note: 'Consultation status changed to "confirmed"', admin_name: "Zanele Dube" }]);
    expect(await written()).toEqual([
      expect.objectContaining(
        logged(booking.id, "change-status", `Changed consultation ${bookingReference(booking.id)} to "Confirmed"`, { status: { before: "completed", after: "confirmed" } }),
      ),
    ]);
    const told = (await outboxRows()).filter((row) => row.toAddress === contact.email);
    expect(told.map((row) => [row.kind, row.subject])).toEqual([["consultation-confirmed", `Your ${booking.consultationType === "free" ? "intro call" : "consultation"} is confirmed`]]);
    expect(told[0]!.textBody).toContain(bookingReference(booking.id));
  });

  it("keeps the status change, and its entry, when the note cannot be appended", async () => {
    const booking = await insertConsultation(await insertContact());
    await database.db.execute(sql`
      create or replace function refuse_note_change() returns trigger language plpgsql as $$
      begin
        if new.admin_notes is distinct from old.admin_notes then raise exception 'notes are read-only in this test'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`create trigger refuse_note_change before update on consultation_bookings for each row execute function refuse_note_change()`);
    const written = await watchActivity(database.db);
    try {
      const result = await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "closed" }), { siteUrl });
      expect(result).toMatchObject({ ok: true, message: "Status changed to Closed, but the note about it could not be saved." });
    } finally {
      await database.db.execute(sql`drop trigger refuse_note_change on consultation_bookings`);
      await database.db.execute(sql`drop function refuse_note_change()`);
    }
    expect(await bookingById(booking.id)).toMatchObject({ status: "closed", adminNotes: [] });
    expect((await written()).map((entry) => [entry.action, entry.changes])).toEqual([["consultation.change-status", { status: { before: "pending", after: "closed" } }]]);
  });

  it("refuses a change the transitions table forbids (409) and writes neither the status, a note nor an entry", async () => {
    const notes = [{ datetime: "2026-03-01T08:00:00.000Z", note: "Refund paid back by EFT.", admin_name: "Zanele" }];
    const refunded = await insertConsultation(await insertContact(), { status: "refunded", isPaid: true, adminNotes: notes });
    const written = await watchActivity(database.db);
    const change = changeConsultationStatus(database.db, zanele, await dialogForm(refunded.id, { status: "confirmed" }), { siteUrl });
    await expect(change).rejects.toBeInstanceOf(ConflictError);
    await expect(change).rejects.toThrow("A refunded consultation cannot be changed to Confirmed. Refunded is final.");
    expect(await bookingById(refunded.id)).toMatchObject({ status: "refunded", adminNotes: notes });

    const pending = await insertConsultation(await insertContact());
    await expect(changeConsultationStatus(database.db, zanele, await dialogForm(pending.id, { status: "completed" }), { siteUrl })).rejects.toThrow(
      "A pending consultation cannot be changed to Completed. From Pending it can change to Confirmed, Closed or Cancelled.",
    );
    await expect(changeConsultationStatus(database.db, zanele, await dialogForm(pending.id, { status: "pending" }), { siteUrl })).rejects.toThrow(
      "This consultation is already Pending, so nothing was changed.",
    );
    expect(await bookingById(pending.id)).toMatchObject({ status: "pending", adminNotes: [] });
    expect(await written()).toEqual([]);
  });

  it("never sets Refunded by hand (a refund sets it) and never cancels without the cancellation's who, when and why", async () => {
    const written = await watchActivity(database.db);
    for (const status of ["pending", "confirmed", "completed", "closed", "cancelled"] as const) {
      const booking = await insertConsultation(await insertContact(), { status, isPaid: true, paidAt: new Date("2026-03-01T08:00:00Z") });
      const change = changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "refunded" }), { siteUrl });
      await expect(change).rejects.toBeInstanceOf(ConflictError);
      await expect(change).rejects.toThrow(REFUNDED_BY_REFUND_ONLY);
      expect(await bookingById(booking.id)).toMatchObject({ status, adminNotes: [] });
    }
    const open = await insertConsultation(await insertContact());
    await expect(changeConsultationStatus(database.db, zanele, await dialogForm(open.id, { status: "cancelled" }), { siteUrl })).rejects.toThrow("use Cancel consultation");
    expect(await bookingById(open.id)).toMatchObject({ status: "pending", cancelledAt: null });
    expect(await written()).toEqual([]);
  });

  it("writes a status only over the one the change was checked against, and at the version read, so another admin's change meanwhile stands", async () => {
    const booking = await insertConsultation(await insertContact(), { status: "refunded" });
    expect(await updateConsultationStatus(database.db, booking.id, { version: 1, from: "pending", to: "confirmed" })).toBe(false);
    expect(await bookingById(booking.id)).toMatchObject({ status: "refunded", version: 1 });
    expect(await updateConsultationStatus(database.db, booking.id, { version: 2, from: "refunded", to: "cancelled" })).toBe(false);
    expect(await bookingById(booking.id)).toMatchObject({ status: "refunded", version: 1 });
    expect(await updateConsultationStatus(database.db, booking.id, { version: 1, from: "refunded", to: "cancelled" })).toBe(true);
    expect(await bookingById(booking.id)).toMatchObject({ status: "cancelled", version: 2 });
  });

  it("refuses (409), and logs nothing, when the status moved between the check and the write", async () => {
    const booking = await insertConsultation(await insertContact());
    // The conditional write finds no row with the status it checked, as when another admin changed it meanwhile.
    await database.db.execute(sql`
      create or replace function skip_status_change() returns trigger language plpgsql as $$
      begin
        if new.status is distinct from old.status then return null; end if;
        return new;
      end $$`);
    await database.db.execute(sql`create trigger skip_status_change before update on consultation_bookings for each row execute function skip_status_change()`);
    const written = await watchActivity(database.db);
    try {
      await expect(changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "confirmed" }), { siteUrl })).rejects.toThrow(
        "The status changed since the page was loaded, so nothing was changed. Please check it and try again.",
      );
    } finally {
      await database.db.execute(sql`drop trigger skip_status_change on consultation_bookings`);
      await database.db.execute(sql`drop function skip_status_change()`);
    }
    expect(await bookingById(booking.id)).toMatchObject({ status: "pending", adminNotes: [] });
    expect(await written()).toEqual([]);
  });
});

describe(`Mark as Paid / Mark as Unpaid (${testEngine})`, () => {
  it("toggles a paid-type consultation, records when it was paid, and logs each press", async () => {
    const booking = await insertConsultation(await insertContact(), { amountCents: 0 });
    const now = new Date("2026-03-12T09:00:00Z");
    const written = await watchActivity(database.db);
    expect(await setConsultationPaid(database.db, zanele, await dialogForm(booking.id), true, now)).toEqual({ ok: true, message: "Marked as paid." });
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: true, paidAt: now, amountCents: 349900 });
    expect(await setConsultationPaid(database.db, zanele, await dialogForm(booking.id), false)).toEqual({ ok: true, message: "Marked as unpaid." });
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: false, paidAt: null });
    const reference = bookingReference(booking.id);
    expect(await written()).toEqual([
      expect.objectContaining(logged(booking.id, "mark-paid", `Marked consultation ${reference} as paid`, { paid: { before: false, after: true } })),
      expect.objectContaining(logged(booking.id, "mark-unpaid", `Marked consultation ${reference} as unpaid`, { paid: { before: true, after: false } })),
    ]);
  });

  it("refuses a free consultation with a clear message, and changes and logs nothing", async () => {
    const booking = await insertConsultation(await insertContact(), { consultationType: "free", isPaid: true, amountCents: 0 });
    const written = await watchActivity(database.db);
    for (const paid of [true, false]) {
      await expect(setConsultationPaid(database.db, zanele, await dialogForm(booking.id), paid)).rejects.toThrow("Free consultations have no payment status");
    }
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: true, paidAt: null });
    await expect(setConsultationPaid(database.db, zanele, await dialogForm("nope"), true)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setConsultationPaid(database.db, zanele, await dialogForm("00000000-0000-4000-8000-000000000000"), true)).rejects.toBeInstanceOf(NotFoundError);
    expect(await written()).toEqual([]);
  });
});

describe(`the e-mails (${testEngine})`, () => {
  it("'Send payment reminder' queues one reminder with the pay-online link, for an unpaid paid consultation only", async () => {
    const contact = await insertContact({ email: "ayesha@example.co.za", firstName: "Ayesha" });
    const booking = await insertConsultation(contact);
    const written = await watchActivity(database.db);
    const result = await sendConsultationPaymentReminder(database.db, zanele, formOf({ id: booking.id }), { siteUrl, now: new Date("2026-03-12T09:00:00Z") });
    expect(result).toEqual({ ok: true, message: "Payment reminder queued for ayesha@example.co.za" });
    const [email, ...rest] = await outboxRows();
    expect(rest).toEqual([]);
    expect(email).toMatchObject({ kind: "consultation-payment-reminder", toAddress: "ayesha@example.co.za", status: "queued" });
    expect(email!.textBody).toContain(`${siteUrl}/consultations/pay/${booking.id}`);
    expect(email!.htmlBody).toContain(`${siteUrl}/consultations/pay/${booking.id}`);

    const free = await insertConsultation(contact, { consultationType: "free", isPaid: true });
    const paid = await insertConsultation(contact, { isPaid: true });
    const cancelled = await insertConsultation(contact, { status: "cancelled" });
    await expect(sendConsultationPaymentReminder(database.db, zanele, formOf({ id: free.id }), { siteUrl })).rejects.toThrow("Free consultations have nothing to pay");
    await expect(sendConsultationPaymentReminder(database.db, zanele, formOf({ id: paid.id }), { siteUrl })).rejects.toThrow("already paid");
    await expect(sendConsultationPaymentReminder(database.db, zanele, formOf({ id: cancelled.id }), { siteUrl })).rejects.toThrow("cancelled");
    expect(await outboxRows()).toHaveLength(1);
    const entries = await written();
    expect(entries).toEqual([expect.objectContaining(logged(booking.id, "send-payment-reminder", `Queued a payment reminder for consultation ${bookingReference(booking.id)}`))]);
    expect(JSON.stringify(entries)).not.toContain("ayesha");
  });

  it("'Send intro email' queues one introduction per press: the adviser, what it covers, how to prepare, the hours", async () => {
    const booking = await insertConsultation(await insertContact({ email: "sipho@example.co.za", firstName: "Sipho" }), { consultationType: "free", isPaid: true });
    const written = await watchActivity(database.db);
    expect(await sendConsultationIntroEmail(database.db, zanele, formOf({ id: booking.id }), { siteUrl, now: new Date("2026-03-12T09:00:00Z") })).toEqual({
      ok: true,
      message: "Intro email queued for sipho@example.co.za",
    });
    await sendConsultationIntroEmail(database.db, zanele, formOf({ id: booking.id }), { siteUrl, now: new Date("2026-03-12T09:05:00Z") });
    const emails = await outboxRows();
    expect(emails.map((email) => [email.kind, email.toAddress])).toEqual([
      ["consultation-intro", "sipho@example.co.za"],
      ["consultation-intro", "sipho@example.co.za"],
    ]);
    const text = emails[0]!.textBody;
    expect(text).toContain("Meet your adviser, Sipho");
    expect(text).toContain("Pieter Botha, Director");
    expect(text).toContain("free 10-minute intro call");
    expect(text).toContain("What we will cover");
    expect(text).toContain("How to prepare");
    expect(text).toContain("Monday to Friday, 9:00 - 19:00 UK time");
    await expect(sendConsultationIntroEmail(database.db, zanele, formOf({ id: "00000000-0000-4000-8000-000000000000" }), { siteUrl })).rejects.toBeInstanceOf(NotFoundError);
    const intro = logged(booking.id, "send-intro-email", `Queued the intro e-mail of consultation ${bookingReference(booking.id)}`);
    expect(await written()).toEqual([expect.objectContaining(intro), expect.objectContaining(intro)]);
  });
});

describe(`deleting a consultation (${testEngine})`, () => {
  it("deletes it and its notes, logs what it was (not whose), and reports one that is gone", async () => {
    const contact = await insertContact();
    const booking = await insertConsultation(contact, { status: "confirmed", adminNotes: [{ datetime: "2026-03-01T08:00:00.000Z", note: "x", admin_name: "y" }] });
    const written = await watchActivity(database.db);
    expect(await deleteConsultation(database.db, zanele, formOf({ id: booking.id }))).toEqual({ ok: true, message: "The consultation of Thandi Nkosi was deleted." });
    expect(await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id))).toEqual([]);
    await expect(deleteConsultation(database.db, zanele, formOf({ id: booking.id }))).rejects.toBeInstanceOf(NotFoundError);
    const entries = await written();
    expect(entries).toEqual([
      expect.objectContaining(logged(booking.id, "delete", `Deleted consultation ${bookingReference(booking.id)} (PAID, Confirmed, unpaid) of user ${bookingReference(contact.id)}`)),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Thandi|Nkosi/);
  });
});

describe(`a consultation's history (${testEngine})`, () => {
  it("shows with its details: every admin write on it, newest first, and never the client's details or a note's text", async () => {
    const contact = await insertContact({ firstName: "Naledi", lastName: "Mokoena", email: "naledi@example.co.za", phone: "+27 82 555 0777" });
    const booking = await insertConsultation(contact, { description: "Moving to Bristol with a teaching post." });
    const id = { id: booking.id };
    await addConsultationNote(database.db, zanele, await dialogForm(booking.id, { note: "Naledi asked about the spouse visa." }));
    await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "confirmed" }), { siteUrl });
    await setConsultationPaid(database.db, zanele, await dialogForm(booking.id), true);
    await sendConsultationIntroEmail(database.db, zanele, formOf(id), { siteUrl });
    await deleteConsultationNote(database.db, zanele, await dialogForm(booking.id, { index: 0, confirm: "delete" }));

    const screen = await consultationsScreen(database.db, new URLSearchParams(`view=${booking.id}`));
    expect(screen.details?.reference).toBe(bookingReference(booking.id));
    expect(screen.history.map((entry) => [entry.action, entry.actorName])).toEqual(
      ["delete-note", "send-intro-email", "mark-paid", "change-status", "add-note"].map((action) => [`consultation.${action}`, "Zanele Dube"]),
    );
    expect(screen.history[2]!.changes).toEqual(["Paid: false → true"]);
    expect(screen.history[3]!.changes).toEqual(['Status: "pending" → "confirmed"']);
    expect((await consultationsScreen(database.db, new URLSearchParams(""))).history).toEqual([]);

    const everything = JSON.stringify(await database.db.select().from(activityLog));
    for (const personal of ["Naledi", "Mokoena", "naledi@example.co.za", "555 0777", "Bristol", "spouse visa"]) expect(everything).not.toContain(personal);
  });
});

describe(`the /admin/consultations action (${testEngine})`, () => {
  let cookie: string;
  let desk: { id: string; name: string; email: string };

  beforeAll(async () => {
    const auth = getAuth(runtime);
    const admin = await ensureAdmin(database.db, auth, { email: "desk@thula.example", password: "a long front desk passphrase", name: "Front Desk" });
    desk = { id: admin.userId, name: "Front Desk", email: "desk@thula.example" };
    const answer = await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email: "desk@thula.example", password: "a long front desk passphrase" });
    if (!answer.ok) throw new Error(answer.message);
    cookie = cookieHeader(answer.setCookies);
  });

  async function post(fields: Record<string, string>, withCookie = true) {
    const request = new Request(`${testSiteUrl}/admin/consultations`, {
      method: "POST",
      body: formOf(fields),
      headers: { origin: testSiteUrl, ...(withCookie ? { cookie } : {}) },
    });
    try {
      const answer = (await consultationsAction({ request, params: {}, context: routerContext(runtime) } as never)) as { data: unknown; init: { status?: number } | null };
      return { status: answer.init?.status ?? 200, body: answer.data as Record<string, unknown> };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  it("lists every intent it handles", () => {
    expect([...routeIntents].sort()).toEqual(
      [
        "add-note",
        "cancel-consultation",
        "change-status",
        "create-consultation",
        "delete-consultation",
        "delete-note",
        "mark-paid",
        "mark-unpaid",
        "refund-booking",
        "send-intro-email",
        "send-payment-reminder",
      ].sort(),
    );
  });

  it("answers each outcome with its status: 200, 422 for a form, 404, 409, 400 for an unknown intent", async () => {
    const booking = await insertConsultation(await insertContact({ email: "lerato@example.co.za" }));
    const free = await insertConsultation(await insertContact(), { consultationType: "free", isPaid: true });

    expect(await post({ intent: "change-status", id: booking.id, version: "1", status: "confirmed" })).toEqual({
      status: 200,
      body: { ok: true, intent: "change-status", target: booking.id, message: "Status changed to Confirmed." },
    });
    expect(await post({ intent: "send-payment-reminder", id: booking.id })).toMatchObject({ status: 200, body: { message: "Payment reminder queued for lerato@example.co.za" } });
    expect(await post({ intent: "create-consultation", userId: "" })).toMatchObject({ status: 422, body: { ok: false, message: SELECT_USER_MESSAGE } });
    expect(await post({ intent: "delete-note", id: booking.id, version: String(await versionOf(booking.id)), index: "7", confirm: "delete" })).toMatchObject({
      status: 422,
      body: { ok: false, message: INVALID_NOTE_INDEX },
    });
    expect(await post({ intent: "mark-paid", id: free.id, version: "1" })).toMatchObject({ status: 409, body: { ok: false } });
    expect(await post({ intent: "add-note", id: "00000000-0000-4000-8000-000000000000", version: "1", note: "x" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "format-disk" })).toMatchObject({ status: 400, body: { message: "Unknown request." } });
    expect(await bookingById(booking.id)).toMatchObject({ status: "confirmed" });
  });

  it("signs notes and status changes with the signed-in admin's name, and attributes their entries to the account", async () => {
    const booking = await insertConsultation(await insertContact());
    const written = await watchActivity(database.db);
    expect(await post({ intent: "change-status", id: booking.id, version: "1", status: "confirmed", adminName: "Forged Name" })).toMatchObject({ status: 200 });
    expect(await post({ intent: "add-note", id: booking.id, version: String(await versionOf(booking.id)), note: "Called back." })).toMatchObject({ status: 200 });
    expect((await bookingById(booking.id)).adminNotes.map((note) => [note.note, note.admin_name])).toEqual([
      ['Consultation status changed to "confirmed"', "Front Desk"],
      ["Called back.", "Front Desk"],
    ]);
    const entries = await written();
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.actorName, entry.actorEmail])).toEqual([
      ["consultation.change-status", desk.id, desk.name, desk.email],
      ["consultation.add-note", desk.id, desk.name, desk.email],
    ]);
    expect(JSON.stringify(entries)).not.toContain("Forged Name");
  });

  it("answers a forbidden status change with 409 and its reason, and changes and logs nothing", async () => {
    const booking = await insertConsultation(await insertContact(), { status: "refunded" });
    const written = await watchActivity(database.db);
    expect(await post({ intent: "change-status", id: booking.id, version: "1", status: "pending" })).toMatchObject({
      status: 409,
      body: { ok: false, intent: "change-status", target: booking.id, message: "A refunded consultation cannot be changed to Pending. Refunded is final." },
    });
    expect(await bookingById(booking.id)).toMatchObject({ status: "refunded", adminNotes: [] });
    expect(await written()).toEqual([]);
  });

  it("refuses anyone who is not signed in as an admin, before reading the form", async () => {
    const booking = await insertConsultation(await insertContact());
    const written = await watchActivity(database.db);
    const answer = await post({ intent: "change-status", id: booking.id, version: "1", status: "closed" }, false);
    expect(answer).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await bookingById(booking.id)).toMatchObject({ status: "pending", adminNotes: [] });
    expect(await written()).toEqual([]);
  });
});
