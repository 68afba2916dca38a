import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import type { ContactRow } from "~/features/contacts/service.server.ts";
import { containsPattern } from "~/lib/search-text.ts";

// The Users screen's list: contacts with how many bookings each has (a read model over the
// contacts and bookings tables; every write goes through the owning feature's service).

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

