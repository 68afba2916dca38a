import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seminarBookings } from "#db/schema/index.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { postToBookingPage } from "../../../../tests/support/booking-action.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { releaseCancelledCheckout } from "./actions.server.ts";

// The booking page's action as a browser (or a hand-made request) reaches it.

let database: TestDatabase;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

let clientCounter = 0;

/** Runs the action and reads its answer. Each call comes from a new address unless `client` names one. */
function act(seminarId: string, fields: Record<string, string>, { client = `client-${++clientCounter}`, runtime = { db: database.db, settings } } = {}) {
  return postToBookingPage(runtime, client, seminarId, fields);
}

const form = { intent: "book", ...visitor };

describe(`the booking page's action (${testEngine})`, () => {
  it("holds a seat at the database's price, whatever seminar or price the body names", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { priceCents: 95000 });
    const other = await insertSeminar(db);
    const answer = await act(seminar.id, { ...form, email: "tamper@example.com", seminarId: other.id, price: "1", amountCents: "1" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ intent: "book", ok: true, amountCents: 95000 });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    expect((await seminarById(db, other.id))!.currentAttendees).toBe(0);
  });

  it("answers bad input with 422, a message per field and the values to refill", async () => {
    const seminar = await insertSeminar(database.db);
    const answer = await act(seminar.id, { intent: "book", firstName: "Thandi", email: "nope", notes: "<b>hi</b>" });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ ok: false, intent: "book", values: { firstName: "Thandi", email: "nope", notes: "<b>hi</b>" } });
    expect(Object.keys(answer.body!.ok ? {} : answer.body!.fieldErrors).sort()).toEqual(["email", "lastName", "phone"]);
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(0);
  });

  it("says 'This seminar is fully booked.' with 409 when no seat is left", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 1, currentAttendees: 1 });
    const answer = await act(seminar.id, { ...form, email: "late@example.com" });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ ok: false, fullyBooked: true, message: "This seminar is fully booked." });
  });

  it("a family's booking: the seats and one name each, price × seats whatever the body says; too few seats left is a 409 that takes nothing", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { priceCents: 95000, maxAttendees: 5 });
    const names = { ticketName1: "", ticketName2: "Sipho Nkosi", ticketName3: "Lindi Nkosi" };
    const held = await act(seminar.id, { ...form, email: "family@example.com", seats: "3", ...names, amountCents: "1" });
    expect(held.body).toMatchObject({ ok: true, amountCents: 285000 });
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.email, "family@example.com"));
    expect(booking).toMatchObject({ seats: 3, attendeeNames: [`${visitor.firstName} ${visitor.lastName}`, "Sipho Nkosi", "Lindi Nkosi"] });

    const tooMany = await act(seminar.id, { ...form, email: "second.family@example.com", seats: "3", ...names });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ ok: false, message: "Only 2 seats left. Please choose fewer seats.", values: { seats: "3", ticketName2: "Sipho Nkosi" } });
    expect(tooMany.body).not.toHaveProperty("fullyBooked");
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);
  });

  it("refuses names that do not match the seats (one missing, one too many) and seats out of range, taking nothing", async () => {
    const seminar = await insertSeminar(database.db);
    const missing = await act(seminar.id, { ...form, email: "names@example.com", seats: "3", ticketName2: "Sipho Nkosi", ticketName4: "Extra" });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ ok: false, fieldErrors: { ticketName3: ["Please enter the name on the ticket for seat 3."], ticketName4: [expect.stringContaining("leave seat 4's name empty")] } });
    const seven = await act(seminar.id, { ...form, email: "seven@example.com", seats: "7" });
    expect(seven.status).toBe(422);
    expect(seven.body).toMatchObject({ ok: false, fieldErrors: { seats: ["Please choose from 1 to 6 seats."] } });
    expect((await seminarById(database.db, seminar.id))!.currentAttendees).toBe(0);
  });

  it("takes at most SEAT_HOLDS_PER_ADDRESS tries per address in 30 minutes, refused ones too: the next is a 429 with Retry-After that changes nothing", async () => {
    const { db } = database;
    const runtime = { db, settings: loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent", SEAT_HOLDS_PER_ADDRESS: "6" }) };
    const seminar = await insertSeminar(db, { maxAttendees: 20 });
    const full = await insertSeminar(db, { maxAttendees: 1, currentAttendees: 1 });
    const closed = await insertSeminar(db, { isActive: false });
    const squatter = "203.0.113.66";
    // Every try costs one, whatever its answer: a form sent back, a full or a closed seminar, a seat.
    expect((await act(seminar.id, { ...form, email: "not-an-email" }, { client: squatter, runtime })).status).toBe(422);
    expect((await act(full.id, { ...form, email: "family.full@example.com" }, { client: squatter, runtime })).status).toBe(409);
    expect((await act(closed.id, { ...form, email: "family.closed@example.com" }, { client: squatter, runtime })).status).toBe(409);
    for (let seat = 0; seat < 3; seat++) {
      expect((await act(seminar.id, { ...form, email: `family.${seat}@example.com` }, { client: squatter, runtime })).status).toBe(200);
    }
    const bookingsBefore = await db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id));

    const refused = await act(seminar.id, { ...form, email: "one.more@example.com" }, { client: squatter, runtime });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(29 * 60);
    expect(refused.body).toMatchObject({
      ok: false,
      intent: "book",
      message: "Too many requests from your connection. Please wait 30 minutes and try again, or e-mail us.",
      values: { email: "one.more@example.com", firstName: visitor.firstName },
    });
    expect(await db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id))).toEqual(bookingsBefore);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);
    // Past the limit even a form sent back, or a try at a full seminar, is the 429.
    expect((await act(seminar.id, { ...form, email: "not-an-email" }, { client: squatter, runtime })).status).toBe(429);
    expect((await act(full.id, { ...form, email: "family.full@example.com" }, { client: squatter, runtime })).status).toBe(429);

    // Another visitor is not held up by the first.
    expect((await act(seminar.id, { ...form, email: "neighbour@example.com" }, { client: "203.0.113.67", runtime })).status).toBe(200);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(4);
  });

  it("counts refreshing at a full seminar too, and one IPv6 /64 is one address", async () => {
    const { db } = database;
    const runtime = { db, settings: loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent", SEAT_HOLDS_PER_ADDRESS: "2" }) };
    const full = await insertSeminar(db, { maxAttendees: 1, currentAttendees: 1 });
    const open = await insertSeminar(db, { maxAttendees: 20 });
    const refresher = "198.51.100.23";
    const statusesAtFull = [];
    for (let attempt = 0; attempt < 3; attempt++) statusesAtFull.push((await act(full.id, { ...form, email: "waiting@example.com" }, { client: refresher, runtime })).status);
    expect(statusesAtFull).toEqual([409, 409, 429]);
    expect((await act(open.id, { ...form, email: "waiting@example.com" }, { client: refresher, runtime })).status).toBe(429);

    // An IPv6 client may use any address of its /64: they count together.
    const statuses = [];
    for (const client of ["2001:db8:abcd:12::1", "2001:0db8:abcd:0012:ffff::2", "2001:db8:abcd:12:1:2:3:4"]) {
      statuses.push((await act(open.id, { ...form, email: `v6.${statuses.length}@example.com` }, { client, runtime })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await act(open.id, { ...form, email: "other.v6@example.com" }, { client: "2001:db8:abcd:13::1", runtime })).status).toBe(200);
  });

  it("answers 404 for an unknown or malformed seminar, 409 for an inactive one, 400 for an unknown intent", async () => {
    const inactive = await insertSeminar(database.db, { isActive: false });
    expect((await act("00000000-0000-4000-8000-000000000000", form)).status).toBe(404);
    expect((await act("not-an-id", form)).status).toBe(404);
    expect((await act(inactive.id, form)).status).toBe(409);
    expect((await act(inactive.id, { intent: "refund" })).status).toBe(400);
    expect((await act(inactive.id, {})).status).toBe(400);
  });

  it("pays: redirects to the checkout; cancels: frees the seat and returns to /events, which says so", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db);
    const held = await act(seminar.id, { ...form, email: "pay@example.com" });
    const bookingId = held.body!.ok ? held.body!.bookingId : "";

    const pay = await act(seminar.id, { intent: "pay", bookingId });
    expect(pay.status).toBe(302);
    expect(pay.location).toMatch(/^https:\/\/thula\.example\/checkout\/test\/test_cs_/);

    const cancel = await act(seminar.id, { intent: "cancel", bookingId });
    expect(cancel).toMatchObject({ status: 302, location: `/events?cancelled=${bookingId}` });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const [row] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId));
    expect(row!.status).toBe("cancelled");

    // Paying for a released seat is refused with the hold's message, not a 500.
    const late = await act(seminar.id, { intent: "pay", bookingId });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ ok: false, intent: "pay" });
    expect((await act(seminar.id, { intent: "pay", bookingId: "nope" })).status).toBe(400);
  });

  it("a Pay past the hold's first 30 minutes, with no checkout left to reuse, frees the seat and says to book again", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db);
    const held = await act(seminar.id, { ...form, email: "dawdler@example.com" });
    const bookingId = held.body!.ok ? held.body!.bookingId : "";
    // Taken 40 minutes ago and still held (a checkout renewed it), but that checkout is gone.
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    await db.update(seminarBookings).set({ createdAt: minutes(-40), holdExpiresAt: minutes(5) }).where(eq(seminarBookings.id, bookingId));

    const pay = await act(seminar.id, { intent: "pay", bookingId });
    expect(pay.status).toBe(409);
    expect(pay.body).toMatchObject({
      ok: false,
      intent: "pay",
      message: "Your reserved seat was released because payment was not completed within 30 minutes. Please book again.",
    });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const [row] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId));
    expect(row).toMatchObject({ status: "cancelled", holdExpiresAt: null });
  });

  it("releases a hold from the cancel address once, still says so on a second visit, and ignores junk", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db);
    const held = await act(seminar.id, { ...form, email: "return@example.com" });
    const bookingId = held.body!.ok ? held.body!.bookingId : "";
    expect(await releaseCancelledCheckout({ db, settings }, bookingId)).toBe(true);
    // The payment dialog's Cancel released it before coming here: the seat is freed once, and
    // the list still tells the visitor.
    expect(await releaseCancelledCheckout({ db, settings }, bookingId)).toBe(true);
    expect(await releaseCancelledCheckout({ db, settings }, "junk")).toBe(false);
    expect(await releaseCancelledCheckout({ db, settings }, null)).toBe(false);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);

    // A booking that is not a hold its visitor let go says nothing: one still held, one staff
    // cancelled.
    const other = await act(seminar.id, { ...form, email: "kept@example.com" });
    const keptId = other.body!.ok ? other.body!.bookingId : "";
    await db.update(seminarBookings).set({ status: "confirmed", isPaid: true }).where(eq(seminarBookings.id, keptId));
    expect(await releaseCancelledCheckout({ db, settings }, keptId)).toBe(false);
    await db.update(seminarBookings).set({ status: "cancelled", isPaid: false, cancelledBy: "Zanele Dube", cancelReason: "Moved" }).where(eq(seminarBookings.id, keptId));
    expect(await releaseCancelledCheckout({ db, settings }, keptId)).toBe(false);
  });
});
