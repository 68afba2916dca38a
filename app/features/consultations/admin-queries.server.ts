import { and, count, desc, eq, ilike, inArray, isNull, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { consultants, consultationBookings, personSearchText, type AdminNote, users } from "#db/schema/index.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import type { BookingMoney } from "~/features/payments/booking-money.ts";
import { bookingContactFields } from "~/features/contacts/service.server.ts";
import { countUpTo, readKeysetPage, type KeysetKey, type KeysetPage } from "~/lib/keyset.server.ts";
import type { BoundedTotal } from "~/lib/keyset.ts";
import { containsPattern } from "~/lib/search-text.ts";
import type { ConsultationListParams, CreateConsultationInput } from "./admin-schema.ts";

// The admin's reads and writes of consultation_bookings. Admin notes change only through
// single SQL statements (append with ||, delete with -), never read-modify-write. Every write
// bumps the version, and an admin's write names the version its dialog opened, so a write
// based on what someone else has since changed matches nothing (docs/decisions/014).

const FREE_PATTERN = "%free%";

const searched = alias(consultationBookings, "searched");
const query = new QueryBuilder();

/**
 * The consultations a search finds: its contact's name, e-mail or phone (the contacts' trigram
 * index, db/schema/search.ts), or its description (its own trigram index). Each arm is read
 * through its index and the two are joined by id, so the search costs what it finds, not the
 * size of either table.
 */
function searchMatches(q: string) {
  const pattern = containsPattern(q);
  const contacts = query.select({ id: users.id }).from(users).where(sql`${personSearchText(users)} ilike ${pattern}`);
  return query
    .select({ id: searched.id })
    .from(searched)
    .where(inArray(searched.userId, contacts))
    .unionAll(query.select({ id: searched.id }).from(searched).where(ilike(searched.description, pattern)));
}

function listConditions({ q, type, statuses }: ListFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (q) conditions.push(inArray(consultationBookings.id, searchMatches(q)));
  // docs/product.md §4.4: a type text containing "free", in any case, is a free call.
  if (type === "free") conditions.push(ilike(consultationBookings.consultationType, FREE_PATTERN));
  if (type === "paid") conditions.push(not(ilike(consultationBookings.consultationType, FREE_PATTERN)));
  if (statuses.length > 0) conditions.push(inArray(consultationBookings.status, statuses));
  return and(...conditions);
}

const listColumns = {
  id: consultationBookings.id,
  userId: consultationBookings.userId,
  consultationType: consultationBookings.consultationType,
  status: consultationBookings.status,
  isPaid: consultationBookings.isPaid,
  amountCents: consultationBookings.amountCents,
  refundedCents: consultationBookings.refundedCents,
  refundDue: consultationBookings.refundDue,
  preferredDatetime: consultationBookings.preferredDatetime,
  startsAt: consultationBookings.startsAt,
  createdAt: consultationBookings.createdAt,
  contactFirstName: users.firstName,
  contactLastName: users.lastName,
  contactEmail: users.email,
  contactPhone: users.phone,
  /** The contact asked to be forgotten (docs/decisions/016): no details to show, and never e-mailed. */
  contactAnonymisedAt: users.anonymisedAt,
};

export type ConsultationListRow = BookingMoney & {
  id: string;
  userId: string;
  consultationType: string;
  status: ConsultationStatus;
  preferredDatetime: string | null;
  /** A booking in a time slot: when it starts (issue 17). */
  startsAt: Date | null;
  createdAt: Date;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactAnonymisedAt: Date | null;
};

type ListFilters = Pick<ConsultationListParams, "q" | "type" | "statuses">;

/** Every consultation the filters match, unrun and unordered (what the count reads; admin.db.test.ts checks its plan). */
export function consultationMatches(db: Db, params: ListFilters) {
  return db.select({ one: sql`1` }).from(consultationBookings).leftJoin(users, eq(users.id, consultationBookings.userId)).where(listConditions(params));
}

/** How many consultations match, counted up to COUNT_BOUND. */
export async function countConsultations(db: Db, params: ListFilters): Promise<BoundedTotal> {
  return countUpTo(db, consultationMatches(db, params));
}

export async function anyConsultationExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: consultationBookings.id }).from(consultationBookings).limit(1);
  return Boolean(row);
}

