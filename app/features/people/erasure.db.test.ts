import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { activityLog, checkoutSessions, consultationBookings, emailOutbox, ledgerEntries, seminarBookings, users } from "#db/schema/index.ts";
import { entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { requestConsultation } from "~/features/consultations/service.server.ts";
import { upsertContact } from "~/features/contacts/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { adminBookingsPage } from "~/features/seminars/admin/bookings.server.ts";
import { parseBookingListQuery } from "~/features/seminars/admin/schema.ts";
import { holdSeat, releaseHold } from "~/features/seminars/seats/holds.server.ts";
import { addConsultationNote } from "~/features/consultations/admin-actions.server.ts";
import { ConflictError, StaleEditError } from "~/lib/errors.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { insertSeminar, seminarById } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { createContact, deleteContact, deletionOf, listContactsForAdmin, updateContact, usersScreen } from "./admin.server.ts";
import { usersListParams } from "./schema.ts";

// Issue 14, docs/decisions/016: 'Delete User' on a contact with bookings or payments erases
// their personal details everywhere they are kept (the contact, each booking's copy, the notes,
// the outbox) and keeps every financial fact (amounts, paid states, checkouts, the ledger), so
// revenue does not move. A contact without bookings is deleted; one with a booking under way is
// refused until it is cancelled; the next booking by the same person is a new contact.
// Money can never be deleted, so every test makes its own people in this file's database.

const siteUrl = "https://thula.example";
const database = useTestDatabase();

function formOf(entries: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) form.set(key, value);
  return form;
}

let counter = 0;

/** Thandi, with an address of her own in this test. */
function thandi() {
  counter += 1;
  return {
    firstName: "Thandi",
    lastName: "Nkosi",
    email: `thandi.nkosi.${counter}@example.co.za`,
    phone: "+27 82 555 0123",
    address: "12 Jacaranda Street, Durban",
    preferredContact: "email" as const,
  };
}

/** Everything of Thandi's that must not survive the erasure, in any table. */
const personal = (person: ReturnType<typeof thandi>, ...more: string[]) => [
  person.firstName,
  person.lastName,
  person.email,
  person.phone,
  person.phone.replace(/\D/g, ""),
  person.address,
  ...more,
];

async function createAs(person: ReturnType<typeof thandi>, extra: Record<string, string> = {}) {
  const result = await createContact(database.db, testActor, formOf({ ...person, ...extra }));
  if (!result.ok) throw new Error(result.message);
  return (await database.db.select().from(users).where(eq(users.id, result.target!)))[0]!;
}

const pastDate = () => addDays(todayIn("Africa/Johannesburg"), -10);

/** The money on record, as the ledger and the bookings state it. */
async function money() {
  const [row] = rowsOf<{ ledger: string; seminar_paid: string; consultation_paid: string; checkouts: string }>(
    await database.db.execute(sql`
      select (select coalesce(sum(case when entry_type = 'payment' then amount_cents else -amount_cents end), 0) from ledger_entries) as ledger,
             (select coalesce(sum(amount_cents), 0) from seminar_bookings where is_paid) as seminar_paid,
             (select coalesce(sum(amount_cents), 0) from consultation_bookings where is_paid) as consultation_paid,
             (select string_agg(id || ':' || status || ':' || amount_cents, ',' order by id) from checkout_sessions) as checkouts`),
  );
  return row;
}

