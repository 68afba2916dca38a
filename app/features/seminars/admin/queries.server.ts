import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, isNotNull, isNull, lt, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { personSearchText, phoneDigits, seminarBookings, seminarSearchText, seminars, users } from "#db/schema/index.ts";
import type { BookingStateFacts } from "./rules.ts";
import type { BookingListQuery, BookingStateFilter, SeminarInput, SeminarListView } from "./schema.ts";
import { bookingContactFields } from "~/features/contacts/service.server.ts";
import { countUpTo, keysetBatches, readKeysetPage, type KeysetKey, type KeysetSlice } from "~/lib/keyset.server.ts";
import type { BoundedTotal, ListPosition } from "~/lib/keyset.ts";
import { containsPattern } from "~/lib/search-text.ts";
import { seatsTakenAt } from "../seats/seats.server.ts";

// The admin screens' reads and writes of seminars, seminar bookings and the contacts that
// can be added to a seminar. Seat counts are never written here (seats.server.ts does).

export type AdminSeminar = typeof seminars.$inferSelect;

function seminarSearch(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return sql`${seminarSearchText(seminars)} ilike ${pattern}`;
}

const seminarViews: Record<SeminarListView, SQL | undefined> = {
  active: eq(seminars.isActive, true),
  all: undefined,
  inactive: and(eq(seminars.isActive, false), isNull(seminars.cancelledAt)),
  cancelled: isNotNull(seminars.cancelledAt),
};

/**
 * One page of seminars, soonest first (docs/product.md §3.6), matching the search and the Show
 * filter; seats counted at `now` (seats of lapsed holds the sweeper has not freed yet are free).
 */
export async function listSeminarsForAdmin(db: Db, options: { q: string; show: SeminarListView; limit: number; offset: number; now: Date }) {
  const where = seminarListFilter(options);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...getTableColumns(seminars), currentAttendees: seatsTakenAt(options.now) })
      .from(seminars)
      .where(where)
      .orderBy(asc(seminars.seminarDate), asc(seminars.seminarTime), asc(seminars.id))
      .limit(options.limit)
      .offset(options.offset),
    seminarMatches(db, options),
  ]);
  return { seminars: rows, total: counted?.total ?? 0 };
}

function seminarListFilter(options: { q: string; show: SeminarListView }): SQL | undefined {
  return and(seminarSearch(options.q), seminarViews[options.show]);
}

/** How many seminars the list's search and Show filter match (list-indexes.db.test.ts checks its plan). */
export function seminarMatches(db: Db, options: { q: string; show: SeminarListView }) {
  return db.select({ total: count() }).from(seminars).where(seminarListFilter(options));
}

export async function findSeminar(db: Db, seminarId: string): Promise<AdminSeminar | undefined> {
  const [row] = await db.select().from(seminars).where(eq(seminars.id, seminarId));
  return row;
}

const seminarColumns = (input: SeminarInput) => ({
  title: input.title,
  organizerName: input.organizerName,
  description: input.description,
  city: input.city,
  venueName: input.venueName,
  address: input.address,
  location: input.location,
  seminarDate: input.seminarDate,
  seminarTime: input.seminarTime,
  priceCents: input.priceCents,
  maxAttendees: input.maxAttendees,
  isActive: input.isActive,
});

export async function insertSeminarRow(db: Db, input: SeminarInput): Promise<AdminSeminar> {
  const [row] = await db.insert(seminars).values(seminarColumns(input)).returning();
  return row!;
}

/**
 * Updates every field but the seat count, only while the seminar is still at `version` (then
 * one more; seat counts never change it); undefined when it has moved on. The caller holds
 * the seminar's lock.
 */
export async function updateSeminarRow(tx: Db, seminarId: string, version: number, input: SeminarInput): Promise<AdminSeminar | undefined> {
  const [row] = await tx
    .update(seminars)
    .set({ ...seminarColumns(input), version: sql`${seminars.version} + 1` })
    .where(and(eq(seminars.id, seminarId), eq(seminars.version, version)))
    .returning();
  return row;
}

/** Deletes a seminar that has no bookings (the database refuses one that has: its bookings' key restricts). */
export async function deleteSeminarRow(tx: Db, seminarId: string): Promise<void> {
  await tx.delete(seminars).where(eq(seminars.id, seminarId));
}

/** Who cancelled, when and why (docs/decisions/015). */
export type Cancellation = { at: Date; by: string; reason: string };

