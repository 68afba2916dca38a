import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, seminarBookings, seminarTickets } from "#db/schema/index.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { addAttendee } from "../admin/attendees.server.ts";
import { cancelAttendeeBooking } from "../admin/cancellations.server.ts";
import { startSeminarCheckout } from "../booking/checkout.server.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { ticketCalendar, ticketView } from "./ticket-page.server.ts";
import { issueTickets, ticketsOfBooking } from "./tickets.server.ts";

const siteUrl = "https://thula.example";
const database = useTestDatabase();

/** A family of `seats` holds seats, opens the test checkout and pays it. */
async function familyPays(seats: number, priceCents = 95000) {
  const { db } = database;
  const seminar = await insertSeminar(db, { maxAttendees: 10, priceCents });
  const email = `family.${seats}.${Date.now().toString(36)}@example.co.za`;
  const names = ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi", "Ayanda Nkosi", "Zola Nkosi", "Bongi Nkosi"].slice(0, seats);
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email }, seats, attendeeNames: names }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  const sessionId = url.split("/").pop()!;
  const pay = () => payTestCheckout(db, provider, paidItems(siteUrl), sessionId);
  await pay();
  return { seminar, hold, sessionId, email, names, pay, provider };
}

describe(`tickets (${testEngine})`, () => {
  it("a paid 3-seat booking is charged price × 3 and gets 3 tickets, one per name, with long unique codes", async () => {
    const { db } = database;
    const { hold, sessionId, names } = await familyPays(3);
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.amountCents).toBe(285000);
    const tickets = await ticketsOfBooking(db, hold.bookingId);
    expect(tickets.map((ticket) => [ticket.seatNumber, ticket.attendeeName])).toEqual(names.map((name, index) => [index + 1, name]));
    for (const ticket of tickets) expect(ticket.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(3);
  });

  it("a replayed payment, or a second issue, creates no new ticket and no second e-mail", async () => {
    const { db } = database;
    const { hold, pay, email } = await familyPays(2);
    const before = await ticketsOfBooking(db, hold.bookingId);
    await pay();
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    expect(await issueTickets(db, booking!)).toEqual(before);
    expect(await db.select().from(seminarTickets).where(eq(seminarTickets.bookingId, hold.bookingId))).toHaveLength(2);
    const confirmations = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(confirmations.filter((one) => one.kind === "seminar-booking-confirmed")).toHaveLength(1);
  });

  it("the confirmation shows every ticket with its QR code as an inline image", async () => {
    const { db } = database;
    const { hold, email } = await familyPays(3);
    const [confirmation] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const tickets = await ticketsOfBooking(db, hold.bookingId);
    const images = confirmation!.attachments.filter((attachment) => attachment.cid);
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image.contentType).toBe("image/png");
      expect(Buffer.from(image.contentBase64, "base64").subarray(1, 4).toString()).toBe("PNG");
      expect(confirmation!.htmlBody).toContain(`src="cid:${image.cid}"`);
    }
    for (const ticket of tickets) expect(confirmation!.htmlBody).toContain(`${siteUrl}/tickets/${ticket.code}`);
    expect(confirmation!.htmlBody).toContain("Sipho Nkosi: Seat 2 of 3");
    expect(confirmation!.htmlBody).not.toMatch(/<img[^>]+src="https?:/);
  });

  it("staff adding an attendee issues one ticket in their name", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 5 });
    const { contact } = await (async () => {
      const hold = await holdSeat(db, { seminarId: (await insertSeminar(db)).id, contact: { ...visitor, email: "staff.added@example.co.za" } }, { siteUrl });
      const [row] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
      return { contact: row!.userId };
    })();
    const booking = await addAttendee(db, testActor, { seminarId: seminar.id, contactId: contact }, { siteUrl });
    const tickets = await ticketsOfBooking(db, booking.id);
    expect(tickets.map((ticket) => [ticket.seatNumber, ticket.attendeeName])).toEqual([[1, `${visitor.firstName} ${visitor.lastName}`]]);
  });

  it("the ticket page: the seat of N, the calendar links in UTC; a cancelled booking's ticket says so and shows no QR code", async () => {
    const { db } = database;
    const { hold, seminar, provider } = await familyPays(2);
    const [, second] = await ticketsOfBooking(db, hold.bookingId);
    const view = (await ticketView(db, second!.code, siteUrl))!;
    expect(view).toMatchObject({ seatNumber: 2, seats: 2, attendeeName: "Sipho Nkosi", cancelled: false });
    expect(view.qrSvg).toMatch(/^<svg/);
    expect(view).not.toHaveProperty("booker");
    expect(await ticketCalendar(db, second!.code, siteUrl)).toContain("BEGIN:VEVENT");

    await cancelAttendeeBooking(db, testActor, provider, { seminarId: seminar.id, bookingId: hold.bookingId, reason: "Plans changed", refundDue: true }, { siteUrl });
    // Cancelling the group gives back both its seats.
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const cancelled = (await ticketView(db, second!.code, siteUrl))!;
    expect(cancelled).toMatchObject({ cancelled: true, qrSvg: null });
    expect(await ticketCalendar(db, second!.code, siteUrl)).toBeUndefined();
    expect(await ticketView(db, "A".repeat(24), siteUrl)).toBeUndefined();
    expect(await ticketView(db, "not a code", siteUrl)).toBeUndefined();
  });
});
