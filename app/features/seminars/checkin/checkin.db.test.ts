import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seminarBookings, seminarTickets } from "#db/schema/index.ts";
import { entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { insertSeminar, visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { bookingsCsv } from "../admin/bookings.server.ts";
import { cancelAttendeeBooking } from "../admin/cancellations.server.ts";
import { attendeesOfSeminar } from "../admin/attendees.server.ts";
import { startSeminarCheckout } from "../booking/checkout.server.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { ticketUrl } from "../tickets/rules.ts";
import { issueTickets, ticketsOfBooking } from "../tickets/tickets.server.ts";
import { checkInTicket, doorPage, latestDoorAttendance, undoCheckIn } from "./checkin.server.ts";
import { countAttendance } from "./queries.server.ts";
import { answerWords } from "./rules.ts";

// Door check-in (docs/decisions/025) on both engines: each answer the door can give, the
// undo, the log, and the race of many doors at once over one ticket.

const siteUrl = "https://thula.example";
const database = useTestDatabase();
const sipho = { id: "admin-sipho", name: "Sipho", email: "sipho@thula.example" };
let families = 0;

/** A family of `seats` holds seats on `seminarId` and pays: their confirmed booking and its tickets. */
async function familyPays(seminarId: string, seats: number) {
  const { db } = database;
  const n = ++families;
  const email = `door.${n}.${Date.now().toString(36)}@example.co.za`;
  const names = ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi", "Ayanda Nkosi", "Zola Nkosi", "Bongi Nkosi"].slice(0, seats).map((name) => `${name} ${n}`);
  const hold = await holdSeat(db, { seminarId, contact: { ...visitor, email, firstName: "Booker", lastName: `Family${n}` }, seats, attendeeNames: names }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  await payTestCheckout(db, provider, paidItems(siteUrl), url.split("/").pop()!);
  return { bookingId: hold.bookingId, email, names, provider, tickets: await ticketsOfBooking(db, hold.bookingId) };
}

const ticketRow = async (id: string) => (await database.db.select().from(seminarTickets).where(eq(seminarTickets.id, id)))[0]!;

describe(`door check-in (${testEngine})`, () => {
  it("checks a ticket in by its code or its address, names the seat of N, puts the staff member on the ticket and logs it", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10, title: "Durban evening" });
    const family = await familyPays(seminar.id, 3);
    const second = family.tickets[1]!;

    const answer = await checkInTicket(db, testActor, { seminarId: seminar.id, code: ` ${ticketUrl(siteUrl, second.code)} ` });
    expect(answer).toMatchObject({ kind: "checked-in", ticket: { id: second.id, attendeeName: family.names[1], seatNumber: 2, seats: 3, feeUnpaid: false } });
    expect(answerWords(answer).headline).toBe(`Checked in: ${family.names[1]}, seat 2 of 3`);
    const row = await ticketRow(second.id);
    expect(row.checkedInBy).toBe("Zanele Dube");
    expect(row.checkedInAt).toBeInstanceOf(Date);

    const [entry] = (await entriesOf(db, "seminar_booking", family.bookingId)).filter((one) => one.action === "seminar_booking.check-in");
    expect(entry).toMatchObject({ actorName: "Zanele Dube", actorId: testActor.id, summary: `Checked in seat 2 of booking ${family.bookingId.slice(0, 8).toUpperCase()} at the door of "Durban evening"` });
    // No attendee's name in the log (docs/decisions/013).
    expect(entry!.summary).not.toContain("Nkosi");

    // The bare code works too.
    expect(await checkInTicket(db, testActor, { seminarId: seminar.id, code: family.tickets[0]!.code })).toMatchObject({ kind: "checked-in" });
    expect(await countAttendance(db, seminar.id)).toEqual({ checkedIn: 2, seats: 3 });
  });

  it("a second check-in of the same ticket says when (South African time) and by whom, and changes nothing", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const [ticket] = (await familyPays(seminar.id, 1)).tickets;
    await checkInTicket(db, sipho, { seminarId: seminar.id, code: ticket!.code });
    const first = await ticketRow(ticket!.id);

    const again = await checkInTicket(db, testActor, { seminarId: seminar.id, code: ticket!.code });
    expect(again).toMatchObject({ kind: "already", checkedInBy: "Sipho", checkedInAt: first.checkedInAt!.toISOString() });
    const saTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Johannesburg" }).format(first.checkedInAt!);
    expect(answerWords(again).headline).toBe(`Already checked in at ${saTime} by Sipho`);
    expect(await ticketRow(ticket!.id)).toEqual(first);
  });

  it("refuses a ticket for another seminar and names that seminar", async () => {
    const { db } = database;
    const here = await insertSeminar(db, { maxAttendees: 10, title: "Here tonight" });
    const elsewhereDate = addDays(todayIn("Africa/Johannesburg"), 14);
    const elsewhere = await insertSeminar(db, { maxAttendees: 10, title: "Cape Town evening", city: "Cape Town", seminarDate: elsewhereDate });
    const [ticket] = (await familyPays(elsewhere.id, 1)).tickets;
    const answer = await checkInTicket(db, testActor, { seminarId: here.id, code: ticket!.code });
    expect(answer).toEqual({ kind: "other-seminar", seminar: { title: "Cape Town evening", seminarDate: elsewhereDate, city: "Cape Town" } });
    expect(answerWords(answer).detail).toMatch(/^This ticket is for “Cape Town evening” in Cape Town on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    expect((await ticketRow(ticket!.id)).checkedInAt).toBeNull();
  });

  it("refuses a cancelled booking's ticket and a ticket cancelled on its own", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const cancelled = await familyPays(seminar.id, 2);
    await cancelAttendeeBooking(db, testActor, cancelled.provider, { seminarId: seminar.id, bookingId: cancelled.bookingId, reason: "Plans changed", refundDue: true }, { siteUrl });
    expect(await checkInTicket(db, testActor, { seminarId: seminar.id, code: cancelled.tickets[0]!.code })).toMatchObject({ kind: "cancelled" });

    const family = await familyPays(seminar.id, 2);
    await db.update(seminarTickets).set({ cancelledAt: new Date(), cancelledBy: "Customer" }).where(eq(seminarTickets.id, family.tickets[1]!.id));
    const answer = await checkInTicket(db, testActor, { seminarId: seminar.id, code: family.tickets[1]!.code });
    expect(answer).toMatchObject({ kind: "cancelled", ticket: { seatNumber: 2 } });
    expect(answerWords(answer).headline).toBe("Booking cancelled");
    expect((await ticketRow(family.tickets[1]!.id)).checkedInAt).toBeNull();
    // Its other seat still comes in.
    expect(await checkInTicket(db, testActor, { seminarId: seminar.id, code: family.tickets[0]!.code })).toMatchObject({ kind: "checked-in" });
    expect(await countAttendance(db, seminar.id)).toEqual({ checkedIn: 1, seats: 1 });
  });

  it("says 'Not paid' for a booking that is not confirmed, and 'Ticket not found' for an unknown or malformed code", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: `door.unpaid.${Date.now()}@example.co.za` } }, { siteUrl });
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    const [ticket] = await issueTickets(db, booking!);
    expect(await checkInTicket(db, testActor, { seminarId: seminar.id, code: ticket!.code })).toMatchObject({ kind: "not-paid" });
    expect(await checkInTicket(db, testActor, { seminarId: seminar.id, code: "A".repeat(24) })).toEqual({ kind: "not-found" });
    expect(await checkInTicket(db, testActor, { seminarId: seminar.id, code: "'; drop table seminar_tickets; --" })).toEqual({ kind: "not-found" });
    expect(await checkInTicket(db, testActor, { seminarId: "not-a-seminar", code: ticket!.code })).toEqual({ kind: "not-found" });
  });

  it("undo clears a check-in (logged), lets the ticket in again, and says so when there is nothing to undo", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const family = await familyPays(seminar.id, 1);
    const ticket = family.tickets[0]!;
    await checkInTicket(db, testActor, { seminarId: seminar.id, code: ticket.code });

    expect(await undoCheckIn(db, sipho, { seminarId: seminar.id, ticketId: ticket.id })).toMatchObject({ kind: "undone", ticket: { id: ticket.id } });
    expect(await ticketRow(ticket.id)).toMatchObject({ checkedInAt: null, checkedInBy: null });
    expect(await undoCheckIn(db, sipho, { seminarId: seminar.id, ticketId: ticket.id })).toMatchObject({ kind: "not-checked-in" });
    const other = await insertSeminar(db);
    expect(await undoCheckIn(db, sipho, { seminarId: other.id, ticketId: ticket.id })).toEqual({ kind: "not-found" });
    expect((await entriesOf(db, "seminar_booking", family.bookingId)).filter((one) => one.action.startsWith("seminar_booking.check-in")).map((one) => [one.action, one.actorName])).toEqual([
      ["seminar_booking.check-in", "Zanele Dube"],
      ["seminar_booking.check-in-undone", "Sipho"],
    ]);
    expect(await checkInTicket(db, sipho, { seminarId: seminar.id, code: ticket.code })).toMatchObject({ kind: "checked-in" });
  });

  it("attendance shows on the attendee list, the CSV's last column, the door's name search and the dashboard's figure", async () => {
    const { db } = database;
    // Tonight (late, so a hold is still taken whenever the suite runs): the dashboard's door figure is today's seminar.
    const seminar = await insertSeminar(db, { maxAttendees: 10, seminarDate: todayIn("Africa/Johannesburg"), seminarTime: "23:59", title: "Attendance evening" });
    const family = await familyPays(seminar.id, 3);
    await checkInTicket(db, testActor, { seminarId: seminar.id, code: family.tickets[0]!.code });
    await checkInTicket(db, testActor, { seminarId: seminar.id, code: family.tickets[2]!.code });

    const list = (await attendeesOfSeminar(db, seminar.id))!;
    const attendee = list.attendees.find((one) => one.bookingId === family.bookingId)!;
    expect(attendee.checkIns.map((one) => [one.seatNumber, one.checkedInBy])).toEqual([
      [1, "Zanele Dube"],
      [2, null],
      [3, "Zanele Dube"],
    ]);

    const csv = (await new Response(bookingsCsv(db, { q: "", seminarId: seminar.id }).body).text()).split("\r\n");
    expect(csv[0]!.split(",").at(-1)).toBe("Checked in");
    expect(csv[1]!.split(",").at(-1)).toBe("2 of 3");

    const page = (await doorPage(db, seminar.id, "Family" + families))!;
    expect(page.attendance).toEqual({ checkedIn: 2, seats: 3 });
    expect(page.search!.rows.map((row) => [row.seatNumber, row.state])).toEqual(
      expect.arrayContaining([
        [1, "checked-in"],
        [2, "ready"],
        [3, "checked-in"],
      ]),
    );
    expect((await doorPage(db, seminar.id, family.names[1]!))!.search!.rows).toHaveLength(1);

    const door = await latestDoorAttendance(db);
    expect(door).toMatchObject({ seminar: { id: seminar.id }, today: true, checkedIn: 2, seats: 3 });
  });
});

describe(`two doors at once (${testEngine})`, () => {
  it("20 simultaneous check-ins of one ticket, over separate connections, admit it exactly once", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const family = await familyPays(seminar.id, 2);
    const ticket = family.tickets[0]!;
    const doors = Array.from({ length: 20 }, (_, n) => ({ id: `admin-door-${n}`, name: `Door ${n}`, email: null }));

    const answers = await Promise.all(doors.map((door) => checkInTicket(db, door, { seminarId: seminar.id, code: ticket.code })));
    const admitted = answers.filter((answer) => answer.kind === "checked-in");
    expect(admitted).toHaveLength(1);
    expect(answers.filter((answer) => answer.kind === "already")).toHaveLength(19);
    const row = await ticketRow(ticket.id);
    for (const answer of answers) if (answer.kind === "already") expect(answer.checkedInBy).toBe(row.checkedInBy);
    const entries = (await entriesOf(db, "seminar_booking", family.bookingId)).filter((one) => one.action === "seminar_booking.check-in");
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorName).toBe(row.checkedInBy);
  });
});
