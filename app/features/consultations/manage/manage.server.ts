import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultants, consultationBookings } from "#db/schema/index.ts";
import { CUSTOMER_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { refundBooking, type PaidItems, type PaymentProvider } from "~/features/payments/service.server.ts";
import { violates } from "~/lib/db-errors.ts";
import { ConflictError, NotFoundError, StaleEditError, ValidationError } from "~/lib/errors.ts";
import { bookingReference } from "~/lib/ids.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { UK_TIME_ZONE } from "~/lib/format.ts";
import { meetingRoomFor, slotFactsOf, SlotUnavailableError, type ConsultationSlotSettings } from "../slots/booking.server.ts";
import { meetingTimeText } from "../slots/display.ts";
import { slotCancelledEmail, slotMovedEmail } from "../slots/emails.ts";
import { SlotTakenError } from "../slots/slot-queries.server.ts";
import { slotsOffered } from "../slots/slots.server.ts";
import { consultationIdOfToken, withManageUrl } from "./links.server.ts";
import { CLOSED_CHANGES_TEXT, onlineChanges, type OnlineChanges } from "./policy.ts";

// Moving or cancelling a booked consultation from the signed link in its e-mails (issue 17).
// Each change happens under the booking's row lock, over the version the page showed, so an
// old page (or a second tab) cannot undo a newer change; the client is e-mailed and the log
// names the client as the one who changed it.

export type ManageSite = { siteUrl: string; links: LinkSigner; settings: ConsultationSlotSettings & { freeCancellationHours: number }; now?: Date };
export type ManagePayments = { provider: PaymentProvider; items: PaidItems };

export const STALE_MANAGE_MESSAGE = "This booking changed since you opened this page. Here it is as it stands now.";

type BookingRow = typeof consultationBookings.$inferSelect;

/** The booking a token names, with the time it is booked for; NotFoundError for a bad token or a booking without a slot. */
async function bookingOfToken(db: Db, links: LinkSigner, token: string, lock = false): Promise<BookingRow & { startsAt: Date }> {
  const id = consultationIdOfToken(links, token);
  if (!id) throw new NotFoundError("This link does not match a booking.");
  const query = db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
  const [booking] = lock ? await query.for("update") : await query;
  if (!booking?.startsAt) throw new NotFoundError("This link does not match a booking.");
  return booking as BookingRow & { startsAt: Date };
}

function changesOf(booking: BookingRow & { startsAt: Date }, site: ManageSite, now: Date): OnlineChanges {
  return onlineChanges({ ...booking, refundableCents: booking.isPaid ? booking.amountCents - booking.refundedCents : 0 }, now, site.settings.freeCancellationHours);
}

export type ManagedConsultation = {
  id: string;
  reference: string;
  type: "paid" | "free";
  status: BookingRow["status"];
  version: number;
  firstName: string;
  startsAt: Date;
  timeZone: string;
  when: string;
  meetingUrl: string | null;
  changes: OnlineChanges;
};

/** What the manage page shows: the booking as it is now (a moved one shows its new time). */
export async function managedConsultation(db: Db, site: ManageSite, token: string): Promise<ManagedConsultation> {
  const now = site.now ?? new Date();
  const booking = await bookingOfToken(db, site.links, token);
  const timeZone = booking.timeZone ?? "Africa/Johannesburg";
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    type: booking.consultationType,
    status: booking.status,
    version: booking.version,
    firstName: booking.firstName,
    startsAt: booking.startsAt,
    timeZone,
    when: meetingTimeText(booking.startsAt, timeZone),
    meetingUrl: booking.meetingUrl,
    changes: changesOf(booking, site, now),
  };
}

function refuseUnlessChangeable(booking: BookingRow & { startsAt: Date }, version: number, site: ManageSite, now: Date): OnlineChanges & { allowed: true } {
  if (booking.version !== version) throw new StaleEditError(STALE_MANAGE_MESSAGE);
  const changes = changesOf(booking, site, now);
  if (changes.allowed) return changes;
  throw new ConflictError(CLOSED_CHANGES_TEXT[changes.reason]);
}

/**
 * Moves the meeting to the slot starting at `start`: with the same consultant when they are
 * free then, else with another; the database refuses a time taken meanwhile (SlotTakenError).
 */
