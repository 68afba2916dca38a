import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultants, consultationBookings } from "#db/schema/index.ts";
import type { ConsultationType } from "#db/schema/enums.ts";
import { consultation } from "~/content/site.ts";
import { CUSTOMER_ACTOR, SYSTEM_ACTOR, type Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { upsertContact } from "~/features/contacts/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { ConflictError } from "~/lib/errors.ts";
import { UK_TIME_ZONE } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { withManageUrl } from "../manage/links.server.ts";
import { bookingDetailsOf } from "../booking-details.ts";
import type { SlotBookingForm } from "../schema.ts";
import { meetingTimeText } from "./display.ts";
import { SLOT_HOLD_MINUTES } from "./rules.ts";
import { slotBookedEmail, slotHoldLapsedEmail, type SlotEmailFacts } from "./emails.ts";
import { insertSlotBooking, LAPSED_HOLD_REASON, SlotTakenError, type LapsedHold } from "./slot-queries.server.ts";
import { slotsOffered, type SlotSettings } from "./slots.server.ts";

// Taking a time slot (issue 17, docs/decisions/035). The slot must be one the rules offer now;
// it goes to one of the consultants free then, and the database refuses a second booking of
// that consultant's time however many visitors race. A free call is confirmed at once; a paid
// consultation's time is held while the visitor pays, exactly like a seminar seat, and freed
// when the hold lapses or the checkout expires.

export { SLOT_HOLD_MINUTES };

/** The hold outlives its checkout a little, so a payment made at the last second still finds its time. */
const SLOT_HOLD_GRACE_MS = 2 * 60_000;

/** Why a held slot was cancelled, as its record says. */
export const SLOT_RELEASE_REASONS = {
  lapsed: LAPSED_HOLD_REASON,
  checkoutExpired: "The checkout expired before it was paid.",
} as const;

export type ConsultationSlotSettings = SlotSettings & { videoRoomBaseUrl: string };

export const SLOT_UNAVAILABLE_MESSAGE = "Sorry, that time is no longer available. Please choose another.";

/** The time asked for is not offered now (taken, too soon, past the horizon or never offered). */
export class SlotUnavailableError extends ConflictError {
  override name = "SlotUnavailableError";
  constructor() {
    super(SLOT_UNAVAILABLE_MESSAGE);
  }
}

export type SlotRequest = { type: ConsultationType; start: Date; timeZone: string; form: SlotBookingForm };
export type SlotBooked = { bookingId: string; type: ConsultationType; startsAt: Date; timeZone: string; email: string; held: boolean };

/** The consultant's own room, or a new room under the video service's address with a name nobody can guess. */
export function meetingRoomFor(fixedRoom: string | null, videoRoomBaseUrl: string): string {
  return fixedRoom ?? `${videoRoomBaseUrl}/Thula-${randomBytes(12).toString("base64url")}`;
}

/** Candidates in a random order: meetings spread over the consultants free at a time. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomBytes(1)[0]! % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * Books the slot starting at `start` for the visitor, or throws SlotUnavailableError (the time
 * is not offered now) or SlotTakenError (every consultant free then was taken while asking).
 * One transaction per try: the contact, the booking, its log entry and (a free call) its
 * confirmation e-mail are saved together or not at all.
 */
export async function bookSlot(
  db: Db,
  request: SlotRequest,
  { settings, siteUrl, links, now = new Date() }: { settings: ConsultationSlotSettings; siteUrl: string; links?: LinkSigner; now?: Date },
): Promise<SlotBooked> {
  const slot = (await slotsOffered(db, request.type, settings, now)).find((offered) => offered.start.getTime() === request.start.getTime());
  if (!slot) throw new SlotUnavailableError();
  const rooms = await db.select({ id: consultants.id, name: consultants.name, meetingUrl: consultants.meetingUrl }).from(consultants).where(inArray(consultants.id, slot.consultantIds));
  const paid = request.type === "paid";
  const { form } = request;
  for (const consultant of shuffled(rooms)) {
    try {
      const bookingId = await db.transaction(async (tx) => {
        const contact = await upsertContact(tx, form);
        const meetingUrl = meetingRoomFor(consultant.meetingUrl, settings.videoRoomBaseUrl);
        const amountCents = paid ? consultation.priceCents : 0;
        const { id, released } = await insertSlotBooking(
          tx,
          {
            ...bookingDetailsOf(contact.id, form),
            consultationType: request.type,
            status: paid ? "pending" : "confirmed",
            isPaid: !paid,
            amountCents,
            consultantId: consultant.id,
            startsAt: slot.start,
            endsAt: slot.end,
            blockedUntil: new Date(slot.end.getTime() + settings.bufferMinutes * 60_000),
            holdExpiresAt: paid ? new Date(now.getTime() + SLOT_HOLD_MINUTES * 60_000) : null,
            meetingUrl,
            timeZone: request.timeZone,
            // The hold's clock (renewedSlotHold) starts when the slot is taken.
            createdAt: now,
          },
          now,
        );
        for (const lapsed of released) await tellReleased(tx, lapsed, LAPSED_HOLD_REASON, SYSTEM_ACTOR, siteUrl);
        const when = meetingTimeText(slot.start, UK_TIME_ZONE);
        await recordActivity(tx, CUSTOMER_ACTOR, {
          action: paid ? "consultation.slot-held" : "consultation.booked",
          entityType: "consultation",
          entityId: id,
          summary: paid
            ? `Consultation ${bookingReference(id)}: ${when} held for payment with ${consultant.name}`
            : `Free intro call ${bookingReference(id)} booked for ${when} with ${consultant.name}`,
        });
        if (!paid) {
          await queueEmail(
            tx,
            slotBookedEmail({ bookingId: id, type: request.type, ...form, startsAt: slot.start, endsAt: slot.end, timeZone: request.timeZone, meetingUrl, amountCents, siteUrl, version: 1, ...withManageUrl(siteUrl, links, id) }),
          );
        }
        return id;
      });
      return { bookingId, type: request.type, startsAt: slot.start, timeZone: request.timeZone, email: form.email, held: paid };
    } catch (error) {
      // Taken with this consultant while asking: another free at the same time may still take it.
      if (error instanceof SlotTakenError) continue;
      throw error;
    }
  }
  throw new SlotTakenError();
}

/** A held slot's hold while a checkout is open: lengthened to outlast the checkout, never cut, and only within the hold's first minutes. */
export function renewedSlotHold(hold: { createdAt: Date; holdExpiresAt: Date }, checkoutExpiresAt: Date, now: Date): Date | undefined {
  if (now.getTime() > hold.createdAt.getTime() + SLOT_HOLD_MINUTES * 60_000) return undefined;
  const renewed = new Date(checkoutExpiresAt.getTime() + SLOT_HOLD_GRACE_MS);
  return renewed > hold.holdExpiresAt ? renewed : hold.holdExpiresAt;
}

type ReleasableRow = LapsedHold;

/** A held slot was cancelled: the activity log says so, and the visitor hears that nothing was charged. */
async function tellReleased(tx: Db, booking: ReleasableRow, reason: string, actor: Actor, siteUrl: string): Promise<void> {
  await recordActivity(tx, actor, {
    action: "consultation.hold-released",
    entityType: "consultation",
    entityId: booking.id,
    summary: `Consultation ${bookingReference(booking.id)}: the time held for payment (${meetingTimeText(booking.startsAt!, UK_TIME_ZONE)}) was released. ${reason}`,
  });
  await queueEmail(tx, slotHoldLapsedEmail({ bookingId: booking.id, firstName: booking.firstName, email: booking.email, startsAt: booking.startsAt!, timeZone: booking.timeZone ?? "Africa/Johannesburg", siteUrl }));
}

/** Cancels one held slot in the caller's transaction (compare-and-set on a pending, unpaid hold), then logs it and tells the visitor. */
async function releaseHeld(tx: Db, booking: ReleasableRow, reason: string, actor: Actor, siteUrl: string, now: Date): Promise<boolean> {
  const [released] = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: actor.name, cancelReason: reason, holdExpiresAt: null, version: sql`${consultationBookings.version} + 1` })
    .where(and(eq(consultationBookings.id, booking.id), eq(consultationBookings.status, "pending"), eq(consultationBookings.isPaid, false), isNotNull(consultationBookings.holdExpiresAt)))
    .returning({ id: consultationBookings.id });
  if (!released) return false;
  await tellReleased(tx, booking, reason, actor, siteUrl);
  return true;
}

