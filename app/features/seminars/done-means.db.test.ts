import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, ledgerEntries, refunds, seminarBookings, seminarWaitlistEntries } from "#db/schema/index.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { startSeminarCheckout } from "./booking/checkout.server.ts";
import { checkInTicket } from "./checkin/checkin.server.ts";
import { countAttendance } from "./checkin/queries.server.ts";
import { answerWords } from "./checkin/rules.ts";
import { manageBookingPath } from "./manage/links.server.ts";
import { cancelSeatOnline, type ManagePayments, type ManageSite } from "./manage/manage.server.ts";
import { queueDueSeminarReminders } from "./reminders.server.ts";
import { seminarStart } from "./reminders.ts";
import { holdSeat } from "./seats/holds.server.ts";
import { ticketsOfBooking } from "./tickets/tickets.server.ts";
import { joinWaitlist } from "./waitlist/line.server.ts";
import { serveWaitlist, type WaitlistRuntime } from "./waitlist/offers.server.ts";

// Issue 16's "Done means", told end to end on one seminar with the real use cases: "A family
// books three seats in one payment, gets three tickets and two reminders, one cancels a seat
// through the link and is refunded, the freed seat goes to the first person on the waitlist,
// and staff check the rest in at the door from a phone." The steps share state and run in
// order; the clock is injected where a use case takes one, and the steps keep to its order in
// time (the 72 h reminder, the cancellation more than 48 h before the start, the 24 h reminder).

const siteUrl = "https://thula.example";
const links = createLinkSigner("done-means-story-test-secret-0123456789");
const database = useTestDatabase();
const PRICE = 95_000;
const HOUR = 3_600_000;
const FAMILY = ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi"];
const familyEmail = "nkosi.family@example.co.za";

/** What the story carries from one step to the next. */
const story = {} as {
  seminarId: string;
  start: Date;
  bookingId: string;
  token: string;
  payments: ManagePayments;
  ticketCodes: string[];
  waiting: { first: string; second: string; firstEmail: string };
};

/** `hours` before the seminar starts. */
const hoursBefore = (hours: number) => new Date(story.start.getTime() - hours * HOUR);
const mailsTo = (email: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(asc(emailOutbox.createdAt));
const remindersOfFamily = async () => (await mailsTo(familyEmail)).filter((mail) => mail.kind === "seminar-reminder");
const entry = async (id: string) => (await database.db.select().from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, id)))[0]!;
const booking = async (id: string) => (await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, id)))[0]!;
const seatsTaken = async () => (await seminarById(database.db, story.seminarId))!.currentAttendees;
const remind = (now: Date) => queueDueSeminarReminders(database.db, { siteUrl, links, offsetsHours: [72, 24], now });

