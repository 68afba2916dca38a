import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, users } from "#db/schema/index.ts";
import { containsPattern } from "~/lib/search-text.ts";
import type { AdminContactInput } from "./admin-schema.ts";

// Reads and writes of the contacts (users) table for the admin screens. The list also
// counts each contact's bookings and the count modal embeds the seminar (read models).

/** Name, e-mail or phone contains the text (case-insensitive); a phone-like search also matches digits only ("082 555" finds "+27 82 555 0123"). */
export function contactSearchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const conditions: SQL[] = [
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    ilike(users.email, pattern),
    ilike(users.phone, pattern),
  ];
  const digits = /^[+\d\s()-]+$/.test(q) ? q.replace(/\D/g, "").replace(/^0/, "") : "";
  if (digits.length >= 3) conditions.push(sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  return or(...conditions);
}

export type ContactRow = typeof users.$inferSelect;
export type ContactListRow = ContactRow & { consultationCount: number; seminarBookingCount: number };

export async function countContacts(db: Db, q: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(contactSearchCondition(q));
  return row?.n ?? 0;
}

function selectWithCounts(db: Db) {
  return db
    .select({
      contact: users,
      // Written out in full: inside a one-table select Drizzle leaves columns unqualified, and a
      // bare "id" would bind to the subquery's own table.
      consultationCount: sql<number>`(select count(*) from consultation_bookings c where c.user_id = "users"."id")`.mapWith(Number),
      seminarBookingCount: sql<number>`(select count(*) from seminar_bookings s where s.user_id = "users"."id")`.mapWith(Number),
    })
    .from(users);
}

type WithCounts = { contact: ContactRow; consultationCount: number; seminarBookingCount: number };
const flatten = (row: WithCounts): ContactListRow => ({ ...row.contact, consultationCount: row.consultationCount, seminarBookingCount: row.seminarBookingCount });

/** One page of contacts, newest first, with how many consultations and seminar bookings each has. */
export async function findContactsPage(db: Db, { q, limit, offset }: { q: string; limit: number; offset: number }): Promise<ContactListRow[]> {
  const rows = await selectWithCounts(db)
    .where(contactSearchCondition(q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map(flatten);
}

/** One contact with its booking counts. */
export async function findContactWithCounts(db: Db, id: string): Promise<ContactListRow | undefined> {
  const [row] = await selectWithCounts(db).where(eq(users.id, id)).limit(1);
  return row ? flatten(row) : undefined;
}

export async function findContact(db: Db, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertContact(db: Db, input: AdminContactInput): Promise<ContactRow> {
  const [row] = await db.insert(users).values(input).returning();
  return row!;
}

export async function updateContactRow(db: Db, id: string, input: AdminContactInput): Promise<ContactRow | undefined> {
  const [row] = await db.update(users).set(input).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteContactRow(tx: Db, id: string): Promise<boolean> {
  const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

export type ContactSeminarBooking = {
  id: string;
  status: string;
  isPaid: boolean;
  createdAt: Date;
  seminarTitle: string | null;
  seminarDate: string | null;
  seminarTime: string | null;
  location: string | null;
  venueName: string | null;
  city: string | null;
};

/** A contact's seminar bookings with their seminar, newest first. */
export async function findSeminarBookingsOfContact(db: Db, userId: string): Promise<ContactSeminarBooking[]> {
  return db
    .select({
      id: seminarBookings.id,
      status: seminarBookings.status,
      isPaid: seminarBookings.isPaid,
      createdAt: seminarBookings.createdAt,
      seminarTitle: seminars.title,
      seminarDate: seminars.seminarDate,
      seminarTime: seminars.seminarTime,
      location: seminars.location,
      venueName: seminars.venueName,
      city: seminars.city,
    })
    .from(seminarBookings)
    .leftJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .where(eq(seminarBookings.userId, userId))
    .orderBy(desc(seminarBookings.createdAt));
}

export type ContactOption = { id: string; firstName: string; lastName: string; email: string; phone: string | null };

/** Every contact for a picker (SPEC.md §7: id, names, e-mail, phone, by first name). */
export async function findContactOptions(db: Db): Promise<ContactOption[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
}

/** Another contact (not `exceptId`) already has this e-mail, in any case. */
export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}
