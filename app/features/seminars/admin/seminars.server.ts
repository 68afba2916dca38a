import type { Db } from "#db/client.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { missingVersionError, recordActivity, staleEditError, type Actor } from "~/features/activity/service.server.ts";
import { ConflictError, ValidationError } from "~/lib/errors.ts";
import { CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { todayIn } from "~/lib/format.ts";
import { pageWithin } from "~/lib/pagination.ts";
import { bookingsOfSeminar, deleteSeminarRow, findSeminar, insertSeminarRow, listSeminarsForAdmin, updateSeminarRow, type AdminSeminar } from "./queries.server.ts";
import { settleLiveBookings, type LiveBookingsChoice } from "./cancellations.server.ts";

/** A saved seminar as it stands after the save, and what the save did with its live bookings when it made it inactive. */
export type SavedSeminar = AdminSeminar & { liveBookings?: "kept" | "cancelled" };
import { ADMIN_SEMINARS_PAGE_SIZE, type SeminarInput, type SeminarListQuery } from "./schema.ts";
import { SeminarNotFoundError } from "../errors.ts";
import { lockSeats, lockSeminar } from "../seats/seats.server.ts";
import { seminarCreatedEntry, seminarDeletedEntry, seminarEditedEntry } from "./activity-entries.ts";

// The admin seminar use cases: list, create, edit (never below the seats taken, never hiding
// live bookings silently) and delete (only a seminar nobody booked; one with bookings is
// cancelled, cancellations.server.ts). Every rule is checked here, whatever the form allowed.

/** A seminar as the admin screens show and edit it (a cancellation's time as an ISO string). */
export type AdminSeminarView = Omit<AdminSeminar, "createdAt" | "updatedAt" | "cancelledAt"> & { cancelledAt: string | null };

export function adminSeminarView(seminar: AdminSeminar): AdminSeminarView {
  const { createdAt: _created, updatedAt: _updated, cancelledAt, ...view } = seminar;
  return { ...view, seminarTime: view.seminarTime.slice(0, 5), cancelledAt: cancelledAt ? cancelledAt.toISOString() : null };
}

/** /admin/seminars: one page of cards, seats counted as the sweeper will leave them (a read only: it frees nothing). */
export async function listAdminSeminars(db: Db, query: SeminarListQuery, { now = new Date() }: { now?: Date } = {}) {
  const pageOf = (offset: number) => listSeminarsForAdmin(db, { q: query.q, show: query.show, limit: ADMIN_SEMINARS_PAGE_SIZE, offset, now });
  let found = await pageOf((Math.max(1, query.page) - 1) * ADMIN_SEMINARS_PAGE_SIZE);
  // A page past the end (a stale link, a typed-in number) shows the last page.
  const { page, pageCount, offset } = pageWithin(found.total, query.page, ADMIN_SEMINARS_PAGE_SIZE);
  if (page !== query.page) found = await pageOf(offset);
  return { seminars: found.seminars.map(adminSeminarView), total: found.total, page, pageCount };
}

export async function adminSeminar(db: Db, seminarId: string): Promise<AdminSeminarView | undefined> {
  const seminar = await findSeminar(db, seminarId);
  return seminar ? adminSeminarView(seminar) : undefined;
}

const pastDate = () => new ValidationError(CORRECT_FIELDS, { seminar_date: ["The date cannot be in the past"] });
const STAYS_CANCELLED = "A cancelled seminar cannot be made active again. Create a new seminar instead.";
const staysCancelled = () => new ValidationError(STAYS_CANCELLED, { is_active: [STAYS_CANCELLED] });

/** Creates a seminar (no seats taken), with its entry in the activity log. Its date is today or later in South Africa. */
export async function createSeminar(db: Db, actor: Actor, input: SeminarInput, now = new Date()): Promise<AdminSeminar> {
  if (input.seminarDate < todayIn("Africa/Johannesburg", now)) throw pastDate();
  return db.transaction(async (tx) => {
    const seminar = await insertSeminarRow(tx, input);
    await recordActivity(tx, actor, seminarCreatedEntry(seminar));
    return seminar;
  });
}

/**
 * Saves an edit under the seminar's lock, over the version the form was opened on only
 * (docs/decisions/014-no-lost-updates.md): a seminar someone changed since is refused, naming
 * who and when, and nothing is written. Max attendees can never go below the seats already
 * taken (lapsed holds freed first), and a seminar cannot be moved into the past (one already
 * in the past keeps its date). The log records the before → after of every field.
 */
export async function updateSeminar(
  db: Db,
  actor: Actor,
  { id: seminarId, version }: { id: string; version: number | undefined },
  input: SeminarInput,
  { siteUrl, links, now = new Date(), liveBookings }: { siteUrl: string; links?: LinkSigner; now?: Date; liveBookings?: LiveBookingsChoice },
): Promise<SavedSeminar> {
  if (version === undefined) throw missingVersionError("seminar");
  return db.transaction(async (tx) => {
    const locked = await lockSeats(tx, seminarId, { siteUrl, now });
    if (!locked) throw new SeminarNotFoundError();
    const { seminar } = locked;
    const stale = () => staleEditError(tx, { entityType: "seminar", entityId: seminar.id, noun: "seminar" });
    if (seminar.version !== version) throw await stale();
    if (input.seminarDate !== seminar.seminarDate && input.seminarDate < todayIn("Africa/Johannesburg", now)) throw pastDate();
    if (seminar.cancelledAt && input.isActive) throw staysCancelled();
    const seatsTaken = seminar.currentAttendees;
    if (input.maxAttendees < seatsTaken) {
      const message = `Max attendees cannot be below the ${seatsTaken} ${seatsTaken === 1 ? "seat" : "seats"} already taken.`;
      throw new ValidationError(message, { max_attendees: [message] });
    }
    const updated = await updateSeminarRow(tx, seminar.id, version, input);
    // Under the lock the version cannot move; the compare-and-set guards the write all the same.
    if (!updated) throw await stale();
    await recordActivity(tx, actor, seminarEditedEntry(seminar, updated));
    const settled = await settleLiveBookings(tx, actor, seminar, updated, liveBookings, { siteUrl, links, now });
    if (settled?.kind === "cancelled") return { ...settled.seminar, liveBookings: "cancelled" };
    return settled?.kind === "kept" ? { ...updated, liveBookings: "kept" } : updated;
  });
}

export type DeletedSeminar = { title: string };

/** A seminar with any booking on record is cancelled, not deleted (docs/decisions/015). */
export class SeminarHasBookingsError extends ConflictError {
  override name = "SeminarHasBookingsError";
  constructor() {
    super("This seminar has bookings, so it cannot be deleted: cancel it instead, and its bookings stay on record.");
  }
}

/**
 * Deletes a seminar nobody has booked (docs/product.md §3.6), under its lock, and logs it. One
 * with any booking, whatever its state, is refused: it is cancelled instead (cancellations.server.ts).
 */
export async function deleteSeminar(db: Db, actor: Actor, seminarId: string): Promise<DeletedSeminar> {
  return db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, seminarId);
    if (!seminar) throw new SeminarNotFoundError();
    if ((await bookingsOfSeminar(tx, seminarId)).length > 0) throw new SeminarHasBookingsError();
    await deleteSeminarRow(tx, seminar.id);
    await recordActivity(tx, actor, seminarDeletedEntry(seminar));
    return { title: seminar.title };
  });
}
