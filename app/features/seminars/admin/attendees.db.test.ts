import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { insertSeminar, seminarById } from "../../../../tests/support/fixtures.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { seminarsPageAction, type SeminarActionResult as Result } from "./actions.server.ts";
import { addableContacts, addAttendee, attendeesOfSeminar, SeminarAtCapacityError, sendAttendeeReminder } from "./attendees.server.ts";
import { cancelAttendeeBooking, cancelSeminar } from "./cancellations.server.ts";
import { confirmSeminarPayment } from "../booking/payment.server.ts";
import { holdSeat } from "../seats/holds.server.ts";

/** An answer of the action, read loosely: a success simply has no field errors. */
type SeminarActionResult = Result & { fieldErrors?: FieldErrors; values?: Record<string, string> };

let database: TestDatabase;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });
const site = { siteUrl: settings.siteUrl };
const provider = () => paymentProviderFor(database.db, settings);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

let counter = 0;
async function contact(details: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      firstName: `Attendee${counter}`,
      lastName: "Mthembu",
      email: `attendee.${counter}.${Date.now().toString(36)}@example.com`,
      phone: `+27 82 555 ${String(1000 + counter)}`,
      address: "3 Beach Road, Durban",
      preferredContact: "whatsapp",
      ...details,
    })
    .returning();
  return row!;
}

const bookingsOf = (seminarId: string) => database.db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminarId));

async function post(fields: Record<string, string>) {
  const request = new Request("https://thula.example/admin/seminars?attendees=x", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await seminarsPageAction({ db: database.db, settings }, testActor, request);
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: SeminarActionResult; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as SeminarActionResult };
}

describe(`adding an attendee (${testEngine})`, () => {
  it("writes a confirmed, unpaid booking at the seminar's price with the contact's details, takes a seat and tells the attendee", async () => {
    const seminar = await insertSeminar(database.db, { priceCents: 99950, maxAttendees: 5 });
    const person = await contact();
    const answer = await post({ intent: "add-attendee", seminarId: seminar.id, contactId: person.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, title: "Attendee added" });

    const [booking] = await bookingsOf(seminar.id);
    expect(booking).toMatchObject({
      userId: person.id,
      status: "confirmed",
      isPaid: false,
      amountCents: 99950,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      address: person.address,
      preferredContact: "whatsapp",
      holdExpiresAt: null,
      paidAt: null,
    });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
    // Their confirmation, with the calendar invitation, says the fee is still to pay.
    const told = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(told.map((mail) => mail.kind)).toEqual(["seminar-booking-confirmed"]);
    expect(told[0]!.textBody).toContain("Our team has booked you a seat");
    expect(told[0]!.textBody).toContain("Fee to pay: R999.50");
    expect(told[0]!.textBody).not.toContain("We've received your payment");
    expect(told[0]!.attachments.map((attachment) => attachment.filename)).toEqual(["thula-seminar.ics", "ticket-1.png"]);
  });

  it("refuses a contact already booked, but not one whose booking was cancelled", async () => {
    const seminar = await insertSeminar(database.db);
    const person = await contact({ firstName: "Zanele", lastName: "Khumalo" });
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: person.id }, site);
    const twice = await post({ intent: "add-attendee", seminarId: seminar.id, contactId: person.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ title: "Failed to add attendee", message: "Zanele Khumalo is already booked on this seminar." });
    expect(await bookingsOf(seminar.id)).toHaveLength(1);

    await database.db.update(seminarBookings).set({ status: "cancelled" }).where(eq(seminarBookings.seminarId, seminar.id));
    await database.db.update(seminars).set({ currentAttendees: 0 }).where(eq(seminars.id, seminar.id));
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: person.id }, site);
    expect((await bookingsOf(seminar.id)).map((b) => b.status).sort()).toEqual(["cancelled", "confirmed"]);
  });

  it("is refused on the server once the seminar is full", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 1 });
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    const refused = await post({ intent: "add-attendee", seminarId: seminar.id, contactId: (await contact()).id });
    expect(refused.status).toBe(409);
    expect(refused.body?.title).toBe("Failed to add attendee");
    expect(refused.body?.message).toMatch(/^This seminar is full/);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
    expect(await bookingsOf(seminar.id)).toHaveLength(1);
  });

  it("gives the last seat to exactly one of many admins adding at once", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 3 });
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    const people = await Promise.all(Array.from({ length: 8 }, () => contact()));

    const results = await Promise.allSettled(people.map((person) => addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: person.id }, site)));

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused).toHaveLength(7);
    for (const result of refused) expect(result.reason).toBeInstanceOf(SeminarAtCapacityError);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(3);
    expect(await bookingsOf(seminar.id)).toHaveLength(3);
  });

  it("adds the same contact once when two additions race", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 10 });
    const person = await contact();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: person.id }, site)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
    // One booking, one e-mail: the losers' e-mails went with their rolled-back transactions.
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email))).toHaveLength(1);
  });

  it("frees a lapsed hold's seat, so a seminar full of stale holds takes the attendee", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 1 });
    await holdSeat(
      database.db,
      { seminarId: seminar.id, contact: { firstName: "Late", lastName: "Payer", email: `late.${Date.now()}@example.com`, phone: "+27 82 555 0199", preferredContact: "email" } },
      { ...site, now: new Date(Date.now() - 40 * 60_000) },
    );
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    expect((await bookingsOf(seminar.id)).map((b) => b.status).sort()).toEqual(["cancelled", "confirmed"]);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
  });

  it("answers a bad request with a clear message, never a 500", async () => {
    const seminar = await insertSeminar(database.db);
    expect((await post({ intent: "add-attendee", seminarId: seminar.id })).body?.message).toBe("Please choose a contact to add.");
    const gone = await post({ intent: "add-attendee", seminarId: seminar.id, contactId: "00000000-0000-4000-8000-000000000000" });
    expect(gone).toMatchObject({ status: 404, body: { title: "Failed to add attendee", message: "That contact no longer exists." } });
    const noSeminar = await post({ intent: "add-attendee", seminarId: "00000000-0000-4000-8000-000000000000", contactId: (await contact()).id });
    expect(noSeminar).toMatchObject({ status: 404, body: { message: "Seminar not found" } });
  });
});

