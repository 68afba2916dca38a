import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, emailOutbox, ledgerEntries, refunds, seminarBookings } from "#db/schema/index.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { StaleEditError } from "~/lib/errors.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { startSeminarCheckout } from "../booking/checkout.server.ts";
import { queueDueSeminarReminders } from "../reminders.server.ts";
import { seminarStart } from "../reminders.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { ticketCalendar, ticketView } from "../tickets/ticket-page.server.ts";
import { ticketsOfBooking } from "../tickets/tickets.server.ts";
import { manageBookingPath } from "./links.server.ts";
import { manageBookingAction } from "./actions.server.ts";
import { BookingNotFoundError, cancelBookingOnline, cancelSeatOnline, renameAttendees, type ManageSite } from "./manage.server.ts";
import { manageBookingView } from "./page.server.ts";
import { freeCancellationDeadline } from "./policy.ts";
import { MANAGE_INTENTS } from "./schema.ts";

const siteUrl = "https://thula.example";
const links = createLinkSigner("manage-my-booking-test-secret-0123456789");
const site: ManageSite = { siteUrl, links, freeCancellationHours: 48 };
const database = useTestDatabase();
const PRICE = 100_000;

/** A family books three seats (R3000.00) through the test checkout; the manage token of the booking. */
async function familyOfThree(maxAttendees = 10) {
  const { db } = database;
  const seminar = await insertSeminar(db, { maxAttendees, priceCents: PRICE });
  const email = `family.${Math.random().toString(36).slice(2)}@example.co.za`;
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email }, seats: 3, attendeeNames: ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi"] }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const items = paidItems(siteUrl, links);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  await payTestCheckout(db, provider, items, url.split("/").pop()!);
  const token = manageBookingPath(links, hold.bookingId).split("/").pop()!;
  return { seminar, bookingId: hold.bookingId, email, token, payments: { provider, items } };
}

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, id));
  return row!;
}

async function refundsOf(bookingId: string) {
  return database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt));
}

async function ledgerRefundsOf(bookingId: string) {
  return database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.entryType, "refund")));
}

