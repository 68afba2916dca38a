import { describe, expect, it } from "vitest";
import { consultationBookings, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { insertSeminar } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { dashboardOverview, monthInSouthAfrica } from "./service.server.ts";
import { parseSeminarListQuery } from "~/features/seminars/admin/schema.ts";
import { listAdminSeminars } from "~/features/seminars/admin/seminars.server.ts";

// The dashboard's numbers on known data: latest records, counts, money paid this month in
// South Africa's calendar, and how full the upcoming seminars are.

const database = useTestDatabase(consultationBookings, seminarBookings, seminars, users);
// 15 March 2026, midday in Johannesburg.
const now = new Date("2026-03-15T10:00:00Z");

async function contact(firstName: string, createdAt: Date) {
  const [row] = await database.db
    .insert(users)
    .values({ firstName, lastName: "Test", email: `${firstName.toLowerCase()}@example.com`, createdAt })
    .returning();
  return row!;
}

function consultation(user: typeof users.$inferSelect, values: Partial<typeof consultationBookings.$inferInsert>) {
  return database.db.insert(consultationBookings).values({ userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, ...values });
}

function seminarBooking(user: typeof users.$inferSelect, seminarId: string, values: Partial<typeof seminarBookings.$inferInsert>) {
  return database.db.insert(seminarBookings).values({ userId: user.id, seminarId, firstName: user.firstName, lastName: user.lastName, email: user.email, ...values });
}

describe(`monthInSouthAfrica`, () => {
  it("is the calendar month in Johannesburg, as instants", () => {
    expect(monthInSouthAfrica(now)).toEqual({ from: new Date("2026-02-28T22:00:00Z"), to: new Date("2026-03-31T22:00:00Z"), label: "March 2026" });
    // 23:30 UTC on 31 March is already 1 April in Johannesburg.
    expect(monthInSouthAfrica(new Date("2026-03-31T23:30:00Z")).label).toBe("April 2026");
    expect(monthInSouthAfrica(new Date("2026-12-31T21:00:00Z"))).toMatchObject({ label: "December 2026", to: new Date("2026-12-31T22:00:00Z") });
  });
});

describe(`the dashboard (${testEngine})`, () => {
  it("shows empty cards, zero counts, no revenue and no fill rate on an empty database", async () => {
    expect(await dashboardOverview(database.db, now)).toEqual({
      latestUser: null,
      latestConsultation: null,
      latestSeminarBooking: null,
      counts: { users: 0, consultations: 0, seminars: 0, seminarBookings: 0 },
      revenue: { monthLabel: "March 2026", totalCents: 0, seminarCents: 0, consultationCents: 0, payments: 0 },
      fill: { seminars: 0, seatsTaken: 0, seatsOffered: 0, percent: null },
    });
  });

  it("adds up the latest records, the counts, this month's payments and the upcoming seats", async () => {
    const older = await contact("Ayesha", new Date("2026-03-01T08:00:00Z"));
    const newest = await contact("Sipho", new Date("2026-03-14T08:00:00Z"));

    // Upcoming active: 6/30 and 10/10. Past and inactive seminars do not count.
    const durban = await insertSeminar(database.db, { title: "Durban evening", seminarDate: "2026-04-02", maxAttendees: 30, currentAttendees: 6 });
    await insertSeminar(database.db, { title: "CV clinic", seminarDate: "2026-03-15", maxAttendees: 10, currentAttendees: 10 });
    await insertSeminar(database.db, { title: "Last month", seminarDate: "2026-03-14", maxAttendees: 50, currentAttendees: 1 });
    await insertSeminar(database.db, { title: "Draft", seminarDate: "2026-05-01", maxAttendees: 40, currentAttendees: 0, isActive: false });
    const untitled = await insertSeminar(database.db, { title: " ", seminarDate: "2026-05-02", isActive: false });

    // Seminar payments: two this month (one just after midnight on 1 March in Johannesburg), one in February, one refunded, one unpaid.
    await seminarBooking(older, durban.id, { status: "confirmed", isPaid: true, amountCents: 120000, paidAt: new Date("2026-02-28T22:30:00Z"), createdAt: new Date("2026-02-28T22:00:00Z") });
    await seminarBooking(newest, durban.id, { status: "confirmed", isPaid: true, amountCents: 95050, paidAt: new Date("2026-03-10T09:00:00Z"), createdAt: new Date("2026-03-10T08:55:00Z") });
    await seminarBooking(older, durban.id, { status: "confirmed", isPaid: true, amountCents: 120000, paidAt: new Date("2026-02-28T21:59:00Z"), createdAt: new Date("2026-02-20T08:00:00Z") });
    await seminarBooking(older, durban.id, { status: "refunded", isPaid: true, amountCents: 120000, paidAt: new Date("2026-03-05T09:00:00Z"), createdAt: new Date("2026-03-05T08:00:00Z") });
    await seminarBooking(newest, untitled.id, { status: "pending", isPaid: false, amountCents: 120000, createdAt: new Date("2026-03-14T12:00:00Z") });

    // Consultations: one paid this month; one paid in April (Johannesburg); one free; one unpaid.
    await consultation(older, { consultationType: "paid", isPaid: true, amountCents: 349900, paidAt: new Date("2026-03-12T10:00:00Z"), createdAt: new Date("2026-03-11T10:00:00Z") });
    await consultation(older, { consultationType: "paid", isPaid: true, amountCents: 349900, paidAt: new Date("2026-03-31T22:30:00Z"), createdAt: new Date("2026-03-09T10:00:00Z") });
    await consultation(newest, { consultationType: "free", isPaid: true, amountCents: 0, createdAt: new Date("2026-03-13T10:00:00Z") });
    await consultation(newest, { consultationType: "paid", status: "confirmed", isPaid: false, createdAt: new Date("2026-03-14T09:00:00Z") });

    const overview = await dashboardOverview(database.db, now);
    expect(overview.latestUser).toMatchObject({ id: newest.id, name: "Sipho Test", email: "sipho@example.com" });
    expect(overview.latestConsultation).toMatchObject({ clientName: "Sipho Test", typeLabel: "PAID", status: "confirmed", isPaid: false });
    expect(overview.latestSeminarBooking).toMatchObject({ name: "Sipho Test", seminarTitle: "Untitled Seminar", status: "pending", isPaid: false });
    // The Seminars tile counts what its link (/admin/seminars, active seminars by default) lists.
    expect(overview.counts).toEqual({ users: 2, consultations: 4, seminars: 3, seminarBookings: 5 });
    const listed = await listAdminSeminars(database.db, parseSeminarListQuery(new URLSearchParams()), { siteUrl: "https://thula.example", now });
    expect(listed.total).toBe(overview.counts.seminars);
    expect(overview.revenue).toEqual({ monthLabel: "March 2026", totalCents: 120000 + 95050 + 349900, seminarCents: 215050, consultationCents: 349900, payments: 3 });
    expect(overview.fill).toEqual({ seminars: 2, seatsTaken: 16, seatsOffered: 40, percent: 40 });
  });
});