describe(`cancelling a booking (${testEngine})`, () => {
  const cancelled = (bookingId: string) => database.db.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId)).then((rows) => rows[0]!);
  const mailOf = (bookingId: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `seminar-booking-cancelled:${bookingId}`));

  async function paidAttendee(seminarId: string) {
    const booking = await addAttendee(database.db, testActor, { seminarId, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ isPaid: true, paidAt: new Date() }).where(eq(seminarBookings.id, booking.id));
    return booking;
  }

  it("keeps a paid booking as cancelled with who, when and why, gives its seat back, owes the refund and tells the customer", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 2, title: "Paid evening" });
    const booking = await paidAttendee(seminar.id);
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    const answer = await post({ intent: "cancel-booking", seminarId: seminar.id, bookingId: booking.id, cancel_reason: " Asked by phone ", refund_due: "yes" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: "Booking cancelled", target: booking.id } });
    expect(answer.body?.message).toContain("A refund of R1200.00 is due.");
    expect(await cancelled(booking.id)).toMatchObject({ status: "cancelled", isPaid: true, refundDue: true, cancelledBy: testActor.name, cancelReason: "Asked by phone", version: 2 });
    expect((await cancelled(booking.id)).cancelledAt).toBeInstanceOf(Date);
    expect(await bookingsOf(seminar.id)).toHaveLength(2);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
    const [mail] = await mailOf(booking.id);
    expect(mail).toMatchObject({ kind: "seminar-booking-cancelled", toAddress: booking.email });
    expect(mail!.subject).toMatch(/^Your booking for Paid evening on .+ has been cancelled$/);
    expect(mail!.textBody).toContain("We will refund R1200.00 to the way you paid");
    expect(mail!.textBody).not.toContain("Asked by phone");
  });

  it("owes nothing when staff answer 'No refund', and says so to the customer", async () => {
    const seminar = await insertSeminar(database.db);
    const booking = await paidAttendee(seminar.id);
    const answer = await post({ intent: "cancel-booking", seminarId: seminar.id, bookingId: booking.id, cancel_reason: "No-show policy", refund_due: "no" });
    expect(answer.body?.message).toContain("No refund is due.");
    expect(await cancelled(booking.id)).toMatchObject({ status: "cancelled", isPaid: true, refundDue: false });
    const [mail] = await mailOf(booking.id);
    expect(mail!.textBody).toContain("this booking is not refunded");
  });

  it("cancels an unpaid hold the same way: its checkout closed, its seat freed, nothing owed, nothing deleted", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5 });
    const hold = await holdSeat(
      database.db,
      { seminarId: seminar.id, contact: { firstName: "Hold", lastName: "Er", email: `hold.${Date.now()}@example.com`, phone: "+27 82 555 0198", preferredContact: "email" } },
      site,
    );
    const sessionId = `test_cs_cancel_${Date.now()}`;
    await database.db.insert(checkoutSessions).values({
      id: sessionId,
      provider: "test",
      bookingKind: "seminar",
      bookingId: hold.bookingId,
      amountCents: hold.amountCents,
      url: "https://thula.example/checkout/test/x",
      expiresAt: new Date(Date.now() + 20 * 60_000),
    });
    // An unpaid hold is never asked about a refund; a stray answer changes nothing.
    await cancelAttendeeBooking(database.db, testActor, provider(), { seminarId: seminar.id, bookingId: hold.bookingId, reason: "Duplicate booking", refundDue: true }, site);
    expect(await cancelled(hold.bookingId)).toMatchObject({ status: "cancelled", isPaid: false, refundDue: false, holdExpiresAt: null, cancelReason: "Duplicate booking" });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(0);
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe("expired");
    const [mail] = await mailOf(hold.bookingId);
    expect(mail!.textBody).toContain("You have not been charged for this seat");
  });

  it("requires a reason, refuses a booking already cancelled and one of another seminar", async () => {
    const one = await insertSeminar(database.db);
    const other = await insertSeminar(database.db);
    const booking = await addAttendee(database.db, testActor, { seminarId: one.id, contactId: (await contact()).id }, site);
    const blank = await post({ intent: "cancel-booking", seminarId: one.id, bookingId: booking.id, cancel_reason: "" });
    expect(blank).toMatchObject({ status: 422, body: { title: "Failed to cancel booking", fieldErrors: { cancel_reason: ["Please give a reason for cancelling."] } } });
    const elsewhere = await post({ intent: "cancel-booking", seminarId: other.id, bookingId: booking.id, cancel_reason: "x" });
    expect(elsewhere).toMatchObject({ status: 404, body: { title: "Failed to cancel booking", message: "That attendee is no longer on this seminar." } });
    expect((await cancelled(booking.id)).status).toBe("confirmed");

    expect((await post({ intent: "cancel-booking", seminarId: one.id, bookingId: booking.id, cancel_reason: "First" })).status).toBe(200);
    const twice = await post({ intent: "cancel-booking", seminarId: one.id, bookingId: booking.id, cancel_reason: "Second" });
    expect(twice).toMatchObject({ status: 409, body: { message: "This booking is already cancelled." } });
    expect(await cancelled(booking.id)).toMatchObject({ cancelReason: "First" });
    expect((await seminarById(database.db, one.id))!.currentAttendees).toBe(0);
  });

  it("keeps a late payment for the cancelled booking on record as owed back, without giving it a seat", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5 });
    const hold = await holdSeat(
      database.db,
      { seminarId: seminar.id, contact: { firstName: "Late", lastName: "Payer", email: `late.${Date.now()}@example.com`, phone: "+27 82 555 0197", preferredContact: "email" } },
      site,
    );
    await cancelAttendeeBooking(database.db, testActor, provider(), { seminarId: seminar.id, bookingId: hold.bookingId, reason: "Asked to cancel", refundDue: true }, site);
    await database.db.transaction((tx) => confirmSeminarPayment(tx, hold.bookingId, `test_cs_late_${Date.now()}`, new Date()));
    expect(await cancelled(hold.bookingId)).toMatchObject({ status: "cancelled", isPaid: true, refundDue: true });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(0);
  });

  it("takes no new attendee on a cancelled seminar", async () => {
    const seminar = await insertSeminar(database.db);
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await cancelSeminar(database.db, testActor, provider(), { seminarId: seminar.id, reason: "Venue lost" }, site);
    const refused = await post({ intent: "add-attendee", seminarId: seminar.id, contactId: (await contact()).id });
    expect(refused).toMatchObject({ status: 409, body: { title: "Failed to add attendee", message: "This seminar is cancelled, so no one can be added to it." } });
    expect(await bookingsOf(seminar.id)).toHaveLength(1);
  });
});