/** A contact with a paid seat at a seminar that took place, a lapsed hold, a completed paid consultation, and e-mails. */
async function contactWithHistory() {
  const person = thandi();
  const contact = await createAs(person);
  const oldAddress = `old.${person.email}`;
  const past = await insertSeminar(database.db, { title: `Durban evening ${counter}`, seminarDate: pastDate() });
  const upcoming = await insertSeminar(database.db, { title: `Joburg CV clinic ${counter}` });
  const copied = { userId: contact.id, firstName: person.firstName, lastName: person.lastName, phone: person.phone, address: person.address };
  const seatSession = `test_cs_seat_${counter}_${Date.now()}`;
  const [seat] = await database.db
    .insert(seminarBookings)
    .values({
      ...copied,
      email: oldAddress,
      seminarId: past.id,
      notes: "I have a British passport through my father.",
      status: "confirmed",
      isPaid: true,
      paidAt: new Date("2026-02-01T10:00:00Z"),
      amountCents: 120000,
      paymentSessionId: seatSession,
    })
    .returning();
  const [lapsed] = await database.db
    .insert(seminarBookings)
    .values({ ...copied, email: person.email, seminarId: upcoming.id, notes: "Coming with my mother.", status: "cancelled", amountCents: 95000 })
    .returning();
  const consultSession = `test_cs_consult_${counter}_${Date.now()}`;
  const [consultation] = await database.db
    .insert(consultationBookings)
    .values({
      ...copied,
      email: person.email,
      consultationType: "paid",
      status: "completed",
      isPaid: true,
      paidAt: new Date("2026-02-03T10:00:00Z"),
      amountCents: 349900,
      paymentSessionId: consultSession,
      description: "Nurse on an ancestry visa, moving to Leeds.",
      preferredDatetime: "morning",
      adminNotes: [{ datetime: "2026-02-04T08:00:00.000Z", note: "Thandi asked about her mother's visa.", admin_name: "Zanele Dube" }],
    })
    .returning();
  for (const [id, bookingKind, bookingId, amountCents] of [
    [seatSession, "seminar", seat!.id, 120000],
    [consultSession, "consultation", consultation!.id, 349900],
  ] as const) {
    await database.db.insert(checkoutSessions).values({ id, provider: "test", bookingKind, bookingId, amountCents, status: "paid", url: `${siteUrl}/checkout/test/${id}`, expiresAt: new Date(), completedAt: new Date() });
    await database.db.insert(ledgerEntries).values({
      entryType: "payment",
      bookingKind,
      bookingId,
      amountCents,
      provider: "test",
      checkoutSessionId: id,
      providerReference: id,
      actorName: "Visitor",
      occurredAt: new Date("2026-02-01T10:00:00Z"),
    });
  }
  const sent = await queueEmail(database.db, { kind: "seminar-booking-confirmed", to: oldAddress, subject: "You're booked", text: "Hi Thandi, see you in Durban.", html: "<p>Hi Thandi</p>", attachments: [{ filename: "seminar.ics", contentType: "text/calendar", contentBase64: "QkVHSU4=" }] });
  await database.db.update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.id, sent.id!));
  const queued = await queueEmail(database.db, { kind: "consultation-intro", to: person.email.toUpperCase(), subject: "Meet your adviser", text: "Meet your adviser, Thandi", html: "<p>Thandi</p>" });
  const someoneElse = await queueEmail(database.db, { kind: "consultation-intro", to: `someone.else.${counter}@example.com`, subject: "Meet your adviser", text: "Meet your adviser, Sipho", html: "<p>Sipho</p>" });
  return { person, contact, oldAddress, past, upcoming, seat: seat!, lapsed: lapsed!, consultation: consultation!, emails: { sent: sent.id!, queued: queued.id!, someoneElse: someoneElse.id! } };
}

