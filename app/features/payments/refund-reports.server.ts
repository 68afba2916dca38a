import type { Db } from "#db/client.ts";
import type { Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { log } from "~/lib/log.server.ts";
import { insertRefund, lockBookingMoney, lockRefund, refundById, refundByProviderId, updateRefund, type RefundRow } from "./ledger-queries.server.ts";
import type { PaidItems } from "./paid-items.server.ts";
import type { ProviderRefundReport } from "./provider.server.ts";
import { bookingNouns } from "./refund-rules.ts";
import { settleRefund, STRIPE_ACTOR } from "./refunds.server.ts";

// What the provider reports of a refund (Stripe's refund and charge webhooks), reconciled with
// our records exactly once: a refund we asked for is settled when it succeeds or fails; one
// made in Stripe's dashboard, unknown to us, is recorded (refund and ledger rows, the booking,
// the e-mail) as Stripe's. Replays find the refund already in that state and change nothing.

export type ReportOutcome =
  /** A refund unknown to us (made in the dashboard) is now on record. */
  | "recorded"
  /** One of ours moved to the reported state. */
  | "settled"
  /** Nothing to change (a replay, or a state we already have). */
  | "unchanged"
  /** Neither our refund nor a booking of ours could be found from it. */
  | "unknown-booking";

export const DASHBOARD_REFUND_REASON = "Refunded in the Stripe dashboard";

/** Who a refund's settlement is attributed to: the admin who asked, or Stripe for its own. */
function requesterOf(refund: RefundRow): Actor {
  return refund.requestedById ? { id: refund.requestedById, name: refund.requestedByName, email: null } : STRIPE_ACTOR;
}

async function ourRefund(db: Db, report: ProviderRefundReport, lock: boolean): Promise<RefundRow | undefined> {
  const byProvider = await refundByProviderId(db, report.provider, report.providerRefundId);
  const found = byProvider ?? (isRecordId(report.ourRefundId) ? await refundById(db, report.ourRefundId) : undefined);
  return found && lock ? lockRefund(db, found.id) : found;
}

/** Reconciles one reported refund; safe to call again with the same report (webhooks are retried and replayed). */
export async function reconcileProviderRefund(db: Db, items: PaidItems, report: ProviderRefundReport, now = new Date()): Promise<ReportOutcome> {
  const known = await ourRefund(db, report, false);
  const booking = known
    ? { bookingKind: known.bookingKind, bookingId: known.bookingId }
    : report.bookingKind && isRecordId(report.bookingId)
      ? { bookingKind: report.bookingKind, bookingId: report.bookingId.toLowerCase() }
      : undefined;
  if (!booking) {
    log.warn("A provider reported a refund of no booking of ours", { providerRefundId: report.providerRefundId });
    return "unknown-booking";
  }

  return db.transaction(async (tx): Promise<ReportOutcome> => {
    await lockBookingMoney(tx, booking);
    const refund = await ourRefund(tx, report, true);
    const timing = { occurredAt: report.createdAt, now };

    if (refund) {
      if (refund.status === "succeeded") {
        // The ledger is append-only and Stripe gives the money back to us in this case: staff must look.
        if (report.status === "failed") log.error("A refund failed after it had succeeded: check it in Stripe", { refundId: refund.id, providerRefundId: report.providerRefundId });
        return "unchanged";
      }
      if (report.status === "pending") {
        if (refund.status !== "pending" || refund.providerRefundId === report.providerRefundId) return "unchanged";
        await updateRefund(tx, refund.id, { providerRefundId: report.providerRefundId, failureReason: null });
        return "settled";
      }
      if (refund.status === "failed" && report.status === "failed") return "unchanged";
      // pending → succeeded or failed; failed → succeeded (we had given up on an unanswered request that Stripe did make).
      await settleRefund(tx, items, refund, { status: report.status, providerRefundId: report.providerRefundId, failureReason: report.failureReason }, { actor: requesterOf(refund), ...timing });
      return "settled";
    }

    // Made in Stripe's dashboard: nothing of ours knows it yet.
    if (report.status === "failed") return "unchanged";
    const money = await items[booking.bookingKind].money(tx, booking.bookingId);
    if (!money) {
      log.warn("A provider reported a refund of a booking we do not have", { providerRefundId: report.providerRefundId, ...booking });
      return "unknown-booking";
    }
    const recorded = await insertRefund(tx, {
      ...booking,
      amountCents: report.amountCents,
      currency: report.currency,
      reason: DASHBOARD_REFUND_REASON,
      status: "pending",
      provider: report.provider,
      providerRefundId: report.providerRefundId,
      idempotencyKey: `${report.provider}:${report.providerRefundId}`,
      requestedById: null,
      requestedByName: STRIPE_ACTOR.name,
    });
    if (report.status === "succeeded") {
      await settleRefund(tx, items, recorded, { status: "succeeded", providerRefundId: report.providerRefundId }, { actor: STRIPE_ACTOR, ...timing });
    } else {
      const entityType = booking.bookingKind === "seminar" ? "seminar_booking" : "consultation";
      await recordActivity(tx, STRIPE_ACTOR, {
        action: `${entityType}.refund-pending`,
        entityType,
        entityId: booking.bookingId,
        summary: `Stripe reported a refund of ${formatRand(report.amountCents)} of ${bookingNouns[booking.bookingKind]} ${bookingReference(booking.bookingId)} made in its dashboard: pending`,
      });
    }
    return "recorded";
  });
}
