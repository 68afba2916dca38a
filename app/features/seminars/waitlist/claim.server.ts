import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarWaitlistEntries } from "#db/schema/index.ts";
import { CUSTOMER_ACTOR } from "~/features/activity/rules.ts";
import type { PaymentProvider } from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError, ValidationError } from "~/lib/errors.ts";
import { HoldLapsedError, startSeminarCheckout } from "../booking/checkout.server.ts";
import { waitlistOfferPath } from "../emails/waitlist.ts";
import { lockBooking, lockSeminar } from "../seats/seats.server.ts";
import { withdrawFromWaitlist, placeInLine } from "./line.server.ts";
import { serveWaitlistNow, type WaitlistRuntime } from "./offers.server.ts";
import { claimNames, type OfferClaimForm } from "./schema.ts";
import type { OfferView } from "./offer-view.ts";

// The offer's page (docs/decisions/027), opened by the signed link in the offer e-mail: what is
// held, "Pay and confirm" into the booking's own checkout, and "Leave the waitlist".

const OFFER_NOT_FOUND = "This waitlist link is not valid. Please use the link in your e-mail, or contact us.";

function entryIdOf(rt: WaitlistRuntime, token: string): string {
  const entryId = rt.signer.verify("waitlist-offer", token);
  if (!entryId) throw new NotFoundError(OFFER_NOT_FOUND);
  return entryId;
}

/** What the offer's link shows now. An offer whose hold has run out reads as passed before the sweeper records it. */
export async function offerView(db: Db, rt: WaitlistRuntime, token: string, now = new Date()): Promise<OfferView> {
  const entryId = entryIdOf(rt, token);
  const [row] = await db
    .select({ entry: seminarWaitlistEntries, seminar: seminars, booking: seminarBookings })
    .from(seminarWaitlistEntries)
    .innerJoin(seminars, eq(seminars.id, seminarWaitlistEntries.seminarId))
    .leftJoin(seminarBookings, eq(seminarBookings.id, seminarWaitlistEntries.offerBookingId))
    .where(eq(seminarWaitlistEntries.id, entryId));
  if (!row) throw new NotFoundError(OFFER_NOT_FOUND);
  const { entry, seminar, booking } = row;
  const facts = {
    seminar: { id: seminar.id, title: seminar.title, seminarDate: seminar.seminarDate, seminarTime: seminar.seminarTime, venueName: seminar.venueName, city: seminar.city },
    seats: entry.seats,
    firstName: entry.firstName,
  };
  if (entry.status === "waiting") return { state: "waiting", ...facts, place: await placeInLine(db, entry) };
  if (entry.status === "offered" && booking) {
    if (booking.isPaid && booking.status === "confirmed") return { state: "booked", ...facts };
    if (booking.status !== "pending" || !booking.holdExpiresAt || booking.holdExpiresAt <= now) return { state: "lapsed", ...facts };
    return {
      state: "offered",
      ...facts,
      amountCents: booking.amountCents,
      priceCents: Math.round(booking.amountCents / booking.seats),
      expiresAt: (entry.offerExpiresAt ?? booking.holdExpiresAt).toISOString(),
      holderName: `${entry.firstName} ${entry.lastName}`,
    };
  }
  return { state: entry.status === "offered" ? "lapsed" : entry.status, ...facts };
}

/**
 * "Pay and confirm": records the names on the tickets on the held booking (one per seat), then
 * opens (or reuses) its checkout, as a booking's Pay does. The checkout's completion confirms
 * the booking, issues its tickets and marks the entry booked.
 */
export async function claimOffer(db: Db, provider: PaymentProvider, rt: WaitlistRuntime, token: string, form: OfferClaimForm, now = new Date()): Promise<{ url: string }> {
  const entryId = entryIdOf(rt, token);
  const held = await db.transaction(async (tx) => {
    const [unlocked] = await tx.select().from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, entryId));
    if (!unlocked) throw new NotFoundError(OFFER_NOT_FOUND);
    await lockSeminar(tx, unlocked.seminarId);
    const [entry] = await tx.select().from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, entryId)).for("update");
    const booking = entry?.offerBookingId ? await lockBooking(tx, entry.offerBookingId) : undefined;
    if (!entry || entry.status !== "offered" || !booking || booking.status !== "pending" || !booking.holdExpiresAt || booking.holdExpiresAt <= now) {
      throw new ConflictError(booking?.isPaid ? "These seats are already paid for: your booking is confirmed." : "This offer has passed, so its seats have gone to the next person in line.");
    }
    const names = claimNames(form, booking.seats, `${entry.firstName} ${entry.lastName}`);
    if (!names.ok) throw new ValidationError("Please correct the names on the tickets.", names.fieldErrors);
    await tx.update(seminarBookings).set({ attendeeNames: names.names }).where(and(eq(seminarBookings.id, booking.id), eq(seminarBookings.isPaid, false)));
    return { bookingId: booking.id, renewUntil: entry.offerExpiresAt ?? booking.holdExpiresAt };
  });
  try {
    return await startSeminarCheckout(db, provider, { bookingId: held.bookingId, siteUrl: rt.siteUrl, now, offer: { renewUntil: held.renewUntil, returnPath: waitlistOfferPath(token) } });
  } catch (error) {
    if (error instanceof HoldLapsedError) throw new ConflictError("This offer has passed, so its seats have gone to the next person in line.");
    throw error;
  }
}

/** "Leave the waitlist" from the link: the place ends, a held offer's seats go to the next in line. */
export async function leaveWaitlist(db: Db, rt: WaitlistRuntime, token: string, now = new Date()): Promise<void> {
  const entryId = entryIdOf(rt, token);
  const { withdrawn, seminarId } = await withdrawFromWaitlist(db, { entryId, actor: CUSTOMER_ACTOR }, { siteUrl: rt.siteUrl, now });
  if (withdrawn) await serveWaitlistNow(db, seminarId, rt, now);
}