describe(`anonymising a contact with history (${testEngine})`, () => {
  it("tells staff first what will happen: the bookings, the money, and the e-mails that will not go", async () => {
    const { contact } = await contactWithHistory();
    expect(await deletionOf(database.db, contact)).toEqual({
      kind: "anonymise",
      seminarBookings: 2,
      consultations: 1,
      paidCents: 469900,
      refundedCents: 0,
      queuedEmails: 1,
    });
    const screen = await usersScreen(database.db, new URLSearchParams({ delete: contact.id }));
    expect(screen.deleting?.deletion).toMatchObject({ kind: "anonymise", seminarBookings: 2, consultations: 1 });
  });

  it("erases the personal details from the contact, their bookings and the outbox, and keeps every amount, payment, checkout and ledger row", async () => {
    const { person, contact, oldAddress, seat, lapsed, consultation, emails, past } = await contactWithHistory();
    const moneyBefore = await money();
    const ledgerBefore = await database.db.select().from(ledgerEntries);
    const seatsBefore = (await seminarById(database.db, past.id))!.currentAttendees;
    const now = new Date();

    const result = await deleteContact(database.db, testActor, formOf({ id: contact.id }), now);
    expect(result).toEqual({
      ok: true,
      message: 'Thandi Nkosi\'s details were anonymised. Their 3 bookings (2 seminar bookings and 1 consultation) and R4699.00 paid are kept, as "Deleted contact".',
    });

    const placeholder = `deleted-${contact.id}@invalid`;
    const [after] = await database.db.select().from(users).where(eq(users.id, contact.id));
    expect(after).toMatchObject({ firstName: "Deleted", lastName: "contact", email: placeholder, phone: null, address: null, isAdmin: false, anonymisedAt: now, version: contact.version + 1 });

    const seats = await database.db.select().from(seminarBookings).where(eq(seminarBookings.userId, contact.id));
    expect(seats).toHaveLength(2);
    for (const booking of seats) expect(booking).toMatchObject({ firstName: "Deleted", lastName: "contact", email: placeholder, phone: null, address: null, notes: null });
    expect(seats.find((booking) => booking.id === seat.id)).toMatchObject({ status: "confirmed", isPaid: true, paidAt: seat.paidAt, amountCents: 120000, paymentSessionId: seat.paymentSessionId, seminarId: seat.seminarId });
    expect(seats.find((booking) => booking.id === lapsed.id)).toMatchObject({ status: "cancelled", isPaid: false, amountCents: 95000 });

    const [consulted] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.userId, contact.id));
    expect(consulted).toMatchObject({
      id: consultation.id,
      firstName: "Deleted",
      lastName: "contact",
      email: placeholder,
      phone: null,
      address: null,
      description: null,
      adminNotes: [],
      consultationType: "paid",
      status: "completed",
      isPaid: true,
      paidAt: consultation.paidAt,
      amountCents: 349900,
      paymentSessionId: consultation.paymentSessionId,
      preferredDatetime: "morning",
    });

    // The money did not move: the ledger is row for row the same, the checkouts too, and every sum.
    expect(await database.db.select().from(ledgerEntries)).toEqual(ledgerBefore);
    expect(await money()).toEqual(moneyBefore);
    expect((await seminarById(database.db, past.id))!.currentAttendees).toBe(seatsBefore);

    // /admin/bookings still lists the seat with its amount, as "Deleted contact".
    const bookings = await adminBookingsPage(database.db, parseBookingListQuery(new URLSearchParams({ q: placeholder })));
    expect(bookings.bookings.map((booking) => [booking.id, booking.firstName, booking.lastName, booking.amountCents, booking.isPaid]).sort()).toEqual(
      [
        [seat.id, "Deleted", "contact", 120000, true],
        [lapsed.id, "Deleted", "contact", 95000, false],
      ].sort(),
    );

    // The outbox: the sent e-mail keeps what it was and when, not to whom or what it said; the queued one never goes; other people's are untouched.
    const outbox = await database.db.select().from(emailOutbox);
    const byId = (id: string) => outbox.find((email) => email.id === id)!;
    expect(byId(emails.sent)).toMatchObject({ kind: "seminar-booking-confirmed", subject: "You're booked", status: "sent", toAddress: placeholder, attachments: [] });
    expect(byId(emails.sent).textBody).not.toContain("Thandi");
    expect(byId(emails.queued)).toMatchObject({ kind: "consultation-intro", status: "failed", toAddress: placeholder, lastError: expect.stringContaining("anonymised") });
    expect(byId(emails.someoneElse)).toMatchObject({ status: "queued", textBody: "Meet your adviser, Sipho" });

    // One entry, by reference, with no personal detail.
    const entries = await entriesOf(database.db, "contact", contact.id);
    expect(entries.at(-1)).toMatchObject({
      actorName: testActor.name,
      action: "contact.anonymise",
      summary: `Anonymised user ${bookingReference(contact.id)}: personal details erased, 3 bookings (2 seminar bookings and 1 consultation) kept; 1 queued e-mail withdrawn`,
      changes: { firstName: { changed: true }, lastName: { changed: true }, email: { changed: true }, phone: { changed: true }, address: { changed: true } },
    });

    // The consultation is a new version with its own entry, so a dialog opened before is refused (docs/decisions/014).
    expect((await entriesOf(database.db, "consultation", consultation.id)).at(-1)).toMatchObject({
      action: "consultation.anonymise",
      summary: `Erased the client's details from consultation ${bookingReference(consultation.id)} (user ${bookingReference(contact.id)} anonymised)`,
    });
    await expect(addConsultationNote(database.db, testActor, formOf({ id: consultation.id, version: String(consultation.version), note: "Late note" }))).rejects.toBeInstanceOf(StaleEditError);

    // Nothing of Thandi is left in the tables that held her.
    const everything = JSON.stringify([
      await database.db.select().from(users).where(eq(users.id, contact.id)),
      await database.db.select().from(seminarBookings).where(eq(seminarBookings.userId, contact.id)),
      await database.db.select().from(consultationBookings).where(eq(consultationBookings.userId, contact.id)),
      outbox.filter((email) => email.id === emails.sent || email.id === emails.queued),
      await database.db.select().from(activityLog),
    ]);
    for (const detail of personal(person, oldAddress, "British passport", "my mother", "ancestry visa", "mother's visa")) expect(everything).not.toContain(detail);
  });

  it("shows the contact as 'Deleted contact', with nothing to edit, delete again or book", async () => {
    const { contact } = await contactWithHistory();
    await deleteContact(database.db, testActor, formOf({ id: contact.id }));
    const list = await listContactsForAdmin(database.db, usersListParams(new URLSearchParams({ q: `deleted-${contact.id}` })));
    expect(list.users.map((user) => [user.id, `${user.firstName} ${user.lastName}`, user.seminarBookingCount, user.consultationCount])).toEqual([[contact.id, "Deleted contact", 2, 1]]);
    expect(list.users[0]!.anonymisedAt).toBeInstanceOf(Date);

    expect((await usersScreen(database.db, new URLSearchParams({ edit: contact.id }))).editing).toBeNull();
    await expect(updateContact(database.db, testActor, formOf({ ...thandi(), id: contact.id }))).rejects.toThrow("details were erased at their request");
    await expect(deleteContact(database.db, testActor, formOf({ id: contact.id }))).rejects.toThrow("already erased");
    expect((await usersScreen(database.db, new URLSearchParams({ delete: contact.id }))).deleting?.deletion.kind).toBe("anonymised");
  });

  it("makes the person's next booking a new contact: the visitor forms never reach the anonymised one", async () => {
    const { person, contact, upcoming } = await contactWithHistory();
    await deleteContact(database.db, testActor, formOf({ id: contact.id }));

    const again = await upsertContact(database.db, person);
    expect(again.id).not.toBe(contact.id);
    const hold = await holdSeat(database.db, { seminarId: upcoming.id, contact: { ...person, email: person.email.toUpperCase() } }, { siteUrl });
    expect(hold.userId).toBe(again.id);
    const request = await requestConsultation(database.db, { type: "free", form: { ...person, preferredTime: "morning" } }, { siteUrl });
    const [requested] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, request.bookingId));
    expect(requested!.userId).toBe(again.id);

    const [anonymised] = await database.db.select().from(users).where(eq(users.id, contact.id));
    expect(anonymised).toMatchObject({ firstName: "Deleted", email: `deleted-${contact.id}@invalid`, phone: null });
    // The placeholder is no address a form accepts, so no visitor can type their way to the old record.
    expect((await createContact(database.db, testActor, formOf({ ...thandi(), email: `deleted-${contact.id}@invalid` }))).ok).toBe(false);
  });
});