/** Archives the seminar as cancelled: never shown to visitors again, kept with its bookings. The caller holds its lock. */
export async function markSeminarCancelled(tx: Db, seminarId: string, cancellation: Cancellation): Promise<AdminSeminar> {
  const [row] = await tx
    .update(seminars)
    .set({ isActive: false, cancelledAt: cancellation.at, cancelledBy: cancellation.by, cancelReason: cancellation.reason, version: sql`${seminars.version} + 1` })
    .where(eq(seminars.id, seminarId))
    .returning();
  return row!;
}

/**
 * Cancels these bookings with who, when and why; each one paid and not yet fully refunded owes
 * a refund unless `refundDue` says otherwise (staff waived it). The caller holds the seminar's lock.
 */
export async function markBookingsCancelled(tx: Db, bookingIds: readonly string[], cancellation: Cancellation, refundDue?: boolean): Promise<AdminBookingRow[]> {
  if (bookingIds.length === 0) return [];
  const owed = sql<boolean>`${seminarBookings.isPaid} and ${seminarBookings.refundedCents} < ${seminarBookings.amountCents}`;
  return tx
    .update(seminarBookings)
    .set({
      status: "cancelled",
      holdExpiresAt: null,
      cancelledAt: cancellation.at,
      cancelledBy: cancellation.by,
      cancelReason: cancellation.reason,
      refundDue: refundDue === false ? false : owed,
      version: sql`${seminarBookings.version} + 1`,
    })
    .where(inArray(seminarBookings.id, [...bookingIds]))
    .returning();
}

export type AdminBookingRow = typeof seminarBookings.$inferSelect;

/** Every booking of a seminar, oldest first. */
export async function bookingsOfSeminar(db: Db, seminarId: string): Promise<AdminBookingRow[]> {
  return db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminarId)).orderBy(asc(seminarBookings.createdAt), asc(seminarBookings.id));
}

/** How many bookings of the seminar are on record, whatever their state. */
export async function findSeminarBookingCount(db: Db, seminarId: string): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(seminarBookings).where(eq(seminarBookings.seminarId, seminarId));
  return counted?.total ?? 0;
}

export async function findBooking(db: Db, bookingId: string): Promise<AdminBookingRow | undefined> {
  const [row] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId));
  return row;
}

/** The contact's bookings of this seminar that still stand (anything but cancelled). */
export async function standingBookingsOf(db: Db, seminarId: string, userId: string) {
  return db
    .select({ id: seminarBookings.id })
    .from(seminarBookings)
    .where(and(eq(seminarBookings.seminarId, seminarId), eq(seminarBookings.userId, userId), ne(seminarBookings.status, "cancelled")));
}

export type AddableContact = { id: string; firstName: string; lastName: string; email: string; phone: string | null };

/** The contact to add as an attendee; an anonymised one (docs/decisions/016) is never booked again. */
export async function findContact(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.anonymisedAt)));
  return row;
}

/** Confirmed, unpaid, at the seminar's price, with the contact's details copied (docs/product.md §3.6, §5.2). */
export async function insertAdminBooking(
  tx: Db,
  values: { seminarId: string; amountCents: number; contact: typeof users.$inferSelect },
): Promise<AdminBookingRow> {
  const { contact } = values;
  const [row] = await tx
    .insert(seminarBookings)
    .values({
      ...bookingContactFields(contact),
      seminarId: values.seminarId,
      status: "confirmed",
      isPaid: false,
      // Staff add one person: one seat in their name.
      seats: 1,
      attendeeNames: [`${contact.firstName} ${contact.lastName}`.trim()],
      amountCents: values.amountCents,
      holdExpiresAt: null,
    })
    .returning();
  return row!;
}

/**
 * Contacts that may be added to the seminar: name or e-mail containing the search
 * (case-insensitive), or a phone containing it (also compared digits only, so "0825550141"
 * finds "+27 82 555 0141"), without a standing booking of this seminar, and not anonymised.
 * By first name.
 */
