import { and, asc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import { databaseBusyReason } from "#db/busy.ts";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarWaitlistEntries } from "#db/schema/index.ts";
import { SYSTEM_ACTOR, type Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { todayIn } from "~/lib/format.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { emailSeminarOf } from "../emails/queue.server.ts";
import { waitlistOfferEmail, waitlistOfferLapsedEmail } from "../emails/waitlist.ts";
import { seminarStart } from "../reminders.ts";
import { isBookable } from "../rules.ts";
import { spotsLeft } from "../seats/rules.ts";
import { lockSeats, takeFreeSeats, type LockedSeminar } from "../seats/seats.server.ts";
import { bookedEntry, offeredEntry, offerLapsedEntry } from "./activity.ts";
import { entriesToOffer, offerExpiry } from "./rules.ts";

// Serving a seminar's waitlist (docs/decisions/027): an offer is a held booking, its seats taken
// by the same conditional update ordinary bookings use (takeFreeSeats), under the seminar's lock,
// so offers and bookings race for the same seats and nothing can oversell.

/** What serving the line needs: the site's address, how long an offer lasts, and the signer of claim links. */
export type WaitlistRuntime = { siteUrl: string; offerHours: number; signer: LinkSigner };

export type WaitlistEntryRow = typeof seminarWaitlistEntries.$inferSelect;

/** The e-mail facts of an entry. */
export function emailEntry(entry: WaitlistEntryRow, seminar: LockedSeminar, siteUrl: string) {
  return { entryId: entry.id, firstName: entry.firstName, email: entry.email, seats: entry.seats, seminar: emailSeminarOf(seminar), siteUrl };
}

export async function lockEntry(tx: Db, entryId: string): Promise<WaitlistEntryRow | undefined> {
  const [entry] = await tx.select().from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, entryId)).for("update");
  return entry;
}

/**
 * Offers `entry` its seats as a held booking, if they are free (one conditional update; the
 * caller holds the seminar's lock). False when they are not; nothing is written then.
 */
export async function makeOffer(
  tx: Db,
  seminar: LockedSeminar,
  entry: WaitlistEntryRow,
  rt: WaitlistRuntime,
  { now, actor = SYSTEM_ACTOR, byHand = false }: { now: Date; actor?: Actor; byHand?: boolean },
): Promise<boolean> {
  const taken = await takeFreeSeats(tx, seminar.id, entry.seats);
  if (!taken) return false;
  const expiresAt = offerExpiry(now, rt.offerHours, seminarStart(seminar));
  const amountCents = taken.priceCents * entry.seats;
  const [booking] = await tx
    .insert(seminarBookings)
    .values({
      userId: entry.userId,
      seminarId: seminar.id,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      phone: entry.phone,
      address: entry.address,
      preferredContact: entry.preferredContact,
      seats: entry.seats,
      // The names come with the claim; until then the booking has none (the check allows none).
      attendeeNames: [],
      status: "pending",
      isPaid: false,
      amountCents,
      holdExpiresAt: expiresAt,
      createdAt: now,
    })
    .returning({ id: seminarBookings.id });
  const [offered] = await tx
    .update(seminarWaitlistEntries)
    .set({ status: "offered", offerBookingId: booking!.id, offeredAt: now, offerExpiresAt: expiresAt, version: sql`${seminarWaitlistEntries.version} + 1`, updatedAt: now })
    .where(and(eq(seminarWaitlistEntries.id, entry.id), eq(seminarWaitlistEntries.status, "waiting")))
    .returning();
  // Every writer of an entry holds the seminar's lock, so a waiting entry stays waiting here.
  if (!offered) throw new Error(`Waitlist entry ${entry.id} changed under its seminar's lock`);
  const token = rt.signer.sign("waitlist-offer", entry.id);
  await queueEmail(tx, waitlistOfferEmail({ ...emailEntry(entry, seminar, rt.siteUrl), token, amountCents, expiresAt }));
  await recordActivity(tx, actor, offeredEntry({ id: entry.id, seats: entry.seats, bookingId: booking!.id, expiresAt }, seminar, byHand));
  return true;
}

/**
 * Brings this seminar's offers up to date with their held bookings (the caller holds the
 * seminar's lock, and lockSeats has freed lapsed holds): a paid one is `booked`; one whose hold
 * was released (lapsed, or the checkout left) is `lapsed`, and its holder is told.
 */
export async function settleOffers(tx: Db, seminar: LockedSeminar, siteUrl: string, now: Date): Promise<number> {
  const open = await tx
    .select({ entry: seminarWaitlistEntries, bookingStatus: seminarBookings.status, isPaid: seminarBookings.isPaid })
    .from(seminarWaitlistEntries)
    .innerJoin(seminarBookings, eq(seminarBookings.id, seminarWaitlistEntries.offerBookingId))
    .where(and(eq(seminarWaitlistEntries.seminarId, seminar.id), eq(seminarWaitlistEntries.status, "offered"), ne(seminarBookings.status, "pending")));
  let lapsed = 0;
  for (const { entry, bookingStatus, isPaid } of open) {
    const paid = isPaid && bookingStatus === "confirmed";
    await tx
      .update(seminarWaitlistEntries)
      .set({ status: paid ? "booked" : "lapsed", version: sql`${seminarWaitlistEntries.version} + 1`, updatedAt: now })
      .where(eq(seminarWaitlistEntries.id, entry.id));
    if (paid) {
      await recordActivity(tx, SYSTEM_ACTOR, bookedEntry(entry, seminar));
      continue;
    }
    lapsed += 1;
    await queueEmail(tx, waitlistOfferLapsedEmail(emailEntry(entry, seminar, siteUrl)));
    await recordActivity(tx, SYSTEM_ACTOR, offerLapsedEntry(entry, seminar));
  }
  return lapsed;
}

