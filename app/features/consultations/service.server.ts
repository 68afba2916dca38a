import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultationBookings } from "#db/schema/index.ts";
import type { ConsultationType } from "#db/schema/enums.ts";
import { consultation } from "~/content/site.ts";
import { SYSTEM_ACTOR, type Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { upsertContact } from "~/features/contacts/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { checkoutExpiry, closeOpenCheckouts, openCheckout, reusableCheckout, type PaidItem, type PaymentProvider } from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { consultationPaidEmail, consultationRequestedEmail } from "./emails.ts";
import { consultationMoney, recordConsultationRefund } from "./refund.server.ts";
import { isClosedStatus } from "./rules.ts";
import { releaseSlotHold, renewedSlotHold, slotFactsOf, SLOT_RELEASE_REASONS } from "./slots/booking.server.ts";
import { meetingTimeText } from "./slots/display.ts";
import { slotBookedEmail } from "./slots/emails.ts";
import { UK_TIME_ZONE } from "~/lib/format.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { withManageUrl } from "./manage/links.server.ts";
import type { ConsultationForm } from "./schema.ts";
import { bookingDetailsOf } from "./booking-details.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { anonymiseConsultationsOfUser, countOpenConsultationsOfUser, type ErasedIdentity } from "./admin-queries.server.ts";

export type ConsultationRequest = { type: ConsultationType; form: ConsultationForm };


/**
 * A visitor asks for a consultation. Paid: pending and unpaid, at the configured price.
 * Free: pending and already "paid" (nothing to pay). The contact is upserted and the
 * confirmation queued in the same transaction.
 */
export async function requestConsultation(db: Db, { type, form }: ConsultationRequest, { siteUrl }: { siteUrl: string }) {
  return db.transaction(async (tx) => {
    const contact = await upsertContact(tx, form);
    const [booking] = await tx
      .insert(consultationBookings)
      .values({
        ...bookingDetailsOf(contact.id, form),
        consultationType: type,
        preferredDatetime: form.preferredTime,
        status: "pending",
        isPaid: type === "free",
        amountCents: type === "paid" ? consultation.priceCents : 0,
      })
      .returning({ id: consultationBookings.id });
    const bookingId = booking!.id;
    await queueEmail(
      tx,
      consultationRequestedEmail({
        bookingId,
        type,
        firstName: form.firstName,
        email: form.email,
        preferredTime: form.preferredTime,
        preferredContact: form.preferredContact,
        siteUrl,
      }),
    );
    return { bookingId, type };
  });
}

export type ConsultationForPayment = {
  id: string;
  firstName: string;
  isPaid: boolean;
  cancelled: boolean;
  amountCents: number;
  /** A booked time slot: when it is, in the visitor's zone, and until when it is held unpaid. */
  slot?: { startsAt: Date; timeZone: string; holdExpiresAt: Date | null; released: boolean };
};

/** What the pay-online page needs; undefined for unknown ids and free calls. */
export async function consultationForPayment(db: Db, bookingId: string): Promise<ConsultationForPayment | undefined> {
  if (!isRecordId(bookingId)) return undefined;
  const [booking] = await db
    .select({
      id: consultationBookings.id,
      firstName: consultationBookings.firstName,
      isPaid: consultationBookings.isPaid,
      status: consultationBookings.status,
      type: consultationBookings.consultationType,
      startsAt: consultationBookings.startsAt,
      timeZone: consultationBookings.timeZone,
      holdExpiresAt: consultationBookings.holdExpiresAt,
      cancelReason: consultationBookings.cancelReason,
    })
    .from(consultationBookings)
    .where(eq(consultationBookings.id, bookingId));
  if (!booking || booking.type !== "paid") return undefined;
  return {
    id: booking.id,
    firstName: booking.firstName,
    isPaid: booking.isPaid,
    cancelled: isClosedStatus(booking.status),
    amountCents: consultation.priceCents,
    slot: booking.startsAt
      ? {
          startsAt: booking.startsAt,
          timeZone: booking.timeZone ?? "Africa/Johannesburg",
          holdExpiresAt: booking.holdExpiresAt,
          released: booking.cancelReason === SLOT_RELEASE_REASONS.lapsed || booking.cancelReason === SLOT_RELEASE_REASONS.checkoutExpired,
        }
      : undefined,
  };
}

export const SLOT_HOLD_LAPSED_MESSAGE = "The time we held for you was released because it was not paid in time, so nothing was charged. Please choose a time again.";

/** Sends the visitor to pay for a paid consultation; the amount comes from configuration. A held time slot must still be held, and its hold is lengthened to outlast the checkout. */
export async function startConsultationCheckout(
  db: Db,
  provider: PaymentProvider,
  { bookingId, siteUrl, now = new Date() }: { bookingId: string; siteUrl: string; now?: Date },
): Promise<{ url: string }> {
  if (!isRecordId(bookingId)) throw new NotFoundError("Consultation not found");
  const expiresAt = checkoutExpiry(now);
  const plan = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)).for("update");
    if (!booking || booking.consultationType !== "paid") throw new NotFoundError("Consultation not found");
    if (booking.isPaid) throw new ConflictError("This consultation is already paid. Thank you!");
    const slotHeld = booking.startsAt !== null;
    if (slotHeld && (booking.cancelReason === SLOT_RELEASE_REASONS.lapsed || booking.cancelReason === SLOT_RELEASE_REASONS.checkoutExpired)) throw new ConflictError(SLOT_HOLD_LAPSED_MESSAGE);
    if (isClosedStatus(booking.status)) throw new ConflictError("This consultation was cancelled, so it cannot be paid.");
    if (slotHeld && booking.holdExpiresAt && booking.holdExpiresAt <= now) return { kind: "too-late" as const };
    const reusable = await reusableCheckout(tx, provider, { bookingKind: "consultation", bookingId, now });
    if (reusable) return { kind: "reuse" as const, url: reusable.url };
    if (slotHeld && booking.holdExpiresAt) {
      const renewed = renewedSlotHold({ createdAt: booking.createdAt, holdExpiresAt: booking.holdExpiresAt }, expiresAt, now);
      if (!renewed) return { kind: "too-late" as const };
      await tx.update(consultationBookings).set({ holdExpiresAt: renewed }).where(eq(consultationBookings.id, bookingId));
    }
    return { kind: "open" as const, booking };
  });
  if (plan.kind === "reuse") return { url: plan.url };
  if (plan.kind === "too-late") {
    // Closed first, so a payment racing this either landed (and is kept) or finds the checkout gone.
    const { paid } = await closeOpenCheckouts(db, provider, "consultation", [bookingId]);
    if (paid.length > 0) throw new ConflictError("This consultation is already paid. Thank you!");
    await releaseSlotHold(db, bookingId, { siteUrl, now });
    throw new ConflictError(SLOT_HOLD_LAPSED_MESSAGE);
  }
  const { booking } = plan;
  await closeOpenCheckouts(db, provider, "consultation", [bookingId]);
  const opened = await openCheckout(db, provider, {
    bookingKind: "consultation",
    bookingId,
    amountCents: consultation.priceCents,
    description: `Private consultation, ${consultation.minutes} minutes (${consultation.priceNote.toLowerCase()})`,
    customerEmail: booking.email,
    customerName: `${booking.firstName} ${booking.lastName}`,
    successUrl: `${siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}/consultations/pay/${encodeURIComponent(bookingId)}`,
    expiresAt,
  });
  return { url: opened.url };
}

