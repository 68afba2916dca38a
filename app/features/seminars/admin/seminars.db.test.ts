import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { completeCheckout, paymentProviderFor } from "~/features/payments/service.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { bookingReference } from "~/lib/ids.ts";
import { insertSeminar, seminarById } from "../../../../tests/support/fixtures.ts";
import { entriesAddedBy, entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { loadSeminarsPage, seminarsPageAction, type SeminarActionResult as Result, type SeminarsPageData } from "./actions.server.ts";
import { updateSeminar } from "./seminars.server.ts";
import { cancelSeminar } from "./cancellations.server.ts";
import { eventsPage, nextSeminarForCards, seminarForBookingPage } from "../events/listing.server.ts";
import { parseEventFilters } from "../events/filters.ts";
import { seminarSitemapEntries } from "../events/sitemap.server.ts";
import { seminarPaidItem } from "../booking/checkout.server.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { seminarFormValues, type SeminarInput } from "./schema.ts";
import { seminarFormFields } from "../testing/admin-forms.ts";

/** An answer of the action, read loosely: a success simply has no field errors. */
type SeminarActionResult = Result & { fieldErrors?: FieldErrors; values?: Record<string, string> };

let database: TestDatabase;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });
const runtime = () => ({ db: database.db, settings });
const today = () => todayIn("Africa/Johannesburg");

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

type Outcome = { status: number; location?: string; body?: SeminarActionResult };