/** The list's order, newest first: the order of consultation_bookings_created_idx (migration 0008). */
const consultationListKeys: KeysetKey[] = [
  { column: consultationBookings.createdAt, type: "timestamp" },
  { column: consultationBookings.id, type: "uuid" },
];

/** One page at `position`, newest first (docs/decisions/030), each with its contact (left join: a missing contact reads as 'Unknown Client'). */
export async function findConsultationsPage(
  db: Db,
  params: Pick<ConsultationListParams, "q" | "type" | "statuses" | "position">,
  pageSize: number,
): Promise<KeysetPage<ConsultationListRow>> {
  return readKeysetPage(consultationListKeys, params.position, pageSize, async (slice) =>
    db
      .select({ ...listColumns, cursor: slice.cursor })
      .from(consultationBookings)
      .leftJoin(users, eq(users.id, consultationBookings.userId))
      .where(and(listConditions(params), slice.where))
      .orderBy(...slice.orderBy)
      .limit(slice.limit),
  );
}

export type ConsultationDetailsRow = ConsultationListRow & {
  /** One more with every change (docs/decisions/014-no-lost-updates.md). */
  version: number;
  description: string | null;
  adminNotes: AdminNote[];
  amountCents: number;
  paidAt: Date | null;
  bookingFirstName: string;
  bookingEmail: string;
  preferredContact: string;
  refundedCents: number;
  refundDue: boolean;
  cancelledAt: Date | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  /** A booking in a time slot (issue 17): with whom, and where. */
  consultantName: string | null;
  meetingUrl: string | null;
};

export async function findConsultation(db: Db, id: string): Promise<ConsultationDetailsRow | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      version: consultationBookings.version,
      description: consultationBookings.description,
      adminNotes: consultationBookings.adminNotes,
      amountCents: consultationBookings.amountCents,
      paidAt: consultationBookings.paidAt,
      bookingFirstName: consultationBookings.firstName,
      bookingEmail: consultationBookings.email,
      preferredContact: consultationBookings.preferredContact,
      refundedCents: consultationBookings.refundedCents,
      refundDue: consultationBookings.refundDue,
      cancelledAt: consultationBookings.cancelledAt,
      cancelledBy: consultationBookings.cancelledBy,
      cancelReason: consultationBookings.cancelReason,
      consultantName: consultants.name,
      meetingUrl: consultationBookings.meetingUrl,
    })
    .from(consultationBookings)
    .leftJoin(users, eq(users.id, consultationBookings.userId))
    .leftJoin(consultants, eq(consultants.id, consultationBookings.consultantId))
    .where(eq(consultationBookings.id, id))
    .limit(1);
  return row;
}

export type ContactForBooking = typeof users.$inferSelect;

export async function insertAdminConsultation(db: Db, input: CreateConsultationInput, contact: ContactForBooking, amountCents: number): Promise<string> {
  const [row] = await db
    .insert(consultationBookings)
    .values({
      ...bookingContactFields(contact),
      consultationType: input.consultationType,
      status: input.status,
      // A free call has nothing to pay (as on the public free form).
      isPaid: input.consultationType === "free",
      amountCents,
      description: input.description,
      preferredDatetime: input.preferredDatetime,
    })
    .returning({ id: consultationBookings.id });
  return row!.id;
}

/** Every write below makes a new version of the consultation, so an admin's dialog opened before it is out of date. */
const nextVersion = { version: sql`${consultationBookings.version} + 1` };

