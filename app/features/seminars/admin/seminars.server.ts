import { seminarAttendee } from "../emails/queue.server.ts";
import type { Db } from "#db/client.ts";
import { missingVersionError, recordActivity, staleEditError, type Actor } from "~/features/activity/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { seminarCancelledEmail } from "../emails/cancelled.ts";
import { closeOpenCheckouts, type PaymentProvider } from "~/features/payments/service.server.ts";
import { ValidationError } from "~/lib/errors.ts";
import { CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { todayIn } from "~/lib/format.ts";
import { pageWithin } from "~/lib/pagination.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { bookingsOfSeminar, deleteSeminarRow, findSeminar, insertSeminarRow, listSeminarsForAdmin, updateSeminarRow, type AdminSeminar, type AdminBookingRow } from "./queries.server.ts";
import { isLiveBooking } from "../seats/rules.ts";
import { ADMIN_SEMINARS_PAGE_SIZE, type SeminarInput, type SeminarListQuery } from "./schema.ts";
import { releaseAllLapsedHolds } from "../seats/holds.server.ts";
import { SeminarNotFoundError } from "../errors.ts";
import { lockSeats, lockSeminar } from "../seats/seats.server.ts";
import { seminarCreatedEntry, seminarDeletedEntry, seminarEditedEntry } from "./activity-entries.ts";

// The admin seminar use cases: list, create, edit (never below the seats taken) and delete
// (attendees are told, in the same transaction). Every rule is checked here, whatever the
// form in the browser allowed.

/** A seminar as the admin screens show and edit it. */
export type AdminSeminarView = Omit<AdminSeminar, "createdAt" | "updatedAt">;

export function adminSeminarView(seminar: AdminSeminar): AdminSeminarView {
  const { createdAt: _created, updatedAt: _updated, ...view } = seminar;
  return { ...view, seminarTime: view.seminarTime.slice(0, 5) };
}

/** /admin/seminars: one page of cards. Lapsed holds are freed first, so the counts are true. */
export async function listAdminSeminars(db: Db, query: SeminarListQuery, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }) {
  try {
    await releaseAllLapsedHolds(db, { siteUrl, now });
  } catch (error) {
    log.warn("Could not free lapsed holds before listing seminars", errorFields(error));
  }
  const pageOf = (offset: number) => listSeminarsForAdmin(db, { q: query.q, activeOnly: query.activeOnly, limit: ADMIN_SEMINARS_PAGE_SIZE, offset });
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

/** How many attendees a deletion would e-mail (those holding a seat). */
export async function attendeesToTell(db: Db, seminarId: string, now = new Date()): Promise<number> {
  return (await bookingsOfSeminar(db, seminarId)).filter((booking) => isLiveBooking(booking, now)).length;
}

const pastDate = () => new ValidationError(CORRECT_FIELDS, { seminar_date: ["The date cannot be in the past"] });

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
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<AdminSeminar> {
  if (version === undefined) throw missingVersionError("seminar");
  return db.transaction(async (tx) => {
    const locked = await lockSeats(tx, seminarId, { siteUrl, now });
    if (!locked) throw new SeminarNotFoundError();
    const { seminar } = locked;
    const stale = () => staleEditError(tx, { entityType: "seminar", entityId: seminar.id, noun: "seminar" });
    if (seminar.version !== version) throw await stale();
    if (input.seminarDate !== seminar.seminarDate && input.seminarDate < todayIn("Africa/Johannesburg", now)) throw pastDate();
    const seatsTaken = seminar.currentAttendees;
    if (input.maxAttendees < seatsTaken) {
      const message = `Max attendees cannot be below the ${seatsTaken} ${seatsTaken === 1 ? "seat" : "seats"} already taken.`;
      throw new ValidationError(message, { max_attendees: [message] });
    }
    const updated = await updateSeminarRow(tx, seminar.id, version, input);
    // Under the lock the version cannot move; the compare-and-set guards the write all the same.
    if (!updated) throw await stale();
    await recordActivity(tx, actor, seminarEditedEntry(seminar, updated));
    return updated;
  });
}

export type DeletedSeminar = { title: string; attendeesTold: number; emailsQueued: number };

/**
 * Deletes a seminar. In one transaction, under its lock: a "seminar cancelled" e-mail is
 * queued for each attendee holding a seat, then the seminar goes (its bookings with it).
 * A cancellation that cannot be queued is logged and the deletion stands (docs/product.md §3.6).
 * Open checkouts of its bookings are closed, so nobody pays for a seminar that is gone.
 * The log says how many attendees were told.
 */
export async function deleteSeminar(
  db: Db,
  actor: Actor,
  provider: PaymentProvider,
  seminarId: string,
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<DeletedSeminar> {
  const known = await bookingsOfSeminar(db, seminarId);
  await closeOpenCheckouts(db, provider, "seminar", known.map((booking) => booking.id));
  const deleted = await db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, seminarId);
    if (!seminar) throw new SeminarNotFoundError();
    const bookings = await bookingsOfSeminar(tx, seminarId);
    const attendees = bookings.filter((booking) => isLiveBooking(booking, now));
    let emailsQueued = 0;
    for (const booking of attendees) if (await queueCancellation(tx, booking, seminar, siteUrl)) emailsQueued += 1;
    await deleteSeminarRow(tx, seminar.id);
    await recordActivity(tx, actor, seminarDeletedEntry(seminar, { told: attendees.length, emailed: emailsQueued }));
    return { title: seminar.title, attendeesTold: attendees.length, emailsQueued, bookingIds: bookings.map((booking) => booking.id) };
  });
  await closeOpenCheckouts(db, provider, "seminar", deleted.bookingIds);
  return { title: deleted.title, attendeesTold: deleted.attendeesTold, emailsQueued: deleted.emailsQueued };
}

/** Queues one cancellation inside a savepoint, so a failure leaves the deletion's transaction usable. */
async function queueCancellation(tx: Db, booking: AdminBookingRow, seminar: AdminSeminar, siteUrl: string): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await queueEmail(savepoint, seminarCancelledEmail(seminarAttendee(booking, seminar, siteUrl)));
    });
    return true;
  } catch (error) {
    log.error("Could not queue a seminar-cancelled e-mail; the seminar is deleted anyway", { bookingId: booking.id, seminarId: seminar.id, ...errorFields(error) });
    return false;
  }
}