/** Posts a form to the /admin/seminars action and reads the answer, whatever its shape. */
async function post(fields: Record<string, string | string[]>, search = ""): Promise<Outcome> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const request = new Request(`https://thula.example/admin/seminars${search}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await seminarsPageAction(runtime(), testActor, request);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") ?? undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: SeminarActionResult; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as SeminarActionResult };
}

const validForm = seminarFormFields;

const byTitle = async (title: string) => (await database.db.select().from(seminars).where(eq(seminars.title, title)))[0];
const seminarCount = async () => (await database.db.select().from(seminars)).length;

/** An open test checkout of R1200.00 for a booking, 20 minutes from lapsing; its id starts with `prefix`. */
async function openTestCheckout(prefix: string, bookingId: string): Promise<string> {
  const sessionId = `${prefix}_${Date.now()}`;
  await database.db.insert(checkoutSessions).values({
    id: sessionId,
    provider: "test",
    bookingKind: "seminar",
    bookingId,
    amountCents: 120000,
    url: "https://thula.example/checkout/test/x",
    expiresAt: new Date(Date.now() + 20 * 60_000),
  });
  return sessionId;
}

describe(`creating a seminar (${testEngine})`, () => {
  it("stores the seminar with its price in exact cents and sends the admin back to the list", async () => {
    const form = validForm({ price: "1499.99", max_attendees: "45" });
    const answer = await post(form, "?create=1&q=durban");
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "https://thula.example");
    expect(location.pathname).toBe("/admin/seminars");
    expect(location.searchParams.get("notice")).toBe("created");
    expect(location.searchParams.get("q")).toBe("durban");
    expect(location.searchParams.has("create")).toBe(false);
    const saved = await byTitle(form.title as string);
    expect(saved).toMatchObject({ priceCents: 149999, maxAttendees: 45, currentAttendees: 0, isActive: true, seminarTime: "18:00:00", organizerName: "Thula Relocations" });
  });

  it("refuses a blank organizer name and a blank location with the messages of docs/product.md §6.7, storing nothing", async () => {
    const before = await seminarCount();
    const answer = await post(validForm({ organizer_name: "   ", location: "" }));
    expect(answer.status).toBe(422);
    expect(answer.body?.title).toBe("Failed to create seminar");
    expect(answer.body?.fieldErrors?.organizer_name).toEqual(["Organizer name is required"]);
    expect(answer.body?.fieldErrors?.location).toEqual(["Location is required"]);
    // What was typed comes back, so nothing is lost.
    expect(answer.body?.values?.city).toBe("Durban");
    expect(await seminarCount()).toBe(before);
  });

  it("requires every other field", async () => {
    const answer = await post({ intent: "create-seminar" });
    expect(answer.status).toBe(422);
    const errors = answer.body!.fieldErrors!;
    for (const field of ["title", "organizer_name", "city", "venue_name", "address", "location", "seminar_date", "seminar_time", "price", "max_attendees"]) {
      expect(errors[field], field).toBeDefined();
    }
    expect(errors.description).toBeUndefined();
  });

  it("refuses a date before today in South Africa and accepts today", async () => {
    const past = await post(validForm({ seminar_date: addDays(today(), -1) }));
    expect(past.status).toBe(422);
    expect(past.body?.fieldErrors?.seminar_date).toEqual(["The date cannot be in the past"]);
    const notADate = await post(validForm({ seminar_date: "2030-02-30" }));
    expect(notADate.body?.fieldErrors?.seminar_date).toEqual(["Enter a real date (YYYY-MM-DD)"]);
    const form = validForm({ seminar_date: today() });
    expect((await post(form)).status).toBe(302);
    expect((await byTitle(form.title as string))!.seminarDate).toBe(today());
  });

  it.each([
    ["12.345", undefined, "Price can have at most 2 decimal places"],
    ["-1", undefined, "Price cannot be negative"],
    ["abc", 0, undefined],
    ["19.99", 1999, undefined],
    ["0.1", 10, undefined],
    ["1200", 120000, undefined],
    ["0", 0, undefined],
    ["12.50", 1250, undefined],
  ])("price %j: stored as %j cents, or refused with %j", async (price, cents, message) => {
    const form = validForm({ price });
    const answer = await post(form);
    if (message) {
      expect(answer.status).toBe(422);
      expect(answer.body?.fieldErrors?.price).toEqual([message]);
      expect(await byTitle(form.title as string)).toBeUndefined();
    } else {
      expect(answer.status).toBe(302);
      expect((await byTitle(form.title as string))!.priceCents).toBe(cents);
    }
  });

  it.each([["0"], ["-3"], ["2.5"], [""], ["ten"]])("refuses max attendees %j", async (max) => {
    const answer = await post(validForm({ max_attendees: max }));
    expect(answer.status).toBe(422);
    expect(answer.body?.fieldErrors?.max_attendees?.[0]).toMatch(/^Max attendees (is required|must be a whole number of at least 1)$/);
  });

  it("is active unless the box is unticked; a request without the field makes an active seminar", async () => {
    const inactive = validForm({ is_active: "false" });
    await post(inactive);
    expect((await byTitle(inactive.title as string))!.isActive).toBe(false);
    const { is_active: _dropped, ...bare } = validForm();
    await post(bare);
    expect((await byTitle(bare.title as string))!.isActive).toBe(true);
  });
});

const input = (seminar: Awaited<ReturnType<typeof insertSeminar>>, change: Partial<SeminarInput> = {}): SeminarInput => ({
  title: seminar.title,
  organizerName: seminar.organizerName,
  description: seminar.description,
  city: seminar.city,
  venueName: seminar.venueName,
  address: seminar.address,
  location: seminar.location,
  seminarDate: seminar.seminarDate,
  seminarTime: seminar.seminarTime.slice(0, 5),
  priceCents: seminar.priceCents,
  maxAttendees: seminar.maxAttendees,
  isActive: seminar.isActive,
  ...change,
});

async function contact(n: string) {
  const [row] = await database.db
    .insert(users)
    .values({ firstName: `Person${n}`, lastName: "Admin", email: `person.${n}.${Date.now()}@example.com`, phone: "+27 82 555 0100" })
    .returning();
  return row!;
}

/** A booking written as the booking code would leave it; the seat count is set by the caller. */
async function booking(seminarId: string, kind: "paid" | "added" | "hold" | "lapsed" | "cancelled", n: string) {
  const person = await contact(n);
  const now = Date.now();
  const [row] = await database.db
    .insert(seminarBookings)
    .values({
      userId: person.id,
      seminarId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      status: kind === "paid" || kind === "added" ? "confirmed" : kind === "cancelled" ? "cancelled" : "pending",
      isPaid: kind === "paid",
      amountCents: 120000,
      holdExpiresAt: kind === "hold" ? new Date(now + 20 * 60_000) : kind === "lapsed" ? new Date(now - 60_000) : null,
      paidAt: kind === "paid" ? new Date() : null,
    })
    .returning();
  return row!;
}

describe(`editing a seminar (${testEngine})`, () => {
  it("never lets Max attendees go below the seats already taken", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 10, currentAttendees: 3 });
    await booking(seminar.id, "paid", "e1");
    await booking(seminar.id, "added", "e2");
    await booking(seminar.id, "hold", "e3");

    const answer = await post({ ...validForm({ intent: "update-seminar", version: "1", max_attendees: "2" }), seminarId: seminar.id });
    expect(answer.status).toBe(422);
    expect(answer.body?.title).toBe("Failed to save seminar");
    expect(answer.body?.fieldErrors?.max_attendees).toEqual(["Max attendees cannot be below the 3 seats already taken."]);
    expect((await seminarById(database.db, seminar.id))!.maxAttendees).toBe(10);

    const saved = await post({ ...validForm({ intent: "update-seminar", version: "1", max_attendees: "3", title: "Renamed evening" }), seminarId: seminar.id }, "?edit=x");
    expect(saved.status).toBe(302);
    expect(new URL(saved.location!, "https://thula.example").searchParams.get("notice")).toBe("saved");
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ maxAttendees: 3, currentAttendees: 3, title: "Renamed evening" });
  });

  it("frees lapsed holds first, so their seats do not count", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5, currentAttendees: 2 });
    await booking(seminar.id, "paid", "l1");
    await booking(seminar.id, "lapsed", "l2");
    const saved = await updateSeminar(database.db, testActor, seminar, input(seminar, { maxAttendees: 1 }), { siteUrl: settings.siteUrl });
    expect(saved).toMatchObject({ maxAttendees: 1, currentAttendees: 1 });
  });

  it("does not move a seminar into the past, but keeps the past date of one that has taken place", async () => {
    const upcoming = await insertSeminar(database.db);
    const moved = await post({ ...validForm({ intent: "update-seminar", version: "1", seminar_date: addDays(today(), -2) }), seminarId: upcoming.id });
    expect(moved.status).toBe(422);
    expect(moved.body?.fieldErrors?.seminar_date).toEqual(["The date cannot be in the past"]);

    const past = await insertSeminar(database.db, { seminarDate: addDays(today(), -30) });
    const corrected = await post({ ...validForm({ intent: "update-seminar", version: "1", seminar_date: past.seminarDate, title: "Past, typo fixed" }), seminarId: past.id });
    expect(corrected.status).toBe(302);
    expect((await seminarById(database.db, past.id))!.title).toBe("Past, typo fixed");
  });

  it("refuses an edit with the messages of docs/product.md §6.7, and an unknown seminar with 'Seminar not found'", async () => {
    const seminar = await insertSeminar(database.db);
    const blank = await post({ ...validForm({ intent: "update-seminar", version: "1", organizer_name: "" }), seminarId: seminar.id });
    expect(blank.body?.fieldErrors?.organizer_name).toEqual(["Organizer name is required"]);
    const missing = await post({ ...validForm({ intent: "update-seminar", version: "1" }), seminarId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(missing.body?.message).toBe("Seminar not found");
  });
});

describe(`deleting a seminar nobody booked (${testEngine})`, () => {
  it("deletes it and says so, back on the list's first page", async () => {
    const seminar = await insertSeminar(database.db, { title: "Never booked" });
    const answer = await post({ intent: "delete-seminar", seminarId: seminar.id }, "?delete=x&page=3");
    expect(answer.status).toBe(302);
    expect(Object.fromEntries(new URL(answer.location!, "https://thula.example").searchParams)).toEqual({ notice: "deleted", title: "Never booked" });
    expect(await seminarById(database.db, seminar.id)).toBeUndefined();
  });

  it("refuses a seminar with any booking, even a cancelled one: it is cancelled instead, and nothing changes", async () => {
    const seminar = await insertSeminar(database.db, { title: "Once booked" });
    await booking(seminar.id, "cancelled", "x1");
    const answer = await post({ intent: "delete-seminar", seminarId: seminar.id });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ title: "Failed to delete seminar", message: expect.stringMatching(/has bookings, so it cannot be deleted: cancel it instead/) });
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ title: "Once booked", isActive: true, cancelledAt: null });
    expect(await database.db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id))).toHaveLength(1);
  });

  it("answers an unknown seminar with 'Seminar not found' and an unknown intent with a 400", async () => {
    const missing = await post({ intent: "delete-seminar", seminarId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ title: "Failed to delete seminar", message: "Seminar not found" });
    expect((await post({ intent: "drop-tables" })).status).toBe(400);
  });
});

describe(`cancelling a seminar with bookings (${testEngine})`, () => {
  const bookingsOf = (seminarId: string) => database.db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminarId));
  const mailsTo = (bookingIds: string[]) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.dedupeKey, bookingIds.map((id) => `seminar-cancelled:${id}`)));

  it("archives it, cancels every live booking (seat freed, refunds due on the paid ones), e-mails each attendee once, closes checkouts and erases nothing", async () => {
    // Four seats taken: three live bookings and a hold that has lapsed but not been released yet.
    const seminar = await insertSeminar(database.db, { maxAttendees: 10, currentAttendees: 4, title: "To be cancelled" });
    const paid = await booking(seminar.id, "paid", "d1");
    const added = await booking(seminar.id, "added", "d2");
    const hold = await booking(seminar.id, "hold", "d3");
    const lapsed = await booking(seminar.id, "lapsed", "d4");
    const earlier = await booking(seminar.id, "cancelled", "d5");
    const sessionId = await openTestCheckout("test_cs_cancel", hold.id);

    const answer = await post({ intent: "cancel-seminar", seminarId: seminar.id, cancel_reason: "  The venue flooded  " }, "?delete=x&page=3&q=cancel");
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "https://thula.example");
    expect(Object.fromEntries(location.searchParams)).toEqual({ q: "cancel", page: "3", notice: "cancelled", title: "To be cancelled", mailed: "3", refunds: "1" });

    // The seminar is kept, archived, with who, when and why.
    const archived = (await seminarById(database.db, seminar.id))!;
    expect(archived).toMatchObject({ isActive: false, currentAttendees: 0, cancelledBy: testActor.name, cancelReason: "The venue flooded", version: seminar.version + 1 });
    expect(archived.cancelledAt).toBeInstanceOf(Date);

    // Every booking is still there; the live ones are cancelled with the seminar's who, when and why.
    const rows = new Map((await bookingsOf(seminar.id)).map((row) => [row.id, row]));
    expect(rows.size).toBe(5);
    for (const live of [paid, added, hold]) {
      expect(rows.get(live.id)).toMatchObject({ status: "cancelled", cancelledBy: testActor.name, cancelReason: "The venue flooded", holdExpiresAt: null, version: 2 });
      expect(rows.get(live.id)!.cancelledAt!.getTime()).toBe(archived.cancelledAt!.getTime());
    }
    expect(rows.get(paid.id)).toMatchObject({ isPaid: true, refundDue: true, refundedCents: 0 });
    expect(rows.get(added.id)!.refundDue).toBe(false);
    expect(rows.get(hold.id)!.refundDue).toBe(false);
    // The lapsed hold was released by the system first; the earlier cancellation is untouched.
    expect(rows.get(lapsed.id)).toMatchObject({ status: "cancelled", cancelledBy: "System", cancelReason: "Unpaid hold lapsed", refundDue: false });
    expect(rows.get(earlier.id)).toMatchObject({ status: "cancelled", cancelledBy: null, version: 1 });

    // One e-mail per attendee who held a seat, with the right words about money; none to the others.
    const mails = await mailsTo([paid.id, added.id, hold.id, lapsed.id, earlier.id]);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([paid.email, added.email, hold.email].sort());
    expect(mails.every((mail) => mail.subject.startsWith("Cancelled: To be cancelled on "))).toBe(true);
    expect(mails.find((mail) => mail.toAddress === paid.email)!.textBody).toContain("You paid R1200.00 for your seat. We will refund R1200.00 to the way you paid");
    for (const unpaid of [added, hold]) {
      const text = mails.find((mail) => mail.toAddress === unpaid.email)!.textBody;
      expect(text).toContain("You have not been charged");
      expect(text).not.toContain("We will refund");
    }
    // The reason is for staff: it is not sent.
    expect(mails.some((mail) => mail.textBody.includes("flooded"))).toBe(false);

    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe("expired");
  });

  it("takes it off every public list, and its page says it was cancelled", async () => {
    const seminar = await insertSeminar(database.db, { title: `Public cancel ${Date.now().toString(36)}`, currentAttendees: 1 });
    await booking(seminar.id, "added", "p1");
    const filters = parseEventFilters(new URLSearchParams(`q=${encodeURIComponent(seminar.title)}`), today());
    expect((await eventsPage(database.db, filters)).total).toBe(1);

    await cancelSeminar(database.db, testActor, paymentProviderFor(database.db, settings), { seminarId: seminar.id, reason: "Speaker ill" }, { siteUrl: settings.siteUrl });

    expect((await eventsPage(database.db, filters)).total).toBe(0);
    expect((await seminarSitemapEntries(database.db)).map((entry) => entry.path)).not.toContain(`/events/book/${seminar.id}`);
    expect((await nextSeminarForCards(database.db))?.id).not.toBe(seminar.id);
    expect(await seminarForBookingPage(database.db, seminar.id)).toMatchObject({ cancelled: true, isActive: false, bookable: false });
    // A stale booking form cannot take a seat.
    await expect(
      holdSeat(database.db, { seminarId: seminar.id, contact: { firstName: "Late", lastName: "Comer", email: "late.comer@example.com", phone: "+27 82 555 0101", preferredContact: "email" } }, { siteUrl: settings.siteUrl }),
    ).rejects.toThrow("no longer taking bookings");
  });

  it("keeps a payment that arrives after the cancellation on record: paid, still cancelled, refund due, no seat; the payer is told and staff see it", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5 });
    const hold = await booking(seminar.id, "hold", "lp1");
    await database.db.update(seminars).set({ currentAttendees: 1 }).where(eq(seminars.id, seminar.id));
    const sessionId = await openTestCheckout("test_cs_late", hold.id);
    await cancelSeminar(database.db, testActor, paymentProviderFor(database.db, settings), { seminarId: seminar.id, reason: "Venue closed" }, { siteUrl: settings.siteUrl });
    // The provider reports the payment anyway (it was made a moment before the checkout was closed).
    await database.db.update(checkoutSessions).set({ status: "open" }).where(eq(checkoutSessions.id, sessionId));
    const completed = await completeCheckout(database.db, { sessionId, status: "paid", amountCents: 120000, currency: "ZAR", bookingId: hold.id }, { seminar: seminarPaidItem(settings.siteUrl) });
    expect(completed.status).toBe("completed");
    const [row] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.id));
    expect(row).toMatchObject({ status: "cancelled", isPaid: true, refundDue: true, cancelReason: "Venue closed" });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(0);
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `seminar-booking-confirmed:${hold.id}`))).toEqual([]);
    const [told] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `seminar-paid-without-seat:${hold.id}`));
    expect(told).toMatchObject({ kind: "seminar-paid-without-seat", toAddress: row!.email });
    expect(told!.textBody).toContain("It reached us after your booking had been cancelled");
    expect((await entriesOf(database.db, "seminar_booking", hold.id)).at(-1)).toMatchObject({
      actorName: "System",
      action: "seminar_booking.paid-without-seat",
      summary: `A payment of R1200.00 arrived for booking ${bookingReference(hold.id)} of "${seminar.title}" after it was cancelled; refund due, the payer was e-mailed`,
    });
  });

  it("stands when a cancellation e-mail cannot be queued", async () => {
    const seminar = await insertSeminar(database.db, { currentAttendees: 1 });
    const attendee = await booking(seminar.id, "paid", "f1");
    // A site address that is not a web link makes the e-mail refuse to render.
    const cancelled = await cancelSeminar(database.db, testActor, paymentProviderFor(database.db, settings), { seminarId: seminar.id, reason: "Test" }, { siteUrl: "javascript:alert(1)" });
    expect(cancelled).toMatchObject({ attendeesTold: 1, emailsQueued: 0, refundsDue: 1 });
    expect((await seminarById(database.db, seminar.id))!.cancelledAt).not.toBeNull();
    expect(await mailsTo([attendee.id])).toEqual([]);
  });

  it("requires a reason, and refuses a seminar already cancelled, one that has taken place, or one that is gone", async () => {
    const seminar = await insertSeminar(database.db, { currentAttendees: 1 });
    await booking(seminar.id, "added", "r1");
    const blank = await post({ intent: "cancel-seminar", seminarId: seminar.id, cancel_reason: "   " });
    expect(blank).toMatchObject({ status: 422, body: { title: "Failed to cancel seminar", fieldErrors: { cancel_reason: ["Please give a reason for cancelling."] } } });
    expect((await seminarById(database.db, seminar.id))!.cancelledAt).toBeNull();

    expect((await post({ intent: "cancel-seminar", seminarId: seminar.id, cancel_reason: "First" })).status).toBe(302);
    const again = await post({ intent: "cancel-seminar", seminarId: seminar.id, cancel_reason: "Second" });
    expect(again).toMatchObject({ status: 409, body: { message: "This seminar is already cancelled." } });
    expect((await seminarById(database.db, seminar.id))!.cancelReason).toBe("First");

    const past = await insertSeminar(database.db, { seminarDate: addDays(today(), -3), currentAttendees: 1 });
    await booking(past.id, "paid", "r2");
    const tookPlace = await post({ intent: "cancel-seminar", seminarId: past.id, cancel_reason: "Tidy up" });
    expect(tookPlace).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already taken place, so it cannot be cancelled/) } });

    const missing = await post({ intent: "cancel-seminar", seminarId: "00000000-0000-4000-8000-000000000000", cancel_reason: "x" });
    expect(missing).toMatchObject({ status: 404, body: { message: "Seminar not found" } });
  });

  it("is answered in the dialog with how many attendees, paid ones and refunds it concerns", async () => {
    const seminar = await insertSeminar(database.db, { currentAttendees: 3 });
    await booking(seminar.id, "paid", "v1");
    await booking(seminar.id, "added", "v2");
    await booking(seminar.id, "hold", "v3");
    await booking(seminar.id, "cancelled", "v4");
    const page = (await loadSeminarsPage(runtime(), new URL(`https://thula.example/admin/seminars?delete=${seminar.id}`))).data as SeminarsPageData & { status: "ok" };
    expect(page.modal).toMatchObject({ kind: "delete", preview: { bookings: 4, attendees: 3, paidAttendees: 1, refundCents: 120000, past: false } });
    const edit = (await loadSeminarsPage(runtime(), new URL(`https://thula.example/admin/seminars?edit=${seminar.id}`))).data as SeminarsPageData & { status: "ok" };
    expect(edit.modal).toMatchObject({ kind: "edit", hasBookings: true });
  });
});