describe(`manage my booking (${testEngine})`, () => {
  it("the confirmation carries the signed manage link, which opens the booking", async () => {
    const { db } = database;
    const { bookingId, email, token } = await familyOfThree();
    const [confirmation] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "seminar-booking-confirmed")));
    expect(confirmation!.textBody).toContain(`Manage your booking: ${siteUrl}/bookings/${token}`);
    const view = await manageBookingView(db, site, token);
    expect(view).toMatchObject({ state: "upcoming", seats: 3, paidCents: 3 * PRICE, statusLabel: "Confirmed and paid" });
    expect(view.names?.values).toEqual(["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi"]);
    expect(view.cancel).toMatchObject({ open: true, seatRefundCents: PRICE, bookingRefundCents: 3 * PRICE, bySeat: true });
    expect(bookingId).toBeTruthy();
  });

  it("the reminder carries the manage link and each standing seat's ticket", async () => {
    const { db } = database;
    const { seminar, bookingId, email, token, payments } = await familyOfThree();
    await cancelSeatOnline(db, site, payments, token, 2);
    const now = new Date(seminarStart(seminar).getTime() - 71 * 3_600_000);
    expect((await queueDueSeminarReminders(db, { siteUrl, links, offsetsHours: [72], now })).queued).toBeGreaterThanOrEqual(1);
    const [reminder] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "seminar-reminder")));
    expect(reminder!.textBody).toContain(`Manage your booking: ${siteUrl}/bookings/${token}`);
    const tickets = await ticketsOfBooking(db, bookingId);
    expect(reminder!.textBody).toContain(`Ticket for Thandi Nkosi: ${siteUrl}/tickets/${tickets[0]!.code}`);
    expect(reminder!.textBody).toContain(`Ticket for Lindi Nkosi: ${siteUrl}/tickets/${tickets[2]!.code}`);
    expect(reminder!.textBody).not.toContain(tickets[1]!.code);
  });

  it("a forged or altered token opens nothing", async () => {
    const { db } = database;
    const { token, bookingId } = await familyOfThree();
    // A character in the middle of the signature (the last one carries two unused bits).
    const at = token.length - 10;
    const altered = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
    await expect(manageBookingView(db, site, altered)).rejects.toBeInstanceOf(BookingNotFoundError);
    await expect(manageBookingView(db, site, bookingId)).rejects.toBeInstanceOf(BookingNotFoundError);
    const otherSite = { ...site, links: createLinkSigner("another-site-secret-0123456789-abcdef") };
    await expect(manageBookingView(db, otherSite, token)).rejects.toBeInstanceOf(BookingNotFoundError);
  });

  it("the page's action: an altered token is a 404 whatever is posted, and an unknown request is refused with 400, changing nothing", async () => {
    const { db } = database;
    const { token, bookingId, payments } = await familyOfThree();
    const post = (fields: Record<string, string>) =>
      new Request(`${siteUrl}/bookings/${token}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const altered = `${token.slice(0, -10)}${token.at(-10) === "A" ? "B" : "A"}${token.slice(-9)}`;
    const before = await bookingRow(bookingId);

    const forged = await manageBookingAction(db, site, payments, altered, post({ intent: MANAGE_INTENTS.cancelBooking })).catch((error: unknown) => error);
    expect(forged).toMatchObject({ type: "DataWithResponseInit", data: null, init: { status: 404 } });
    const unknown = await manageBookingAction(db, site, payments, token, post({ intent: "delete-everything", seat: "1" }));
    expect(unknown).toMatchObject({ init: { status: 400 }, data: { ok: false, intent: "delete-everything", message: "Sorry, that action is not available on this page.", values: { seat: "1" } } });
    expect(await bookingRow(bookingId)).toEqual(before);
    expect(await ticketCalendar(db, "not-a-ticket-code", siteUrl)).toBeUndefined();
  });

  it("cancelling one seat of three: the seat's ticket is cancelled, the booking keeps two seats and names, the seat is freed and one seat's share refunded", async () => {
    const { db } = database;
    const { seminar, bookingId, email, token, payments } = await familyOfThree();
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);

    const outcome = await cancelSeatOnline(db, site, payments, token, 2);
    expect(outcome).toMatchObject({ cancelled: "seat", refundCents: PRICE });
    expect(outcome.refund?.status).toBe("succeeded");

    const booking = await bookingRow(bookingId);
    expect(booking).toMatchObject({ status: "confirmed", seats: 2, attendeeNames: ["Thandi Nkosi", "Lindi Nkosi"], refundedCents: PRICE, amountCents: 3 * PRICE, refundDue: false });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(2);
    const tickets = await ticketsOfBooking(db, bookingId);
    expect(tickets.map((ticket) => [ticket.seatNumber, ticket.cancelledBy])).toEqual([[1, null], [2, "Customer"], [3, null]]);
    expect((await ticketView(db, tickets[1]!.code, siteUrl))?.cancelled).toBe(true);
    expect(await ticketView(db, tickets[2]!.code, siteUrl)).toMatchObject({ cancelled: false, seatNumber: 3, seats: 3 });

    expect((await refundsOf(bookingId)).map((refund) => [refund.amountCents, refund.status, refund.provider])).toEqual([[PRICE, "succeeded", "test"]]);
    expect((await ledgerRefundsOf(bookingId)).map((entry) => entry.amountCents)).toEqual([PRICE]);

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const cancelled = mails.find((mail) => mail.kind === "seminar-cancelled-online");
    expect(cancelled?.subject).toContain("Seat 2 cancelled");
    expect(cancelled?.textBody).toContain("R1000.00");
    expect(cancelled?.textBody).toContain(`${siteUrl}/bookings/${token}`);
    const refunded = mails.find((mail) => mail.kind === "seminar-refunded");
    expect(refunded?.textBody).toContain(`${siteUrl}/bookings/${token}`);

    const log = await db.select().from(activityLog).where(eq(activityLog.entityId, bookingId));
    expect(log.map((entry) => entry.action)).toContain("seminar_booking.cancel_seat");
    expect(log.find((entry) => entry.action === "seminar_booking.cancel_seat")?.actorName).toBe("Customer");
    expect(JSON.stringify(log)).not.toContain("Sipho");

    const view = await manageBookingView(db, site, token);
    expect(view).toMatchObject({ seats: 2, refundedCents: PRICE, cancel: { open: true, seatRefundCents: PRICE, bookingRefundCents: 2 * PRICE } });
    expect(view.tickets.map((ticket) => ticket.cancelled)).toEqual([false, true, false]);
  });

  it("cancelling the whole booking after a seat: the rest is refunded, every seat freed, nothing more to do", async () => {
    const { db } = database;
    const { seminar, bookingId, token, payments } = await familyOfThree();
    await cancelSeatOnline(db, site, payments, token, 3);
    const outcome = await cancelBookingOnline(db, site, payments, token);
    expect(outcome).toMatchObject({ cancelled: "booking", refundCents: 2 * PRICE });

    expect(await bookingRow(bookingId)).toMatchObject({ status: "cancelled", cancelledBy: "Customer", refundedCents: 3 * PRICE, refundDue: false });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect((await ledgerRefundsOf(bookingId)).map((entry) => entry.amountCents).sort()).toEqual([PRICE, 2 * PRICE].sort());

    const view = await manageBookingView(db, site, token);
    expect(view).toMatchObject({ state: "cancelled", names: null, cancel: { open: false } });
    await expect(cancelBookingOnline(db, site, payments, token)).rejects.toThrow("already cancelled");
    await expect(cancelSeatOnline(db, site, payments, token, 1)).rejects.toThrow("already cancelled");
    expect(await refundsOf(bookingId)).toHaveLength(2);
  });

  it("the last standing seat cancels the booking", async () => {
    const { db } = database;
    const { bookingId, token, payments } = await familyOfThree();
    await cancelSeatOnline(db, site, payments, token, 1);
    await cancelSeatOnline(db, site, payments, token, 2);
    expect(await cancelSeatOnline(db, site, payments, token, 3)).toMatchObject({ cancelled: "booking", refundCents: PRICE });
    expect(await bookingRow(bookingId)).toMatchObject({ status: "cancelled", seats: 1, refundedCents: 3 * PRICE });
  });

  it("after the free-cancellation edge a cancel is refused and changes nothing", async () => {
    const { db } = database;
    const { seminar, bookingId, token, payments } = await familyOfThree();
    const late = { ...site, now: new Date(freeCancellationDeadline(seminar, 48).getTime() + 60_000) };
    const atEdge = { ...site, now: freeCancellationDeadline(seminar, 48) };
    for (const when of [late, atEdge]) {
      await expect(cancelSeatOnline(db, when, payments, token, 2)).rejects.toThrow("Online cancellation closed 48 hours before");
      await expect(cancelBookingOnline(db, when, payments, token)).rejects.toThrow("Online cancellation closed 48 hours before");
    }
    expect(await bookingRow(bookingId)).toMatchObject({ status: "confirmed", seats: 3, refundedCents: 0 });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);
    expect(await refundsOf(bookingId)).toHaveLength(0);
    expect((await ticketsOfBooking(db, bookingId)).every((ticket) => ticket.cancelledAt === null)).toBe(true);
    expect((await manageBookingView(db, late, token)).cancel).toMatchObject({ open: false, reason: expect.stringContaining("Online cancellation closed") });
    // Once it has taken place the page says so and offers nothing; a names form posted then is refused.
    const after = { ...site, now: new Date(seminarStart(seminar).getTime() + 3_600_000) };
    expect(await manageBookingView(db, after, token)).toMatchObject({ state: "past", names: null, cancel: { open: false, reason: expect.stringContaining("has taken place") } });
    const { version } = await bookingRow(bookingId);
    await expect(renameAttendees(db, after, token, { version, names: ["A", "B", "C"] })).rejects.toThrow("The seminar has started");
    // One minute before the edge it is still open.
    const early = { ...site, now: new Date(freeCancellationDeadline(seminar, 48).getTime() - 60_000) };
    expect((await cancelSeatOnline(db, early, payments, token, 2)).refundCents).toBe(PRICE);
  });

  it("renaming saves the names on the booking and its tickets and tells the booker; a stale form is refused and changes nothing", async () => {
    const { db } = database;
    const { bookingId, token, email } = await familyOfThree();
    const { version } = await bookingRow(bookingId);
    await renameAttendees(db, site, token, { version, names: ["Thandi Nkosi", "Sipho Dlamini", "Lindi Nkosi"] });
    await expect(renameAttendees(db, site, token, { version, names: ["Thandi Nkosi", "Someone Else", "Lindi Nkosi"] })).rejects.toBeInstanceOf(StaleEditError);
    const booking = await bookingRow(bookingId);
    expect(booking.attendeeNames).toEqual(["Thandi Nkosi", "Sipho Dlamini", "Lindi Nkosi"]);
    expect(booking.version).toBe(version + 1);
    expect((await ticketsOfBooking(db, bookingId)).map((ticket) => ticket.attendeeName)).toEqual(["Thandi Nkosi", "Sipho Dlamini", "Lindi Nkosi"]);
    const log = await db.select().from(activityLog).where(and(eq(activityLog.entityId, bookingId), eq(activityLog.action, "seminar_booking.rename")));
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain("Dlamini");

    // The booker is told, with each seat's name now and its ticket; a save that changes nothing sends nothing.
    const renamedMails = () => db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "seminar-names-changed")));
    const [told, ...more] = await renamedMails();
    expect(more).toEqual([]);
    expect(told!.subject).toMatch(/^Names updated: /);
    expect(told!.textBody).toContain("Seat 2 of 3");
    expect(told!.textBody).toContain("Sipho Dlamini");
    const tickets = await ticketsOfBooking(db, bookingId);
    for (const ticket of tickets) expect(told!.textBody).toContain(`/tickets/${ticket.code}`);
    await renameAttendees(db, site, token, { version: version + 1, names: ["Thandi Nkosi", "Sipho Dlamini", "Lindi Nkosi"] });
    expect(await renamedMails()).toHaveLength(1);
  });

  it("a cancelled seat changes the booking's version: a names form opened before it is refused", async () => {
    const { db } = database;
    const { bookingId, token, payments } = await familyOfThree();
    const { version } = await bookingRow(bookingId);
    await cancelSeatOnline(db, site, payments, token, 1);
    await expect(renameAttendees(db, site, token, { version, names: ["A", "B"] })).rejects.toBeInstanceOf(StaleEditError);
  });

  it("an unpaid hold just cancels: its seats freed, nothing refunded", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10, priceCents: PRICE });
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: "held.only@example.co.za" }, seats: 2, attendeeNames: ["A One", "B Two"] }, { siteUrl });
    const token = manageBookingPath(links, hold.bookingId).split("/").pop()!;
    const provider = createTestProvider(db, siteUrl);
    const outcome = await cancelBookingOnline(db, site, { provider, items: paidItems(siteUrl, links) }, token);
    expect(outcome).toMatchObject({ cancelled: "booking", refundCents: 0 });
    expect(await bookingRow(hold.bookingId)).toMatchObject({ status: "cancelled", refundDue: false });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect(await refundsOf(hold.bookingId)).toHaveLength(0);
  });

  it("the same seat cancelled five times at once is cancelled and refunded once", async () => {
    const { db } = database;
    const { seminar, bookingId, token, payments } = await familyOfThree();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => cancelSeatOnline(db, site, payments, token, 2)));
    const done = results.filter((result) => result.status === "fulfilled");
    expect(done).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(String(result.reason)).toContain("This seat is already cancelled.");
    expect(await refundsOf(bookingId)).toHaveLength(1);
    expect((await ledgerRefundsOf(bookingId)).map((entry) => entry.amountCents)).toEqual([PRICE]);
    expect(await bookingRow(bookingId)).toMatchObject({ seats: 2, refundedCents: PRICE });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(2);
  });

  it("two different seats and the whole booking cancelled at once never refund more than was paid", async () => {
    const { db } = database;
    const { seminar, bookingId, token, payments } = await familyOfThree();
    await Promise.allSettled([cancelSeatOnline(db, site, payments, token, 1), cancelSeatOnline(db, site, payments, token, 2), cancelBookingOnline(db, site, payments, token)]);
    const booking = await bookingRow(bookingId);
    expect(booking.status).toBe("cancelled");
    const refunded = (await ledgerRefundsOf(bookingId)).reduce((sum, entry) => sum + entry.amountCents, 0);
    expect(refunded).toBe(3 * PRICE);
    expect(booking.refundedCents).toBe(3 * PRICE);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
  });
});
