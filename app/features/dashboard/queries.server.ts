import { desc, eq, sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { consultationBookings, seminarBookings, seminars, users } from "#db/schema/index.ts";

// The dashboard's read model: it reads every domain's tables, writes none.

export async function findLatestContact(db: Db) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(1);
  return row;
}

export async function findLatestConsultation(db: Db) {
  const [row] = await db
    .select({
      id: consultationBookings.id,
      consultationType: consultationBookings.consultationType,
      status: consultationBookings.status,
      isPaid: consultationBookings.isPaid,
      amountCents: consultationBookings.amountCents,
      refundedCents: consultationBookings.refundedCents,
      refundDue: consultationBookings.refundDue,
      createdAt: consultationBookings.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(consultationBookings)
    .leftJoin(users, eq(users.id, consultationBookings.userId))
    .orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id))
    .limit(1);
  return row;
}

export async function findLatestSeminarBooking(db: Db) {
  const [row] = await db
    .select({
      id: seminarBookings.id,
      status: seminarBookings.status,
      isPaid: seminarBookings.isPaid,
      amountCents: seminarBookings.amountCents,
      refundedCents: seminarBookings.refundedCents,
      refundDue: seminarBookings.refundDue,
      holdExpiresAt: seminarBookings.holdExpiresAt,
      createdAt: seminarBookings.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      seminarTitle: seminars.title,
      seminarDate: seminars.seminarDate,
    })
    .from(seminarBookings)
    .leftJoin(users, eq(users.id, seminarBookings.userId))
    .leftJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .orderBy(desc(seminarBookings.createdAt), desc(seminarBookings.id))
    .limit(1);
  return row;
}

export type RecordCounts = { users: number; consultations: number; seminars: number; seminarBookings: number };

export async function countRecords(db: Db): Promise<RecordCounts> {
  const [row] = rowsOf<Record<keyof RecordCounts, number | string>>(
    await db.execute(sql`
      select (select count(*) from users) as "users",
             (select count(*) from consultation_bookings) as "consultations",
             (select count(*) from seminars where is_active) as "seminars",
             (select count(*) from seminar_bookings) as "seminarBookings"
    `),
  );
  return {
    users: Number(row?.users ?? 0),
    consultations: Number(row?.consultations ?? 0),
    seminars: Number(row?.seminars ?? 0),
    seminarBookings: Number(row?.seminarBookings ?? 0),
  };
}

export type SeatTotals = { seminars: number; seatsTaken: number; seatsOffered: number };

/** Seats over the active seminars dated `today` or later (South African calendar date). */
export async function sumUpcomingSeats(db: Db, today: string): Promise<SeatTotals> {
  const [row] = rowsOf<Record<keyof SeatTotals, number | string>>(
    await db.execute(sql`
      select count(*) as "seminars",
             coalesce(sum(current_attendees), 0) as "seatsTaken",
             coalesce(sum(max_attendees), 0) as "seatsOffered"
        from seminars
       where is_active and seminar_date >= ${today}::date
    `),
  );
  return { seminars: Number(row?.seminars ?? 0), seatsTaken: Number(row?.seatsTaken ?? 0), seatsOffered: Number(row?.seatsOffered ?? 0) };
}