describe(`the seminar list (${testEngine})`, () => {
  it("searches title, description and location case-insensitively, active only by default", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await insertSeminar(database.db, { title: `Alpha ${tag.toUpperCase()}`, seminarDate: addDays(today(), 3) });
    await insertSeminar(database.db, { description: `About ${tag}`, seminarDate: addDays(today(), 2) });
    await insertSeminar(database.db, { location: `Hall ${tag}, Durban`, seminarDate: addDays(today(), 1) });
    await insertSeminar(database.db, { title: `Hidden ${tag}`, isActive: false });

    const load = async (search: string) => {
      const result = await loadSeminarsPage(runtime(), new URL(`https://thula.example/admin/seminars${search}`));
      return result.data as SeminarsPageData;
    };
    const active = await load(`?q=${tag}`);
    if (active.status !== "ok") throw new Error("the list failed");
    expect(active.total).toBe(3);
    // Soonest first (docs/product.md §3.6).
    expect(active.seminars.map((s) => s.seminarDate)).toEqual([...active.seminars.map((s) => s.seminarDate)].sort());
    const all = await load(`?q=${tag}&active=0&active=1`);
    expect(all.status === "ok" && all.total).toBe(3);
    const everything = await load(`?q=${tag}&active=0`);
    expect(everything.status === "ok" && everything.total).toBe(4);
    // A page past the end shows the last page, with the page it shows.
    const beyond = await load(`?q=${tag}&page=99999`);
    if (beyond.status !== "ok") throw new Error("the list failed");
    expect(beyond).toMatchObject({ query: { page: 1 }, pageCount: 1, total: 3 });
    expect(beyond.seminars).toHaveLength(3);
  });

  it("opens the modal the URL names, and reports a seminar that no longer exists", async () => {
    const seminar = await insertSeminar(database.db, { currentAttendees: 1 });
    await booking(seminar.id, "paid", "m1");
    const load = async (search: string) => (await loadSeminarsPage(runtime(), new URL(`https://thula.example/admin/seminars${search}`))).data as SeminarsPageData & { status: "ok" };
    expect((await load("?create=1")).modal).toEqual({ kind: "create" });
    expect((await load(`?edit=${seminar.id}`)).modal).toMatchObject({ kind: "edit", seminar: { id: seminar.id, seminarTime: "18:00" } });
    expect((await load(`?delete=${seminar.id}`)).modal).toMatchObject({ kind: "delete", preview: { bookings: 1, attendees: 1 } });
    const attendees = (await load(`?attendees=${seminar.id}&who=person`)).modal;
    expect(attendees).toMatchObject({ kind: "attendees", seminarId: seminar.id, search: "person" });
    const gone = await load("?edit=00000000-0000-4000-8000-000000000000");
    expect(gone.modal).toBeNull();
    expect(gone.notice).toEqual({ kind: "missing" });
  });
});