/** The provider expired the checkout unpaid: the held time is freed at once and the visitor told. False when there was no hold to free (paid, cancelled, a request without a slot). */
export async function releaseSlotHold(db: Db, bookingId: string, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)).for("update");
    if (!booking?.startsAt || !booking.holdExpiresAt) return false;
    return releaseHeld(tx, booking, SLOT_RELEASE_REASONS.checkoutExpired, SYSTEM_ACTOR, siteUrl, now);
  });
}

/** The sweeper: every held slot whose hold has lapsed unpaid is cancelled, logged and e-mailed, a batch at a time. Returns how many. */
export async function releaseLapsedSlotHolds(db: Db, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select()
      .from(consultationBookings)
      .where(and(eq(consultationBookings.status, "pending"), eq(consultationBookings.isPaid, false), lte(consultationBookings.holdExpiresAt, now)))
      .limit(200)
      .for("update", { skipLocked: true });
    let released = 0;
    for (const booking of lapsed) if (await releaseHeld(tx, booking, SLOT_RELEASE_REASONS.lapsed, SYSTEM_ACTOR, siteUrl, now)) released += 1;
    return released;
  });
}

/** What a slot booking's confirmation e-mail says, read from its row. */
export function slotFactsOf(booking: ReleasableRow, siteUrl: string): SlotEmailFacts {
  return {
    bookingId: booking.id,
    type: booking.consultationType,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    startsAt: booking.startsAt!,
    endsAt: booking.endsAt!,
    timeZone: booking.timeZone ?? "Africa/Johannesburg",
    meetingUrl: booking.meetingUrl ?? "",
    amountCents: booking.amountCents,
    siteUrl,
    version: booking.version,
  };
}