/** The waiting entries of a seminar in line order. */
export async function waitingLine(tx: Db, seminarId: string): Promise<WaitlistEntryRow[]> {
  return tx
    .select()
    .from(seminarWaitlistEntries)
    .where(and(eq(seminarWaitlistEntries.seminarId, seminarId), eq(seminarWaitlistEntries.status, "waiting")))
    .orderBy(asc(seminarWaitlistEntries.position), asc(seminarWaitlistEntries.createdAt));
}

/** Whether a seminar can still be booked, and so offered. */
export function takesOffers(seminar: LockedSeminar, now: Date): boolean {
  return seminar.cancelledAt === null && isBookable(seminar, todayIn("Africa/Johannesburg", now)) && seminarStart(seminar) > now;
}

export type Served = { offered: number; lapsed: number };

/**
 * Serves the line right after a change that is already saved (seats freed or added, a place
 * given up, a new place taken): a failure here (the seminar's lock busy, say) is logged, never
 * reported as the saved change failing, and the sweeper's next pass (a minute at most,
 * server/jobs.ts) serves the line instead.
 */
export async function serveWaitlistNow(db: Db, seminarId: string, rt: WaitlistRuntime, now = new Date()): Promise<void> {
  try {
    await serveWaitlist(db, seminarId, rt, now);
  } catch (error) {
    log.warn("Could not serve the waitlist right after a change; the sweeper will", { seminarId, ...errorFields(error) });
  }
}

/**
 * Serves one seminar's line: under its lock, frees lapsed holds (lapsed offers among them),
 * settles the offers, then offers the free seats to the first waiting entries that fit.
 */
export async function serveWaitlist(db: Db, seminarId: string, rt: WaitlistRuntime, now = new Date()): Promise<Served> {
  return db.transaction(async (tx) => {
    const locked = await lockSeats(tx, seminarId, { siteUrl: rt.siteUrl, now });
    if (!locked) return { offered: 0, lapsed: 0 };
    const lapsed = await settleOffers(tx, locked.seminar, rt.siteUrl, now);
    if (!takesOffers(locked.seminar, now)) return { offered: 0, lapsed };
    let offered = 0;
    let seminar = locked.seminar;
    for (const entry of entriesToOffer(await waitingLine(tx, seminarId), spotsLeft(seminar))) {
      if (!(await makeOffer(tx, seminar, entry, rt, { now }))) break;
      offered += 1;
      seminar = { ...seminar, currentAttendees: seminar.currentAttendees + entry.seats };
    }
    return { offered, lapsed };
  });
}

/**
 * The seminars whose line needs serving, in one query: people waiting and seats free, or an
 * offer whose held booking has lapsed or is no longer pending (paid, or released).
 */
export async function seminarsToServe(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ seminarId: seminarWaitlistEntries.seminarId })
    .from(seminarWaitlistEntries)
    .innerJoin(seminars, eq(seminars.id, seminarWaitlistEntries.seminarId))
    .leftJoin(seminarBookings, eq(seminarBookings.id, seminarWaitlistEntries.offerBookingId))
    .where(
      or(
        and(eq(seminarWaitlistEntries.status, "waiting"), sql`${seminars.currentAttendees} < ${seminars.maxAttendees}`),
        and(eq(seminarWaitlistEntries.status, "offered"), or(ne(seminarBookings.status, "pending"), lte(seminarBookings.holdExpiresAt, now))),
      ),
    );
  return rows.map((row) => row.seminarId);
}

/** The sweeper's pass: serves every line that needs it, one seminar (and one lock) at a time; a busy seminar waits for the next pass. */
export async function serveAllWaitlists(db: Db, rt: WaitlistRuntime, now = new Date()): Promise<Served> {
  const total: Served = { offered: 0, lapsed: 0 };
  for (const seminarId of await seminarsToServe(db, now)) {
    try {
      const served = await serveWaitlist(db, seminarId, rt, now);
      total.offered += served.offered;
      total.lapsed += served.lapsed;
    } catch (error) {
      if (databaseBusyReason(error) !== "lock-timeout") throw error;
    }
  }
  return total;
}

/** A paid offer's entry becomes `booked`, in the payment's transaction (the sweeper would find it too). */
export async function markOfferBooked(tx: Db, bookingId: string, seminar: { title: string }, now: Date): Promise<void> {
  const booked = await tx
    .update(seminarWaitlistEntries)
    .set({ status: "booked", version: sql`${seminarWaitlistEntries.version} + 1`, updatedAt: now })
    .where(and(eq(seminarWaitlistEntries.offerBookingId, bookingId), eq(seminarWaitlistEntries.status, "offered")))
    .returning();
  for (const entry of booked) await recordActivity(tx, SYSTEM_ACTOR, bookedEntry(entry, seminar));
}

/** Is this held booking a waitlist offer whose time has not run out? */
export async function isLiveWaitlistOffer(db: Db, bookingId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: seminarWaitlistEntries.id })
    .from(seminarWaitlistEntries)
    .innerJoin(seminarBookings, eq(seminarBookings.id, seminarWaitlistEntries.offerBookingId))
    .where(and(eq(seminarWaitlistEntries.offerBookingId, bookingId), eq(seminarWaitlistEntries.status, "offered"), eq(seminarBookings.status, "pending"), gt(seminarBookings.holdExpiresAt, now)));
  return row !== undefined;
}