describe(`what 'Delete User' refuses or simply deletes (${testEngine})`, () => {
  it("deletes a contact without any booking, as before, and logs it by reference", async () => {
    const contact = await createAs(thandi());
    expect(await deletionOf(database.db, contact)).toEqual({ kind: "delete" });
    expect(await deleteContact(database.db, testActor, formOf({ id: contact.id }))).toEqual({ ok: true, message: "Thandi Nkosi was deleted." });
    expect(await database.db.select().from(users).where(eq(users.id, contact.id))).toEqual([]);
    expect((await entriesOf(database.db, "contact", contact.id)).at(-1)).toMatchObject({ action: "contact.delete", summary: `Deleted user ${bookingReference(contact.id)}` });
  });

  it("refuses while a seat at an upcoming seminar or a consultation is under way, says what to cancel, and changes nothing", async () => {
    const person = thandi();
    const contact = await createAs(person);
    const upcoming = await insertSeminar(database.db);
    const hold = await holdSeat(database.db, { seminarId: upcoming.id, contact: person }, { siteUrl });
    await requestConsultation(database.db, { type: "paid", form: { ...person, preferredTime: "evening" } }, { siteUrl });

    expect(await deletionOf(database.db, contact)).toMatchObject({ kind: "refuse", upcomingSeats: 1, openConsultations: 1 });
    const attempt = deleteContact(database.db, testActor, formOf({ id: contact.id }));
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toThrow(
      "Thandi Nkosi still holds 1 seat at an upcoming seminar and has 1 consultation under way. Their details cannot be erased while a booking is under way: cancel the seat (Seminars, Manage Attendees) and cancel the consultation (its details, Cancel consultation) first, then delete the contact.",
    );
    expect(await database.db.select().from(users).where(eq(users.id, contact.id))).toEqual([contact]);
    expect((await seminarById(database.db, upcoming.id))!.currentAttendees).toBe(1);

    // Once the seat is given up and the request closed, the contact is anonymised.
    await releaseHold(database.db, hold.bookingId);
    await database.db.update(consultationBookings).set({ status: "closed" }).where(eq(consultationBookings.userId, contact.id));
    expect(await deletionOf(database.db, contact)).toMatchObject({ kind: "anonymise", seminarBookings: 1, consultations: 1, paidCents: 0 });
    expect(await deleteContact(database.db, testActor, formOf({ id: contact.id }))).toMatchObject({ ok: true });
  });

  it("never anonymises the contact that gives the admin access", async () => {
    const person = { ...thandi(), email: `desk.${counter}@thula.example` };
    const admin = await createAs(person, { isAdmin: "on" });
    await database.db.insert(seminarBookings).values({
      userId: admin.id,
      seminarId: (await insertSeminar(database.db, { seminarDate: pastDate() })).id,
      firstName: "Desk",
      lastName: "Admin",
      email: admin.email,
      status: "confirmed",
      amountCents: 0,
    });
    await expect(deleteContact(database.db, { ...testActor, email: admin.email.toUpperCase() }, formOf({ id: admin.id }))).rejects.toThrow(
      "You cannot delete the user that gives you admin privileges",
    );
    expect((await database.db.select().from(users).where(eq(users.id, admin.id)))[0]).toMatchObject({ isAdmin: true, anonymisedAt: null });
  });

  it("is one transaction: when the last step fails, nothing is erased anywhere", async () => {
    const { contact, seat, emails } = await contactWithHistory();
    await database.db.execute(sql`
      create or replace function refuse_contact_update() returns trigger language plpgsql as $$
      begin raise exception 'contacts cannot change in this test'; end $$`);
    await database.db.execute(sql`create trigger refuse_contact_update before update on users for each row execute function refuse_contact_update()`);
    try {
      await expect(deleteContact(database.db, testActor, formOf({ id: contact.id }))).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_contact_update on users`);
      await database.db.execute(sql`drop function refuse_contact_update()`);
    }
    expect((await database.db.select().from(users).where(eq(users.id, contact.id)))[0]).toMatchObject({ firstName: "Thandi", anonymisedAt: null });
    expect((await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, seat.id)))[0]).toMatchObject({ firstName: "Thandi", notes: "I have a British passport through my father." });
    expect((await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, emails.queued)))[0]).toMatchObject({ status: "queued" });
  });
});