/** Only while the consultation is still at the version the admin's dialog opened (none given: any version). */
const atVersion = (version: number | undefined) => (version === undefined ? undefined : eq(consultationBookings.version, version));

/**
 * Appends one note in one statement, at `version` when given (an admin's note; the note a
 * status change adds takes none); false when the consultation does not exist or has moved on.
 */
export async function appendAdminNote(db: Db, id: string, note: AdminNote, version?: number): Promise<boolean> {
  const rows = await db
    .update(consultationBookings)
    .set({
      adminNotes: sql`${consultationBookings.adminNotes} || jsonb_build_array(jsonb_build_object('datetime', ${note.datetime}::text, 'note', ${note.note}::text, 'admin_name', ${note.admin_name}::text))`,
      ...nextVersion,
    })
    .where(and(eq(consultationBookings.id, id), atVersion(version)))
    .returning({ id: consultationBookings.id });
  return rows.length > 0;
}

/**
 * Removes the note at `index` in one statement, only at `version`, if the index is in range
 * and (when given) the note there is still the one the admin saw. False when nothing matched.
 */
export async function removeAdminNote(db: Db, id: string, version: number, index: number, expectedDatetime?: string): Promise<boolean> {
  const rows = await db
    .update(consultationBookings)
    .set({ adminNotes: sql`${consultationBookings.adminNotes} - ${index}::int`, ...nextVersion })
    .where(
      and(
        eq(consultationBookings.id, id),
        atVersion(version),
        sql`${index}::int >= 0 and ${index}::int < jsonb_array_length(${consultationBookings.adminNotes})`,
        expectedDatetime === undefined ? undefined : sql`${consultationBookings.adminNotes} -> ${index}::int ->> 'datetime' = ${expectedDatetime}::text`,
      ),
    )
    .returning({ id: consultationBookings.id });
  return rows.length > 0;
}

/** Sets the status only at `version` and while it is still `from`; false when the consultation is gone or has moved on. */
export async function updateConsultationStatus(
  db: Db,
  id: string,
  { version, from, to }: { version: number; from: ConsultationStatus; to: ConsultationStatus },
): Promise<boolean> {
  const rows = await db
    .update(consultationBookings)
    .set({ status: to, ...nextVersion })
    .where(and(eq(consultationBookings.id, id), atVersion(version), eq(consultationBookings.status, from)))
    .returning({ id: consultationBookings.id });
  return rows.length > 0;
}

/** Sets the paid flag of a paid-type consultation at `version`; false when it does not exist, has moved on or is free. */
export async function updatePaidFlag(db: Db, id: string, version: number, paid: boolean, { now, priceCents }: { now: Date; priceCents: number }): Promise<boolean> {
  const rows = await db
    .update(consultationBookings)
    .set({
      ...(paid
        ? {
            isPaid: true,
            paidAt: sql`coalesce(${consultationBookings.paidAt}, ${now.toISOString()}::timestamptz)`,
            amountCents: sql`case when ${consultationBookings.amountCents} > 0 then ${consultationBookings.amountCents} else ${priceCents}::int end`,
          }
        : { isPaid: false, paidAt: null }),
      ...nextVersion,
    })
    .where(and(eq(consultationBookings.id, id), atVersion(version), not(ilike(consultationBookings.consultationType, FREE_PATTERN))))
    .returning({ id: consultationBookings.id });
  return rows.length > 0;
}

/** Locks the consultation's row for the rest of the transaction (a cancellation or deletion reads what it changes). */
export async function lockConsultationRow(tx: Db, id: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: consultationBookings.id }).from(consultationBookings).where(eq(consultationBookings.id, id)).for("update");
  return row;
}

/**
 * Deletes a consultation with no money on record. A free call is stored as paid ("nothing to
 * pay", docs/product.md §5.3), which the bookings' delete trigger reads as money; with no
 * amount, paid time, checkout or ledger entry there is none, so the flag is cleared first.
 */