/** What the payment success page and the test checkout call a paid consultation. */
const PAID_CONSULTATION_TITLE = `Private consultation (${consultation.minutes} minutes)`;

/**
 * What payments do with a consultation: completion marks it paid once and sends a receipt;
 * an expired checkout holds nothing, so there is nothing to give back; a refund is recorded
 * on it and e-mailed.
 */
export function consultationPaidItem(siteUrl: string, links?: LinkSigner): PaidItem {
  return {
    complete: completeConsultationPayment(siteUrl, links),
    title: async () => PAID_CONSULTATION_TITLE,
    async isBooked(db, bookingId) {
      const [booking] = await db.select({ status: consultationBookings.status }).from(consultationBookings).where(eq(consultationBookings.id, bookingId));
      return booking !== undefined && !isClosedStatus(booking.status);
    },
    // A held time slot goes back on offer when its checkout expires unpaid (a request without a slot holds nothing).
    async expire(db, bookingId) {
      await releaseSlotHold(db, bookingId, { siteUrl });
    },
    money: consultationMoney,
    refunded: recordConsultationRefund,
  };
}

function completeConsultationPayment(siteUrl: string, links?: LinkSigner): PaidItem["complete"] {
  return async (tx, bookingId, sessionId, now) => {
    const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)).for("update");
    if (!booking || booking.isPaid) return;
    // Paid after staff cancelled or closed it: the money is kept on record and owed back (docs/decisions/015).
    const afterClosing = isClosedStatus(booking.status);
    // A new version, logged as the system's: an admin's dialog opened before the payment is
    // out of date, and its refusal can say what changed (docs/decisions/014-no-lost-updates.md).
    // Paid after staff cancelled it (the checkout's close lost the race): kept, and owed back.
    // A time slot held for this payment is confirmed by it; a request without a slot stays pending until staff agree a time.
    const slotConfirmed = booking.startsAt !== null && !afterClosing;
    const [updated] = await tx
      .update(consultationBookings)
      .set({
        isPaid: true,
        paidAt: now,
        paymentSessionId: sessionId,
        amountCents: consultation.priceCents,
        ...(afterClosing ? { refundDue: true } : {}),
        ...(slotConfirmed ? { status: "confirmed" as const, holdExpiresAt: null } : {}),
        version: sql`${consultationBookings.version} + 1`,
      })
      .where(eq(consultationBookings.id, bookingId))
      .returning();
    await recordActivity(tx, SYSTEM_ACTOR, {
      action: "consultation.paid-online",
      entityType: "consultation",
      entityId: bookingId,
      summary: afterClosing
        ? `Consultation ${bookingReference(bookingId)} was paid online after it was ${booking.status}; refund due, the payer was e-mailed`
        : slotConfirmed
          ? `Consultation ${bookingReference(bookingId)} was paid online and is confirmed for ${meetingTimeText(booking.startsAt!, UK_TIME_ZONE)}`
          : `Consultation ${bookingReference(bookingId)} was paid online`,
    });
    await queueEmail(
      tx,
      slotConfirmed
        ? slotBookedEmail({ ...slotFactsOf(updated!, siteUrl), ...withManageUrl(siteUrl, links, bookingId) })
        : consultationPaidEmail({ bookingId, firstName: booking.firstName, email: booking.email, amountCents: consultation.priceCents, siteUrl, afterClosing }),
    );
  };
}