export async function rescheduleConsultation(db: Db, site: ManageSite, token: string, input: { start: Date; timeZone: string; version: number }): Promise<ManagedConsultation> {
  const now = site.now ?? new Date();
  const current = await bookingOfToken(db, site.links, token);
  const slot = (await slotsOffered(db, current.consultationType, site.settings, now, { moving: current.id })).find((offered) => offered.start.getTime() === input.start.getTime());
  if (!slot) throw new SlotUnavailableError();
  const candidates = [...slot.consultantIds].sort((a, b) => Number(b === current.consultantId) - Number(a === current.consultantId));
  await db.transaction(async (tx) => {
    const booking = await bookingOfToken(tx, site.links, token, true);
    refuseUnlessChangeable(booking, input.version, site, now);
    for (const consultantId of candidates) {
      const [consultant] = await tx.select({ name: consultants.name, meetingUrl: consultants.meetingUrl }).from(consultants).where(eq(consultants.id, consultantId));
      if (!consultant) continue;
      try {
        // A savepoint per try: a refused move with one consultant leaves the transaction usable for the next.
        const moved = await tx.transaction(async (attempt) => {
          await attempt.execute(sql`select pg_advisory_xact_lock(hashtext('consultations:slot'), hashtext(${consultantId}))`);
          const [row] = await attempt
            .update(consultationBookings)
            .set({
              consultantId,
              startsAt: slot.start,
              endsAt: slot.end,
              blockedUntil: new Date(slot.end.getTime() + site.settings.bufferMinutes * 60_000),
              meetingUrl: consultantId === booking.consultantId && booking.meetingUrl ? booking.meetingUrl : meetingRoomFor(consultant.meetingUrl, site.settings.videoRoomBaseUrl),
              timeZone: input.timeZone,
              version: sql`${consultationBookings.version} + 1`,
            })
            .where(and(eq(consultationBookings.id, booking.id), eq(consultationBookings.version, input.version)))
            .returning();
          return row!;
        });
        const before = meetingTimeText(booking.startsAt, UK_TIME_ZONE);
        const after = meetingTimeText(slot.start, UK_TIME_ZONE);
        await recordActivity(tx, CUSTOMER_ACTOR, {
          action: "consultation.rescheduled",
          entityType: "consultation",
          entityId: booking.id,
          summary: `The client moved consultation ${bookingReference(booking.id)} from ${before} to ${after}, with ${consultant.name}`,
          changes: { time: { before, after } },
        });
        await queueEmail(tx, slotMovedEmail({ ...slotFactsOf(moved, site.siteUrl), ...withManageUrl(site.siteUrl, site.links, booking.id) }, booking.startsAt));
        return;
      } catch (error) {
        if (violates(error, "23P01", "consultation_bookings_no_overlap")) continue;
        throw error;
      }
    }
    throw new SlotTakenError();
  });
  return managedConsultation(db, site, token);
}

export type OnlineCancellation = { refundCents: number; refunded: boolean };

/**
 * Cancels the meeting for the client: under the row lock, over the version shown, inside the
 * online window; the client is e-mailed and the log says so. A paid consultation is then
 * refunded in full through the payment provider; a refund the provider does not make stays
 * owed ("Refund due") for staff, and the page says it is on its way.
 */
export async function cancelConsultationOnline(db: Db, site: ManageSite, payments: ManagePayments, token: string, input: { version: number }): Promise<OnlineCancellation> {
  const now = site.now ?? new Date();
  const cancelled = await db.transaction(async (tx) => {
    const booking = await bookingOfToken(tx, site.links, token, true);
    const { refundCents } = refuseUnlessChangeable(booking, input.version, site, now);
    const [row] = await tx
      .update(consultationBookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: CUSTOMER_ACTOR.name, cancelReason: "Cancelled by the client online.", refundDue: refundCents > 0, version: sql`${consultationBookings.version} + 1` })
      .where(and(eq(consultationBookings.id, booking.id), eq(consultationBookings.version, input.version)))
      .returning();
    await recordActivity(tx, CUSTOMER_ACTOR, {
      action: "consultation.cancelled-online",
      entityType: "consultation",
      entityId: booking.id,
      summary: `The client cancelled consultation ${bookingReference(booking.id)} (${meetingTimeText(booking.startsAt, UK_TIME_ZONE)}) online${refundCents > 0 ? "; refund due" : ""}`,
      changes: { status: { before: booking.status, after: "cancelled" } },
    });
    await queueEmail(tx, slotCancelledEmail(slotFactsOf(row!, site.siteUrl), refundCents));
    return { id: booking.id, refundCents };
  });
  if (cancelled.refundCents <= 0) return { refundCents: 0, refunded: false };
  try {
    const { refund } = await refundBooking(
      db,
      payments.provider,
      payments.items,
      { bookingKind: "consultation", bookingId: cancelled.id, amountCents: cancelled.refundCents, reason: "Cancelled by the client online, inside the free-cancellation window.", actor: CUSTOMER_ACTOR, idempotencyKey: `consultation-cancelled-online:${cancelled.id}` },
      now,
    );
    return { refundCents: cancelled.refundCents, refunded: refund.status === "succeeded" };
  } catch (error) {
    if (error instanceof ValidationError || error instanceof ConflictError) log.warn("A client's online cancellation could not be refunded at once; it stays refund due", { consultationId: cancelled.id, ...errorFields(error) });
    else log.error("A client's online cancellation could not be refunded at once; it stays refund due", { consultationId: cancelled.id, ...errorFields(error) });
    return { refundCents: cancelled.refundCents, refunded: false };
  }
}