export async function deleteConsultationRow(tx: Db, id: string): Promise<boolean> {
  await tx
    .update(consultationBookings)
    .set({ isPaid: false })
    .where(and(eq(consultationBookings.id, id), ilike(consultationBookings.consultationType, FREE_PATTERN), eq(consultationBookings.amountCents, 0), isNull(consultationBookings.paidAt)));
  const rows = await tx.delete(consultationBookings).where(eq(consultationBookings.id, id)).returning({ id: consultationBookings.id });
  return rows.length > 0;
}

export type Cancellation = { version: number; from: ConsultationStatus; at: Date; by: string; reason: string; refundDue: boolean };

/** Cancels the consultation only at `version` and while its status is still `from`; false when it is gone or has moved on. */
export async function cancelConsultationRow(tx: Db, id: string, { version, from, at, by, reason, refundDue }: Cancellation): Promise<boolean> {
  const rows = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", cancelledAt: at, cancelledBy: by, cancelReason: reason, refundDue, ...nextVersion })
    .where(and(eq(consultationBookings.id, id), atVersion(version), eq(consultationBookings.status, from)))
    .returning({ id: consultationBookings.id });
  return rows.length > 0;
}

/** A cancelled consultation reopened: the cancellation's who, when and why (kept in the activity log) and any refund owed go. */
export async function clearCancellation(tx: Db, id: string): Promise<void> {
  await tx.update(consultationBookings).set({ cancelledAt: null, cancelledBy: null, cancelReason: null, refundDue: false }).where(eq(consultationBookings.id, id));
}

/** The contact's consultations still under way: a request waiting for a time, or a time agreed. */
export async function countOpenConsultationsOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(consultationBookings)
    .where(and(eq(consultationBookings.userId, userId), inArray(consultationBookings.status, ["pending", "confirmed"])));
  return row?.n ?? 0;
}

export type ErasedIdentity = { firstName: string; lastName: string; email: string };

/**
 * Erases the contact's details from every consultation of theirs, in the caller's transaction
 * (docs/decisions/016): the copied contact details, the visitor's notes and the admin notes
 * (staff write about the client there) go; type, status, money and cancellation stay.
 * Returns which, and the e-mail addresses they carried.
 */
export async function anonymiseConsultationsOfUser(tx: Db, userId: string, identity: ErasedIdentity, now: Date): Promise<{ ids: string[]; emails: string[] }> {
  const before = await tx.select({ email: consultationBookings.email }).from(consultationBookings).where(eq(consultationBookings.userId, userId)).for("update");
  const rows = await tx
    .update(consultationBookings)
    .set({ ...identity, phone: null, address: null, description: null, adminNotes: [], ...nextVersion, updatedAt: now })
    .where(eq(consultationBookings.userId, userId))
    .returning({ id: consultationBookings.id });
  return { ids: rows.map((row) => row.id), emails: [...new Set(before.map((row) => row.email))] };
}

export type ContactConsultation = BookingMoney & {
  id: string;
  consultationType: string;
  status: ConsultationStatus;
  preferredDatetime: string | null;
  description: string | null;
  createdAt: Date;
};

export async function findConsultationsOfUser(db: Db, userId: string): Promise<ContactConsultation[]> {
  return db
    .select({
      id: consultationBookings.id,
      consultationType: consultationBookings.consultationType,
      status: consultationBookings.status,
      isPaid: consultationBookings.isPaid,
      amountCents: consultationBookings.amountCents,
      refundedCents: consultationBookings.refundedCents,
      refundDue: consultationBookings.refundDue,
      preferredDatetime: consultationBookings.preferredDatetime,
      description: consultationBookings.description,
      createdAt: consultationBookings.createdAt,
    })
    .from(consultationBookings)
    .where(eq(consultationBookings.userId, userId))
    .orderBy(desc(consultationBookings.createdAt));
}
