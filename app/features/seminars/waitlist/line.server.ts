import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminarWaitlistEntries } from "#db/schema/index.ts";
import { CUSTOMER_ACTOR, type Actor } from "~/features/activity/rules.ts";
import { recordActivity, staleEditError } from "~/features/activity/service.server.ts";
import { upsertContact } from "~/features/contacts/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { holdReleasedEntry } from "../booking-activity.ts";
import { waitlistJoinedEmail, waitlistLeftEmail } from "../emails/waitlist.ts";
import { SeminarNotBookableError, SeminarNotFoundError } from "../errors.ts";
import { spotsLeft } from "../seats/rules.ts";
import { changeSeatsTaken, lockBooking, lockSeats, lockSeminar, type LockedSeminar } from "../seats/seats.server.ts";
import { joinedEntry, movedEntry, withdrawnEntry } from "./activity.ts";
import { emailEntry, lockEntry, makeOffer, settleOffers, takesOffers, type WaitlistEntryRow, type WaitlistRuntime } from "./offers.server.ts";
import { ACTIVE_WAITLIST_STATUSES, isInLine, OFFER_WITHDRAWN_REASON } from "./rules.ts";
import type { WaitlistJoinForm } from "./schema.ts";

// The line itself (docs/decisions/027): joining it, leaving it, staff moving a place and
// offering seats by hand. Every write holds the seminar's row lock, as every seat change does,
// so the line and the seats are changed in one order; staff's writes compare the entry's version.

const active = inArray(seminarWaitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]);

export class AlreadyWaitingError extends ConflictError {
  override name = "AlreadyWaitingError";
  constructor(place: number) {
    super(`You're already on the waitlist for this seminar with this e-mail address (number ${place} in line). We'll e-mail you if seats free up.`);
  }
}

/** Where an active entry stands: 1 for the first in line. */
async function placeInLine(tx: Db, entry: { seminarId: string; position: number }): Promise<number> {
  const [row] = await tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(seminarWaitlistEntries)
    .where(and(eq(seminarWaitlistEntries.seminarId, entry.seminarId), active, lte(seminarWaitlistEntries.position, entry.position)));
  return Number(row?.ahead ?? 1);
}

export type Joined = { entryId: string; place: number };

/**
 * Puts a visitor at the end of a seminar's line and e-mails them their place. One active place
 * per e-mail address per seminar: a second is refused with their place (the unique index backs it).
 */