describe(`the attendee list and the contacts to add (${testEngine})`, () => {
  it("shows each booking's state and who cancelled it, attendees with a seat first", async () => {
    const seminar = await insertSeminar(database.db);
    const paid = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ isPaid: true, paidAt: new Date() }).where(eq(seminarBookings.id, paid.id));
    const refunded = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ status: "refunded" }).where(eq(seminarBookings.id, refunded.id));
    const owed = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ isPaid: true, paidAt: new Date() }).where(eq(seminarBookings.id, owed.id));
    await cancelAttendeeBooking(database.db, testActor, provider(), { seminarId: seminar.id, bookingId: owed.id, reason: "Moved abroad early", refundDue: true }, site);
    const unpaid = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);

    const list = (await attendeesOfSeminar(database.db, seminar.id))!;
    const shown = (id: string) => list.attendees.find((a) => a.bookingId === id)!;
    expect(shown(paid.id)).toMatchObject({ state: { label: "Confirmed · Paid" }, hasSeat: true, cancellable: true, cancellation: null, refundableCents: 120000 });
    expect(shown(refunded.id)).toMatchObject({ state: { label: "Cancelled · Refunded" }, cancellable: false });
    expect(shown(owed.id)).toMatchObject({ state: { label: "Cancelled · Refund due" }, hasSeat: false, cancellable: false, cancellation: { cancelledBy: testActor.name, cancelReason: "Moved abroad early" } });
    expect(shown(unpaid.id)).toMatchObject({ state: { label: "Confirmed · Unpaid" }, hasSeat: true });
    expect(list.attendees.map((a) => a.hasSeat)).toEqual([true, true, false, false]);
    expect(await attendeesOfSeminar(database.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("finds contacts by name or e-mail (any case) or phone, without those already booked", async () => {
    const seminar = await insertSeminar(database.db);
    // Letters only: a search with three or more digits also matches phone numbers, so a tag
    // whose digits happened to appear in someone's phone found them too (a flaky test).
    const tag = `q${Date.now().toString(36).replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
    const nomvula = await contact({ firstName: "Nomvula", lastName: `Dube${tag}`, email: `nomvula.${tag}@example.com`, phone: "+27 71 234 5678" });
    const booked = await contact({ firstName: "Nomsa", lastName: `Dube${tag}`, email: `nomsa.${tag}@example.com`, phone: "+27 71 234 9999" });
    const returning = await contact({ firstName: "Nomthandazo", lastName: `Dube${tag}`, email: `nomthandazo.${tag}@example.com`, phone: null });
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: booked.id }, site);
    const lapsed = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: returning.id }, site);
    await database.db.update(seminarBookings).set({ status: "cancelled" }).where(and(eq(seminarBookings.id, lapsed.id)));

    const found = async (search: string) => (await addableContacts(database.db, seminar.id, search)).contacts.map((c) => c.id);
    expect(await found(`DUBE${tag.toUpperCase()}`)).toEqual([returning.id, nomvula.id]); // by first name: Nomthandazo, Nomvula
    expect(await found(`nomvula dube${tag}`)).toEqual([nomvula.id]);
    expect(await found(`NOMVULA.${tag}@EXAMPLE`)).toEqual([nomvula.id]);
    expect(await found("234 5678")).toEqual([nomvula.id]);
    expect(await found("0712345678".slice(1))).toEqual([nomvula.id]);
    expect(await found(`${tag}%`)).toEqual([]);
    const all = await addableContacts(database.db, seminar.id, "");
    expect(all.contacts.map((c) => c.id)).not.toContain(booked.id);
    expect(all.contacts.length).toBeLessThanOrEqual(50);
  });
});

describe(`'Send Reminder' (${testEngine})`, () => {
  it("queues the reminder to that attendee with the date, time, venue, address and what to bring", async () => {
    const seminar = await insertSeminar(database.db, { title: "Reminder evening", venueName: "The Oyster Box", address: "2 Lighthouse Road, Umhlanga", city: "Durban" });
    const person = await contact();
    const booking = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: person.id }, site);
    const answer = await post({ intent: "send-reminder", seminarId: seminar.id, bookingId: booking.id });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: "Reminder queued", message: `A reminder e-mail to ${person.email} is in the outbox.` } });
    const [mail] = await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "seminar-reminder"), eq(emailOutbox.toAddress, person.email)));
    expect(mail!.subject).toMatch(/^Reminder: Reminder evening on \d{1,2} \w+ \d{4} at 18:00$/);
    for (const text of ["The Oyster Box", "2 Lighthouse Road, Umhlanga, Durban", "18:00 (South African time)", "What to bring"]) expect(mail!.textBody).toContain(text);

    // Each press queues one more.
    await sendAttendeeReminder(database.db, testActor, { seminarId: seminar.id, bookingId: booking.id }, site);
    expect(await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "seminar-reminder"), eq(emailOutbox.toAddress, person.email)))).toHaveLength(2);
  });

  it("is refused for a seminar that has taken place", async () => {
    const seminar = await insertSeminar(database.db, { seminarDate: "2020-01-01" });
    const booking = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    const answer = await post({ intent: "send-reminder", seminarId: seminar.id, bookingId: booking.id });
    expect(answer).toMatchObject({ status: 409, body: { title: "Failed to send reminder", message: "This seminar has already taken place, so there is nothing to remind anyone of." } });
  });

  it("is refused for a booking without a seat", async () => {
    const seminar = await insertSeminar(database.db);
    const booking = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ status: "cancelled" }).where(eq(seminarBookings.id, booking.id));
    const answer = await post({ intent: "send-reminder", seminarId: seminar.id, bookingId: booking.id });
    expect(answer).toMatchObject({ status: 409, body: { title: "Failed to send reminder" } });
    expect(await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "seminar-reminder"), eq(emailOutbox.toAddress, booking.email)))).toEqual([]);
  });
});
