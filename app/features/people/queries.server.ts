import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { contactSearchCondition, type ContactRow } from "~/features/contacts/service.server.ts";
import { countUpTo, readKeysetPage, type KeysetKey, type KeysetPage } from "~/lib/keyset.server.ts";
import type { BoundedTotal, ListPosition } from "~/lib/keyset.ts";

// The Users screen's list: contacts with how many bookings each has (a read model over the
// contacts and bookings tables; every write goes through the owning feature's service).

export type ContactListRow = ContactRow & { consultationCount: number; seminarBookingCount: number };

/** How many contacts match the search, counted up to COUNT_BOUND. */
export async function countContacts(db: Db, q: string): Promise<BoundedTotal> {
  return countUpTo(db, db.select({ one: sql`1` }).from(users).where(contactSearchCondition(q)));
}

const withCounts = {
  contact: users,
  // Written out in full: inside a one-table select Drizzle leaves columns unqualified, and a
  // bare "id" would bind to the subquery's own table.
  consultationCount: sql<number>`(select count(*) from consultation_bookings c where c.user_id = "users"."id")`.mapWith(Number),
  seminarBookingCount: sql<number>`(select count(*) from seminar_bookings s where s.user_id = "users"."id")`.mapWith(Number),
};

function selectWithCounts(db: Db) {
  return db.select(withCounts).from(users);
}

type WithCounts = { contact: ContactRow; consultationCount: number; seminarBookingCount: number };
const flatten = (row: WithCounts): ContactListRow => ({ ...row.contact, consultationCount: row.consultationCount, seminarBookingCount: row.seminarBookingCount });

/** The contacts list's order, newest first: the order of users_created_idx (migration 0008). */
const contactListKeys: KeysetKey[] = [
  { column: users.createdAt, type: "timestamp" },
  { column: users.id, type: "uuid" },
];

/** One page of contacts at `position`, newest first (docs/decisions/030), with how many consultations and seminar bookings each has. */
export async function findContactsPage(db: Db, { q, position, pageSize }: { q: string; position: ListPosition; pageSize: number }): Promise<KeysetPage<ContactListRow>> {
  const page = await readKeysetPage(contactListKeys, position, pageSize, async (slice) =>
    db
      .select({ ...withCounts, cursor: slice.cursor })
      .from(users)
      .where(and(contactSearchCondition(q), slice.where))
      .orderBy(...slice.orderBy)
      .limit(slice.limit),
  );
  return { rows: page.rows.map(flatten), nav: page.nav };
}

/** One contact with its booking counts. */
export async function findContactWithCounts(db: Db, id: string): Promise<ContactListRow | undefined> {
  const [row] = await selectWithCounts(db).where(eq(users.id, id)).limit(1);
  return row ? flatten(row) : undefined;
}


export type ContactHistory = {
  seminarBookings: number;
  consultations: number;
  /** Charged on their paid bookings (seminar seats and paid consultations), in ZAR cents. */
  paidCents: number;
  refundedCents: number;
  /** The e-mail addresses their bookings were made with (the contact's own may have changed since). */
  bookingEmails: string[];
};

/** What a contact has on record: their bookings of either kind, the money on them, and the addresses they used. */
export async function findContactHistory(db: Db, userId: string): Promise<ContactHistory> {
  const result = await db.execute(sql`
    with bookings as (
      select 'seminar' as kind, email, is_paid, amount_cents, refunded_cents from seminar_bookings where user_id = ${userId}
      union all
      select 'consultation' as kind, email, is_paid, amount_cents, refunded_cents from consultation_bookings where user_id = ${userId}
    )
    select count(*) filter (where kind = 'seminar') as seminar_bookings,
           count(*) filter (where kind = 'consultation') as consultations,
           coalesce(sum(amount_cents) filter (where is_paid), 0) as paid_cents,
           coalesce(sum(refunded_cents), 0) as refunded_cents,
           coalesce(array_agg(distinct email) filter (where email is not null), '{}') as booking_emails
    from bookings`);
  const [row] = rowsOf<{ seminar_bookings: string | number; consultations: string | number; paid_cents: string | number; refunded_cents: string | number; booking_emails: string[] }>(result);
  return {
    seminarBookings: Number(row?.seminar_bookings ?? 0),
    consultations: Number(row?.consultations ?? 0),
    paidCents: Number(row?.paid_cents ?? 0),
    refundedCents: Number(row?.refunded_cents ?? 0),
    bookingEmails: row?.booking_emails ?? [],
  };
}
