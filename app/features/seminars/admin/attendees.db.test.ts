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
import { addableContacts, addAttendee, attendeesOfSeminar, removeAttendee, SeminarAtCapacityError, sendAttendeeReminder } from "./attendees.server.ts";
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
  it("writes a confirmed, unpaid booking at the seminar's price with the contact's details, and takes a seat", async () => {
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

describe(`removing an attendee (${testEngine})`, () => {
  it("deletes the booking and gives its seat back", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 2 });
    const booking = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    const answer = await post({ intent: "remove-attendee", seminarId: seminar.id, bookingId: booking.id });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: "Attendee removed" } });
    expect(await bookingsOf(seminar.id)).toHaveLength(1);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
  });

  it("frees nothing for a cancelled booking, and closes the open checkout of a hold", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5 });
    const hold = await holdSeat(
      database.db,
      { seminarId: seminar.id, contact: { firstName: "Hold", lastName: "Er", email: `hold.${Date.now()}@example.com`, phone: "+27 82 555 0198", preferredContact: "email" } },
      site,
    );
    const sessionId = `test_cs_remove_${Date.now()}`;
    await database.db.insert(checkoutSessions).values({
      id: sessionId,
      provider: "test",
      bookingKind: "seminar",
      bookingId: hold.bookingId,
      amountCents: hold.amountCents,
      url: "https://thula.example/checkout/test/x",
      expiresAt: new Date(Date.now() + 20 * 60_000),
    });
    const cancelled = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ status: "cancelled" }).where(eq(seminarBookings.id, cancelled.id));
    // The cancelled booking gave its seat back when it was cancelled.
    await database.db.update(seminars).set({ currentAttendees: 1 }).where(eq(seminars.id, seminar.id));

    await removeAttendee(database.db, testActor, provider(), { seminarId: seminar.id, bookingId: cancelled.id });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(1);
    await removeAttendee(database.db, testActor, provider(), { seminarId: seminar.id, bookingId: hold.bookingId });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(0);
    expect(await bookingsOf(seminar.id)).toEqual([]);
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe("expired");
  });

  it("refuses a booking of another seminar", async () => {
    const one = await insertSeminar(database.db);
    const other = await insertSeminar(database.db);
    const booking = await addAttendee(database.db, testActor, { seminarId: one.id, contactId: (await contact()).id }, site);
    const answer = await post({ intent: "remove-attendee", seminarId: other.id, bookingId: booking.id });
    expect(answer).toMatchObject({ status: 404, body: { title: "Failed to remove attendee", message: "That attendee is no longer on this seminar." } });
    expect(await bookingsOf(one.id)).toHaveLength(1);
    expect((await seminarById(database.db, one.id))!.currentAttendees).toBe(1);
  });
});

describe(`the attendee list and the contacts to add (${testEngine})`, () => {
  it("shows the payment badges of docs/product.md §5.2, attendees with a seat first", async () => {
    const seminar = await insertSeminar(database.db);
    const paid = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ isPaid: true, paidAt: new Date() }).where(eq(seminarBookings.id, paid.id));
    const refunded = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ status: "refunded" }).where(eq(seminarBookings.id, refunded.id));
    const cancelled = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);
    await database.db.update(seminarBookings).set({ status: "cancelled" }).where(eq(seminarBookings.id, cancelled.id));
    const pending = await addAttendee(database.db, testActor, { seminarId: seminar.id, contactId: (await contact()).id }, site);

    const list = (await attendeesOfSeminar(database.db, seminar.id))!;
    const badge = (id: string) => list.attendees.find((a) => a.bookingId === id)!.badge.label;
    expect(badge(paid.id)).toBe("Paid");
    expect(badge(refunded.id)).toBe("Refunded");
    expect(badge(cancelled.id)).toBe("Cancelled");
    expect(badge(pending.id)).toBe("Pending Payment");
    expect(list.attendees.map((a) => a.hasSeat)).toEqual([true, true, false, false]);
    expect(await attendeesOfSeminar(database.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("finds contacts by name or e-mail (any case) or phone, without those already booked", async () => {
    const seminar = await insertSeminar(database.db);
    const tag = `q${Date.now().toString(36)}`;
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
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email))).toHaveLength(2);
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
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, booking.email))).toEqual([]);
  });
});