export async function searchAddableContacts(db: Db, seminarId: string, search: string, limit: number) {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, "");
  // One expression per index (db/schema/search.ts): each arm of the OR is answered by its trigram index.
  const matches = search
    ? or(
        sql`${personSearchText(users)} ilike ${pattern}`,
        digits.length >= 3 ? sql`${phoneDigits(users.phone)} like ${containsPattern(digits)}` : undefined,
      )
    : undefined;
  const notBooked = notExists(
    db
      .select({ one: sql`1` })
      .from(seminarBookings)
      .where(and(eq(seminarBookings.userId, users.id), eq(seminarBookings.seminarId, seminarId), ne(seminarBookings.status, "cancelled"))),
  );
  const where = and(matches, notBooked, isNull(users.anonymisedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
      .from(users)
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { contacts: rows as AddableContact[], total: counted?.total ?? 0 };
}

// ---- /admin/bookings ------------------------------------------------------------------

/** The State filter (schema.ts) in SQL; the labels of each row come from rules.ts bookingState. */
const bookingStates: Record<BookingStateFilter, SQL | undefined> = {
  held: eq(seminarBookings.status, "pending"),
  confirmed: eq(seminarBookings.status, "confirmed"),
  cancelled: inArray(seminarBookings.status, ["cancelled", "refunded"]),
  refund_due: and(eq(seminarBookings.refundDue, true), eq(seminarBookings.isPaid, true), sql`${seminarBookings.refundedCents} < ${seminarBookings.amountCents}`),
  refunded: or(eq(seminarBookings.status, "refunded"), sql`${seminarBookings.refundedCents} > 0`),
};

/**
 * The booking list's conditions. A search matches the booker's name, e-mail or phone (one
 * expression with a trigram index, db/schema/search.ts) or the seminar's title; the seminars
 * whose title matches are looked up first (a small table), so both arms of the OR are answered
 * by an index on seminar_bookings instead of a scan of every booking joined to its seminar.
 */
async function bookingFilters(db: Db, query: BookingListQuery): Promise<SQL | undefined> {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  let search: SQL | undefined;
  if (pattern) {
    const titled = await db.select({ id: seminars.id }).from(seminars).where(ilike(seminars.title, pattern));
    search = or(
      sql`${personSearchText(seminarBookings)} ilike ${pattern}`,
      titled.length > 0 ? inArray(seminarBookings.seminarId, titled.map((row) => row.id)) : undefined,
    );
  }
  return and(
    search,
    query.seminarId ? eq(seminarBookings.seminarId, query.seminarId) : undefined,
    query.state ? bookingStates[query.state] : undefined,
    query.status ? eq(seminarBookings.status, query.status) : undefined,
    query.paid ? eq(seminarBookings.isPaid, query.paid === "yes") : undefined,
  );
}

const bookingListColumns = {
  id: seminarBookings.id,
  createdAt: seminarBookings.createdAt,
  firstName: seminarBookings.firstName,
  lastName: seminarBookings.lastName,
  email: seminarBookings.email,
  phone: seminarBookings.phone,
  preferredContact: seminarBookings.preferredContact,
  status: seminarBookings.status,
  isPaid: seminarBookings.isPaid,
  seats: seminarBookings.seats,
  attendeeNames: seminarBookings.attendeeNames,
  amountCents: seminarBookings.amountCents,
  paidAt: seminarBookings.paidAt,
  refundedCents: seminarBookings.refundedCents,
  refundDue: seminarBookings.refundDue,
  cancelledAt: seminarBookings.cancelledAt,
  cancelledBy: seminarBookings.cancelledBy,
  cancelReason: seminarBookings.cancelReason,
  holdExpiresAt: seminarBookings.holdExpiresAt,
  notes: seminarBookings.notes,
  seminarId: seminars.id,
  seminarTitle: seminars.title,
  seminarDate: seminars.seminarDate,
  seminarTime: seminars.seminarTime,
  seminarCity: seminars.city,
  /** Its seats checked in at the door (tickets not cancelled; docs/decisions/025). */
  checkedInSeats: sql<number>`(select count(*) from seminar_tickets as door where door.booking_id = ${seminarBookings.id} and door.checked_in_at is not null and door.cancelled_at is null)`.mapWith(Number),
};

/** The bookings list's order, newest first: the order of seminar_bookings_created_idx (migration 0008). */
export const bookingListKeys: KeysetKey[] = [
  { column: seminarBookings.createdAt, type: "timestamp" },
  { column: seminarBookings.id, type: "uuid" },
];

/** One keyset page of the bookings list (~/lib/keyset.server.ts), each row with its cursor, unrun and wrapped (a query builder is a thenable that an async function's return would run; list-indexes.db.test.ts checks its plan). */
export async function bookingPageSelect(db: Db, query: BookingListQuery, slice: KeysetSlice) {
  return { statement: bookingSlice(db, await bookingFilters(db, query), slice) };
}

function bookingSlice(db: Db, where: SQL | undefined, slice: KeysetSlice) {
  return db
    .select({ ...bookingListColumns, cursor: slice.cursor })
    .from(seminarBookings)
    .innerJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .where(and(where, slice.where))
    .orderBy(...slice.orderBy)
    .limit(slice.limit);
}

/** Every booking matching the filters, newest first, `batchSize` at a time (the CSV export): the filters are worked out once. */
export async function* bookingListBatches(db: Db, query: BookingListQuery, batchSize: number) {
  const where = await bookingFilters(db, query);
  yield* keysetBatches(bookingListKeys, batchSize, async (slice) => await bookingSlice(db, where, slice));
}

/** One page of the bookings matching the filters, at `position` (docs/decisions/030). */
export async function bookingsPageForAdmin(db: Db, query: BookingListQuery, position: ListPosition, pageSize: number) {
  return readKeysetPage(bookingListKeys, position, pageSize, async (slice) => {
    const { statement } = await bookingPageSelect(db, query, slice);
    return await statement;
  });
}

export type AdminBookingListRow = Awaited<ReturnType<typeof bookingsPageForAdmin>>["rows"][number];

/** How many bookings match the filters, counted up to COUNT_BOUND. */
export async function countBookingsForAdmin(db: Db, query: BookingListQuery): Promise<BoundedTotal> {
  const where = await bookingFilters(db, query);
  return countUpTo(db, db.select({ one: sql`1` }).from(seminarBookings).innerJoin(seminars, eq(seminars.id, seminarBookings.seminarId)).where(where));
}

export type SeminarChoiceRow = { id: string; title: string; city: string; seminarDate: string };

const seminarChoiceColumns = { id: seminars.id, title: seminars.title, city: seminars.city, seminarDate: seminars.seminarDate };

/**
 * The seminar filter's candidates (docs/decisions/032): up to `limit` seminars on each side of
 * `today` (the soonest from today on, the latest before it) whose title, city or date contains
 * the search. Each side is a range of seminars_date_idx read in order and stopped at `limit`,
 * so the answer stays small however many seminars there are.
 */
export async function seminarChoices(db: Db, options: { q: string; today: string; limit: number }) {
  const { upcoming, past } = seminarChoiceSelects(db, options);
  const [soonest, latest] = await Promise.all([upcoming, past]);
  return { upcoming: soonest as SeminarChoiceRow[], past: latest as SeminarChoiceRow[] };
}

/** The two reads behind seminarChoices, unrun (seminar-picker.db.test.ts checks their plans). */
export function seminarChoiceSelects(db: Db, options: { q: string; today: string; limit: number }) {
  const match = options.q ? sql`(${seminars.title} || ' ' || ${seminars.city} || ' ' || ${seminars.seminarDate}::text) ilike ${containsPattern(options.q)}` : undefined;
  const side = (onSide: SQL, byDate: SQL) =>
    db.select(seminarChoiceColumns).from(seminars).where(and(match, onSide)).orderBy(byDate, asc(seminars.title), asc(seminars.id)).limit(options.limit);
  return {
    upcoming: side(gte(seminars.seminarDate, options.today), asc(seminars.seminarDate)),
    past: side(lt(seminars.seminarDate, options.today), desc(seminars.seminarDate)),
  };
}

/** One seminar as a filter choice (the one a link or the picker chose), whatever its date. */
export async function findSeminarChoice(db: Db, seminarId: string): Promise<SeminarChoiceRow | undefined> {
  const [row] = await db.select(seminarChoiceColumns).from(seminars).where(eq(seminars.id, seminarId));
  return row;
}

export type ContactSeminarBookingRow = BookingStateFacts & {
  id: string;
  createdAt: Date;
  seminarTitle: string | null;
  seminarDate: string | null;
  seminarTime: string | null;
  location: string | null;
  venueName: string | null;
  city: string | null;
};

/** A contact's seminar bookings with their seminar, newest first. */
export async function findSeminarBookingsOfContact(db: Db, userId: string): Promise<ContactSeminarBookingRow[]> {
  return db
    .select({
      id: seminarBookings.id,
      status: seminarBookings.status,
      isPaid: seminarBookings.isPaid,
      amountCents: seminarBookings.amountCents,
      refundedCents: seminarBookings.refundedCents,
      refundDue: seminarBookings.refundDue,
      holdExpiresAt: seminarBookings.holdExpiresAt,
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