/** Holds `names.length` seats for `email` and pays them once through the test checkout; the booking's id. */
async function bookAndPay(email: string, names: string[]) {
  const { db } = database;
  const hold = await holdSeat(db, { seminarId: story.seminarId, contact: { ...visitor, email }, seats: names.length, attendeeNames: names }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const items = paidItems(siteUrl, links);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  await payTestCheckout(db, provider, items, url.split("/").pop()!);
  return { bookingId: hold.bookingId, payments: { provider, items } };
}

describe(`issue 16, done means: one family's seminar from booking to the door (${testEngine})`, () => {
  it("1. a R950 seminar five days away has 3 of its 5 seats left", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5, priceCents: PRICE, seminarDate: addDays(todayIn("Africa/Johannesburg"), 5), seminarTime: "18:00" });
    story.seminarId = seminar.id;
    story.start = seminarStart(seminar);
    await bookAndPay("early.couple@example.co.za", ["Early One", "Early Two"]);
    expect(await seatsTaken()).toBe(2);
  });

  it("2. the family books three seats with three names in one payment: confirmed, three tickets with distinct codes, the seminar full", async () => {
    const { db } = database;
    const { bookingId, payments } = await bookAndPay(familyEmail, FAMILY);
    story.bookingId = bookingId;
    story.payments = payments;
    story.token = manageBookingPath(links, bookingId).split("/").pop()!;

    expect(await booking(bookingId)).toMatchObject({ status: "confirmed", isPaid: true, seats: 3, amountCents: 3 * PRICE, attendeeNames: FAMILY });
    const tickets = await ticketsOfBooking(db, bookingId);
    expect(tickets.map((ticket) => [ticket.seatNumber, ticket.attendeeName])).toEqual(FAMILY.map((name, index) => [index + 1, name]));
    story.ticketCodes = tickets.map((ticket) => ticket.code);
    expect(new Set(story.ticketCodes).size).toBe(3);
    expect(await seatsTaken()).toBe(5);
    const confirmation = (await mailsTo(familyEmail)).find((mail) => mail.kind === "seminar-booking-confirmed");
    expect(confirmation?.textBody).toContain(`${siteUrl}/bookings/${story.token}`);
  });

  it("3. two people join the waitlist for one seat each: numbers 1 and 2 in line, both waiting", async () => {
    const { db } = database;
    const person = (first: string) => ({ firstName: first, lastName: "Dlamini", email: `${first.toLowerCase()}.dlamini@example.co.za`, phone: "+27 82 555 0199", seats: 1 });
    const first = await joinWaitlist(db, story.seminarId, person("Ayanda"), { siteUrl });
    const second = await joinWaitlist(db, story.seminarId, person("Bongi"), { siteUrl });
    expect([first.place, second.place]).toEqual([1, 2]);
    expect((await entry(first.entryId)).status).toBe("waiting");
    expect((await entry(second.entryId)).status).toBe("waiting");
    story.waiting = { first: first.entryId, second: second.entryId, firstEmail: person("Ayanda").email };
  });

  it("4. reminders, first: 71 hours before the start the family's 72 h reminder is queued once, with the manage link and all three tickets", async () => {
    expect(await remind(hoursBefore(100))).toEqual({ queued: 0, failed: 0 });
    // Both paid bookings (the early couple's and the family's) get theirs.
    expect(await remind(hoursBefore(71))).toEqual({ queued: 2, failed: 0 });
    expect(await remind(hoursBefore(70))).toEqual({ queued: 0, failed: 0 });
    const [reminder, ...more] = await remindersOfFamily();
    expect(more).toHaveLength(0);
    expect(reminder!.dedupeKey).toBe(`seminar-reminder:72h:${story.bookingId}`);
    expect(reminder!.textBody).toContain(`Manage your booking: ${siteUrl}/bookings/${story.token}`);
    for (const [index, code] of story.ticketCodes.entries()) expect(reminder!.textBody).toContain(`Ticket for ${FAMILY[index]}: ${siteUrl}/tickets/${code}`);
  });

  it("5. cancel a seat: 60 hours before the start (before the free cancellation closes 48 hours out) one seat is cancelled through the manage link: ticket cancelled, two seats left, R950 refunded, the family told", async () => {
    const { db } = database;
    const site: ManageSite = { siteUrl, links, freeCancellationHours: 48, now: hoursBefore(60) };
    const outcome = await cancelSeatOnline(db, site, story.payments, story.token, 2);
    expect(outcome).toMatchObject({ cancelled: "seat", refundCents: PRICE });
    expect(outcome.refund?.status).toBe("succeeded");

    expect(await booking(story.bookingId)).toMatchObject({ status: "confirmed", seats: 2, attendeeNames: ["Thandi Nkosi", "Lindi Nkosi"], refundedCents: PRICE });
    const tickets = await ticketsOfBooking(db, story.bookingId);
    expect(tickets.map((ticket) => [ticket.seatNumber, ticket.cancelledBy])).toEqual([[1, null], [2, "Customer"], [3, null]]);
    const refundRows = await db.select().from(refunds).where(eq(refunds.bookingId, story.bookingId));
    expect(refundRows.map((refund) => [refund.amountCents, refund.status])).toEqual([[PRICE, "succeeded"]]);
    const ledger = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, story.bookingId), eq(ledgerEntries.entryType, "refund")));
    expect(ledger.map((row) => row.amountCents)).toEqual([PRICE]);
    const told = (await mailsTo(familyEmail)).find((mail) => mail.kind === "seminar-cancelled-online");
    expect(told?.subject).toContain("Seat 2 cancelled");
    expect(told?.textBody).toContain("R950.00");
    expect(await seatsTaken()).toBe(4);
  });

  it("6. serve the waitlist: the freed seat goes to the first person in line as a held one-seat booking; the second keeps waiting; never more than 5 seats taken", async () => {
    const { db } = database;
    const now = hoursBefore(60);
    const rt: WaitlistRuntime = { siteUrl, offerHours: 24, signer: links };
    expect(await serveWaitlist(db, story.seminarId, rt, now)).toEqual({ offered: 1, lapsed: 0 });

    const first = await entry(story.waiting.first);
    expect(first.status).toBe("offered");
    expect(first.offerExpiresAt!.getTime()).toBe(now.getTime() + 24 * HOUR);
    expect(await booking(first.offerBookingId!)).toMatchObject({ status: "pending", isPaid: false, seats: 1, amountCents: PRICE, email: story.waiting.firstEmail });
    expect((await mailsTo(story.waiting.firstEmail)).map((mail) => mail.kind)).toContain("seminar-waitlist-offer");
    expect((await entry(story.waiting.second)).status).toBe("waiting");
    expect(await seatsTaken()).toBe(5);

    // Nothing more is free: serving again offers no one, and the seminar stays at its capacity.
    expect(await serveWaitlist(db, story.seminarId, rt, now)).toEqual({ offered: 0, lapsed: 0 });
    expect((await entry(story.waiting.second)).status).toBe("waiting");
    expect(await seatsTaken()).toBe(5);
  });

  it("7. reminders, second: 23 hours before the start the 24 h reminder is queued once: two reminders in all, naming only the two standing tickets", async () => {
    expect(await remind(hoursBefore(23))).toEqual({ queued: 2, failed: 0 });
    expect(await remind(hoursBefore(22))).toEqual({ queued: 0, failed: 0 });
    const reminders = await remindersOfFamily();
    expect(reminders.map((mail) => mail.dedupeKey).sort()).toEqual([`seminar-reminder:24h:${story.bookingId}`, `seminar-reminder:72h:${story.bookingId}`]);
    const last = reminders.find((mail) => mail.dedupeKey === `seminar-reminder:24h:${story.bookingId}`)!;
    expect(last.textBody).toContain(`Manage your booking: ${siteUrl}/bookings/${story.token}`);
    expect(last.textBody).toContain(`Ticket for Thandi Nkosi: ${siteUrl}/tickets/${story.ticketCodes[0]}`);
    expect(last.textBody).toContain(`Ticket for Lindi Nkosi: ${siteUrl}/tickets/${story.ticketCodes[2]}`);
    expect(last.textBody).not.toContain(story.ticketCodes[1]);
  });

  it("8. at the door from a phone: staff check the two standing tickets in; the cancelled seat is refused; a second scan says already checked in", async () => {
    const { db } = database;
    const [thandi, sipho, lindi] = story.ticketCodes as [string, string, string];
    const scan = (code: string) => checkInTicket(db, testActor, { seminarId: story.seminarId, code: `${siteUrl}/tickets/${code}` });

    const first = await scan(thandi);
    expect(first).toMatchObject({ kind: "checked-in", ticket: { attendeeName: "Thandi Nkosi", seatNumber: 1 } });
    expect(answerWords(first).headline).toBe("Checked in: Thandi Nkosi, seat 1 of 3");
    expect(await scan(lindi)).toMatchObject({ kind: "checked-in", ticket: { attendeeName: "Lindi Nkosi", seatNumber: 3 } });

    const refused = await scan(sipho);
    expect(refused).toMatchObject({ kind: "cancelled", ticket: { seatNumber: 2 } });
    expect(answerWords(refused).headline).toBe("Booking cancelled");

    const again = await scan(thandi);
    expect(again).toMatchObject({ kind: "already", checkedInBy: testActor.name });
    expect(answerWords(again).headline).toMatch(/^Already checked in at \d{2}:\d{2} by /);
    // Four seats are confirmed and paid (the couple and the family's two); two of them are in.
    expect(await countAttendance(db, story.seminarId)).toEqual({ checkedIn: 2, seats: 4 });
  });
});