export async function joinWaitlist(db: Db, seminarId: string, form: WaitlistJoinForm, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<Joined> {
  return db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, seminarId);
    if (!seminar) throw new SeminarNotFoundError();
    if (!takesOffers(seminar, now)) throw new SeminarNotBookableError();
    const [already] = await tx
      .select()
      .from(seminarWaitlistEntries)
      .where(and(eq(seminarWaitlistEntries.seminarId, seminarId), active, sql`lower(${seminarWaitlistEntries.email}) = lower(${form.email})`));
    if (already) throw new AlreadyWaitingError(await placeInLine(tx, already));
    const { seats, ...details } = form;
    const contact = await upsertContact(tx, { ...details, preferredContact: "email" });
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${seminarWaitlistEntries.position}), 0)::int` })
      .from(seminarWaitlistEntries)
      .where(eq(seminarWaitlistEntries.seminarId, seminarId));
    const [entry] = await tx
      .insert(seminarWaitlistEntries)
      .values({ seminarId, userId: contact.id, ...details, preferredContact: "email", seats, position: Number(last?.position ?? 0) + 1, createdAt: now, updatedAt: now })
      .returning();
    const place = await placeInLine(tx, entry!);
    await queueEmail(tx, waitlistJoinedEmail({ ...emailEntry(entry!, seminar, siteUrl), place }));
    await recordActivity(tx, CUSTOMER_ACTOR, joinedEntry(entry!, seminar));
    return { entryId: entry!.id, place };
  });
}

/** The entry and its seminar, both locked (seminar first, as everywhere), or a 404. */
async function lockEntryAndSeminar(tx: Db, entryId: string): Promise<{ entry: WaitlistEntryRow; seminar: LockedSeminar }> {
  const [unlocked] = await tx.select({ seminarId: seminarWaitlistEntries.seminarId }).from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, entryId));
  if (!unlocked) throw new NotFoundError("This place on the waitlist was not found.");
  const seminar = await lockSeminar(tx, unlocked.seminarId);
  const entry = await lockEntry(tx, entryId);
  if (!seminar || !entry) throw new NotFoundError("This place on the waitlist was not found.");
  return { entry, seminar };
}

/** Staff's edits name the version they saw (docs/decisions/014). */
async function checkVersion(tx: Db, entry: WaitlistEntryRow, version: number | undefined) {
  if (version !== undefined && entry.version !== version) {
    throw await staleEditError(tx, { entityType: "seminar_waitlist_entry", entityId: entry.id, noun: "waitlist entry" });
  }
}

export type Withdrawal = { entryId: string; actor: Actor; version?: number };

/**
 * Takes an entry off the line (the holder through their link, or staff): an offer's held booking
 * is cancelled and its seats go back, to be offered to the next in line by serveWaitlist. An
 * entry already ended is left as it is (true: withdrawn now; false: it had ended).
 */
export async function withdrawFromWaitlist(db: Db, { entryId, actor, version }: Withdrawal, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<{ withdrawn: boolean; seminarId: string }> {
  return db.transaction(async (tx) => {
    const { entry, seminar } = await lockEntryAndSeminar(tx, entryId);
    await checkVersion(tx, entry, version);
    if (!isInLine(entry)) return { withdrawn: false, seminarId: seminar.id };
    let hadOffer = false;
    if (entry.status === "offered" && entry.offerBookingId) {
      const booking = await lockBooking(tx, entry.offerBookingId);
      if (booking?.isPaid) throw new ConflictError("These seats are already paid for, so this place can no longer be withdrawn: cancel the booking instead.");
      if (booking?.status === "pending") {
        hadOffer = true;
        await tx
          .update(seminarBookings)
          .set({ status: "cancelled", holdExpiresAt: null, cancelledAt: now, cancelledBy: actor.name, cancelReason: OFFER_WITHDRAWN_REASON })
          .where(eq(seminarBookings.id, booking.id));
        await changeSeatsTaken(tx, seminar.id, -booking.seats);
        await recordActivity(tx, actor, holdReleasedEntry(booking.id, seminar, OFFER_WITHDRAWN_REASON));
      }
    }
    await tx
      .update(seminarWaitlistEntries)
      .set({ status: "withdrawn", withdrawnAt: now, withdrawnBy: actor.name, version: sql`${seminarWaitlistEntries.version} + 1`, updatedAt: now })
      .where(eq(seminarWaitlistEntries.id, entry.id));
    await queueEmail(tx, waitlistLeftEmail({ ...emailEntry(entry, seminar, siteUrl), byStaff: actor !== CUSTOMER_ACTOR }));
    await recordActivity(tx, actor, withdrawnEntry({ ...entry, hadOffer }, seminar));
    return { withdrawn: true, seminarId: seminar.id };
  });
}

export type Move = { entryId: string; direction: "up" | "down"; version: number };

/** Staff swap an entry with its neighbour in the line (compare-and-set on the entry's version). */
export async function moveInWaitlist(db: Db, actor: Actor, { entryId, direction, version }: Move, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const { entry, seminar } = await lockEntryAndSeminar(tx, entryId);
    await checkVersion(tx, entry, version);
    if (!isInLine(entry)) throw new ConflictError("Only a place still in line can be moved.");
    const [neighbour] = await tx
      .select()
      .from(seminarWaitlistEntries)
      .where(
        and(
          eq(seminarWaitlistEntries.seminarId, seminar.id),
          active,
          direction === "up" ? lt(seminarWaitlistEntries.position, entry.position) : gt(seminarWaitlistEntries.position, entry.position),
        ),
      )
      .orderBy(direction === "up" ? desc(seminarWaitlistEntries.position) : asc(seminarWaitlistEntries.position))
      .limit(1);
    if (!neighbour) throw new ConflictError(direction === "up" ? "This place is already first in line." : "This place is already last in line.");
    const bump = { version: sql`${seminarWaitlistEntries.version} + 1`, updatedAt: now };
    await tx.update(seminarWaitlistEntries).set({ position: neighbour.position, ...bump }).where(eq(seminarWaitlistEntries.id, entry.id));
    await tx.update(seminarWaitlistEntries).set({ position: entry.position, ...bump }).where(eq(seminarWaitlistEntries.id, neighbour.id));
    await recordActivity(tx, actor, movedEntry(entry, seminar, direction, entry.position, neighbour.position));
  });
}

/** Staff offer an entry its seats now, out of turn if they choose, when that many are free. */
export async function sendOfferNow(db: Db, actor: Actor, { entryId, version }: { entryId: string; version: number }, rt: WaitlistRuntime, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [unlocked] = await tx.select({ seminarId: seminarWaitlistEntries.seminarId }).from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, entryId));
    if (!unlocked) throw new NotFoundError("This place on the waitlist was not found.");
    const locked = await lockSeats(tx, unlocked.seminarId, { siteUrl: rt.siteUrl, now });
    if (!locked) throw new NotFoundError("This place on the waitlist was not found.");
    await settleOffers(tx, locked.seminar, rt.siteUrl, now);
    const entry = await lockEntry(tx, entryId);
    if (!entry) throw new NotFoundError("This place on the waitlist was not found.");
    await checkVersion(tx, entry, version);
    if (entry.status !== "waiting") throw new ConflictError("Only a place that is waiting can be offered seats.");
    if (!takesOffers(locked.seminar, now)) throw new ConflictError("This seminar can no longer be booked, so no offer can be made.");
    const free = spotsLeft(locked.seminar);
    if (free < entry.seats || !(await makeOffer(tx, locked.seminar, entry, rt, { now, actor, byHand: true }))) {
      throw new ConflictError(
        `Only ${free} ${free === 1 ? "seat is" : "seats are"} free and this place wants ${entry.seats}. Free seats first (raise the capacity or cancel a booking), then send the offer.`,
      );
    }
  });
}

/** A seminar's line for staff: the active places in order, then the ones that ended, newest first. */
export async function waitlistOfSeminar(db: Db, seminarId: string): Promise<WaitlistEntryRow[]> {
  const rows = await db
    .select()
    .from(seminarWaitlistEntries)
    .where(eq(seminarWaitlistEntries.seminarId, seminarId))
    .orderBy(asc(seminarWaitlistEntries.position));
  return [...rows.filter(isInLine), ...rows.filter((row) => !isInLine(row)).reverse()];
}

export { placeInLine };