// For the admin Users screen (features/people): a contact's consultations, and erasing the
// contact's details from them when the contact asks to be forgotten (docs/decisions/016).
export { consultationsOfContact, type ContactConsultationItem } from "./admin.server.ts";

/** How many of the contact's consultations are still under way (pending or confirmed): they are cancelled before the contact is anonymised. */
export function openConsultationsOfContact(db: Db, userId: string): Promise<number> {
  return countOpenConsultationsOfUser(db, userId);
}

/**
 * Erases the contact's details, notes and admin notes from their consultations, in the
 * caller's transaction, with an entry on each (each is a new version, and a dialog opened
 * before must be refused naming this change: docs/decisions/014, 016).
 */
export async function anonymiseConsultationsOfContact(tx: Db, actor: Actor, userId: string, identity: ErasedIdentity, now = new Date()) {
  const erased = await anonymiseConsultationsOfUser(tx, userId, identity, now);
  for (const id of erased.ids) {
    await recordActivity(tx, actor, {
      action: "consultation.anonymise",
      entityType: "consultation",
      entityId: id,
      summary: `Erased the client's details from consultation ${bookingReference(id)} (user ${bookingReference(userId)} anonymised)`,
    });
  }
  return { anonymised: erased.ids.length, emails: erased.emails };
}

// Consultations in time slots (issue 17): booking a slot, and the sweeper's release of holds that lapsed unpaid.
export { bookSlot, releaseLapsedSlotHolds, SlotUnavailableError, type SlotBooked } from "./slots/booking.server.ts";
export { queueDueConsultationReminders } from "./slots/reminders.server.ts";
export { cancelConsultationOnline, managedConsultation, rescheduleConsultation, STALE_MANAGE_MESSAGE, type ManagedConsultation, type ManagePayments, type ManageSite } from "./manage/manage.server.ts";