describe(`making a seminar with live bookings inactive (${testEngine})`, () => {
  /** Edit Seminar as it stands (at its version), with `changes`. */
  const editForm = (seminar: Awaited<ReturnType<typeof insertSeminar>>, changes: Record<string, string> = {}) => ({
    ...seminarFormValues(seminar),
    intent: "update-seminar",
    seminarId: seminar.id,
    version: String(seminar.version),
    ...changes,
  });

  async function seminarWithLiveBookings(title: string) {
    const seminar = await insertSeminar(database.db, { title, currentAttendees: 2 });
    const paid = await booking(seminar.id, "paid", `${title}-paid`);
    const hold = await booking(seminar.id, "hold", `${title}-hold`);
    await booking(seminar.id, "cancelled", `${title}-gone`);
    return { seminar, paid, hold };
  }

  it("is never done silently: the save is refused with the question, and nothing is written", async () => {
    const { seminar } = await seminarWithLiveBookings("Ask first");
    const added = await entriesAddedBy(database.db, async () => {
      const answer = await post(editForm(seminar, { is_active: "false", title: "Ask first, renamed" }));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ ok: false, intent: "update-seminar", title: "Failed to save seminar", liveBookings: { attendees: 2, paidAttendees: 1 } });
      expect(answer.body?.message).toMatch(/^This seminar has 2 live bookings\. Choose whether to cancel it/);
      // What was typed comes back, so the admin only has to answer.
      expect(answer.body?.values).toMatchObject({ is_active: "false", title: "Ask first, renamed" });
    });
    expect(added).toBe(0);
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ isActive: true, title: "Ask first", cancelledAt: null });
  });

  it("'Keep the bookings' only hides it from the site, and says so in the log", async () => {
    const { seminar, paid, hold } = await seminarWithLiveBookings("Keep them");
    const answer = await post(editForm(seminar, { is_active: "false", onLiveBookings: "keep" }));
    expect(answer.status).toBe(302);
    expect(Object.fromEntries(new URL(answer.location!, "https://thula.example").searchParams)).toMatchObject({ notice: "saved", then: "kept" });
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ isActive: false, cancelledAt: null, currentAttendees: 2 });
    const rows = await database.db.select().from(seminarBookings).where(inArray(seminarBookings.id, [paid.id, hold.id]));
    expect(rows.map((row) => row.status).sort()).toEqual(["confirmed", "pending"]);
    expect((await entriesOf(database.db, "seminar", seminar.id)).map((entry) => [entry.action, entry.summary])).toEqual([
      ["seminar.update", 'Edited the seminar "Keep them"'],
      ["seminar.hide", 'Hid the seminar "Keep them" from the site and kept its 2 live bookings'],
    ]);
    expect(await database.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, [paid.email, hold.email]))).toEqual([]);
    // Hidden, not cancelled: it can be shown again.
    const shown = await post(editForm((await seminarById(database.db, seminar.id))!, { is_active: "true" }));
    expect(shown.status).toBe(302);
    expect((await seminarById(database.db, seminar.id))!.isActive).toBe(true);
  });

  it("'Cancel the seminar' saves the edit and cancels it: attendees told, refunds due, both logged", async () => {
    const { seminar, paid, hold } = await seminarWithLiveBookings("Cancel them");
    const answer = await post(editForm(seminar, { is_active: "false", onLiveBookings: "cancel", cancel_reason: "Organiser unavailable" }));
    expect(answer.status).toBe(302);
    expect(Object.fromEntries(new URL(answer.location!, "https://thula.example").searchParams)).toMatchObject({ notice: "saved", then: "cancelled" });
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ isActive: false, cancelReason: "Organiser unavailable", cancelledBy: testActor.name, currentAttendees: 0 });
    const rows = new Map((await database.db.select().from(seminarBookings).where(inArray(seminarBookings.id, [paid.id, hold.id]))).map((row) => [row.id, row]));
    expect(rows.get(paid.id)).toMatchObject({ status: "cancelled", refundDue: true });
    expect(rows.get(hold.id)).toMatchObject({ status: "cancelled", refundDue: false });
    const mails = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, [paid.email, hold.email]));
    expect(mails.map((mail) => mail.kind)).toEqual(["seminar-cancelled", "seminar-cancelled"]);
    expect((await entriesOf(database.db, "seminar", seminar.id)).map((entry) => entry.action)).toEqual(["seminar.update", "seminar.cancel"]);
  });

  it("asks again, with the reason's message, when 'Cancel' comes without a reason; and an unknown answer is refused", async () => {
    const { seminar } = await seminarWithLiveBookings("No reason");
    const answer = await post(editForm(seminar, { is_active: "false", onLiveBookings: "cancel", cancel_reason: " " }));
    expect(answer).toMatchObject({ status: 422, body: { fieldErrors: { cancel_reason: ["Please give a reason for cancelling."] }, liveBookings: { attendees: 2, paidAttendees: 1 } } });
    expect((await post(editForm(seminar, { is_active: "false", onLiveBookings: "delete" }))).status).toBe(422);
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ isActive: true, cancelledAt: null });
  });

  it("ignores an answer when there is nothing to decide: a save that keeps it active cancels nothing and closes no checkout", async () => {
    const { seminar, hold } = await seminarWithLiveBookings("Still on");
    const sessionId = await openTestCheckout("test_cs_still_on", hold.id);
    const answer = await post(editForm(seminar, { is_active: "true", onLiveBookings: "cancel", cancel_reason: "Changed my mind" }));
    expect(answer.status).toBe(302);
    expect(new URL(answer.location!, "https://thula.example").searchParams.has("then")).toBe(false);
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ isActive: true, cancelledAt: null, currentAttendees: 2 });
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe("open");
  });

  it("does not ask when nobody holds a seat, or when the seminar has taken place", async () => {
    const empty = await insertSeminar(database.db);
    await booking(empty.id, "cancelled", "nobody");
    expect((await post(editForm(empty, { is_active: "false" }))).status).toBe(302);
    expect((await seminarById(database.db, empty.id))!.isActive).toBe(false);

    const past = await insertSeminar(database.db, { seminarDate: addDays(today(), -5), currentAttendees: 1 });
    await booking(past.id, "paid", "attended");
    expect((await post(editForm(past, { is_active: "false" }))).status).toBe(302);
    expect((await seminarById(database.db, past.id))!.isActive).toBe(false);
  });

  it("never makes a cancelled seminar active again", async () => {
    const seminar = await insertSeminar(database.db, { title: "Stays cancelled", currentAttendees: 1 });
    await booking(seminar.id, "added", "sc1");
    await cancelSeminar(database.db, testActor, paymentProviderFor(database.db, settings), { seminarId: seminar.id, reason: "Moved online" }, { siteUrl: settings.siteUrl });
    const cancelled = (await seminarById(database.db, seminar.id))!;
    const answer = await post(editForm(cancelled, { is_active: "true" }));
    expect(answer).toMatchObject({ status: 422, body: { message: "A cancelled seminar cannot be made active again. Create a new seminar instead." } });
    // A typo can still be fixed while it stays inactive.
    expect((await post(editForm(cancelled, { is_active: "false", title: "Stays cancelled (typo fixed)" }))).status).toBe(302);
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ isActive: false, title: "Stays cancelled (typo fixed)" });
  });
});
