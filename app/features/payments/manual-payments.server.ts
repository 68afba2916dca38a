import { randomUUID } from "node:crypto";
import type { Db } from "#db/client.ts";
import type { Actor } from "~/features/activity/rules.ts";
import { ConflictError } from "~/lib/errors.ts";
import { insertLedgerEntry, ledgerOf, ledgerTotals, type BookingRef } from "./ledger-queries.server.ts";
import { bookingNouns, refundProviderLabels } from "./refund-rules.ts";

// Money staff record by hand (docs/decisions/015): "Mark as Paid" is a manual payment in the
// ledger, and "Mark as Unpaid" of such a payment a manual refund that takes it back. Both run
// in the caller's transaction, after it has taken lockBookingMoney for the booking.

export const MARKED_UNPAID = "Marked unpaid";

/** Staff recorded money received outside the site: a manual payment of `amountCents`, attributed to them. */
export async function recordManualPayment(tx: Db, booking: BookingRef, { amountCents, actor, now }: { amountCents: number; actor: Actor; now: Date }): Promise<void> {
  // Nothing was received for a booking that costs nothing (a free call).
  if (amountCents <= 0) return;
  await insertLedgerEntry(tx, {
    entryType: "payment",
    ...booking,
    amountCents,
    provider: "manual",
    providerReference: `manual-payment:${randomUUID()}`,
    reason: "Marked paid",
    actorId: actor.id,
    actorName: actor.name,
    occurredAt: now,
  });
}

/**
 * Staff take back a "paid" they recorded: a manual refund of what the ledger holds, with the
 * reason "Marked unpaid". Refused when the money came through a checkout (that needs a real
 * refund) or when part of it was refunded already (refund the rest instead).
 */
export async function reverseManualPayment(tx: Db, booking: BookingRef, { actor, now }: { actor: Actor; now: Date }): Promise<void> {
  const noun = bookingNouns[booking.bookingKind];
  const entries = await ledgerOf(tx, booking);
  const online = entries.find((entry) => entry.entryType === "payment" && entry.provider !== "manual");
  if (online) {
    throw new ConflictError(
      `This ${noun} was paid online through ${refundProviderLabels[online.provider]}, so it cannot just be marked unpaid: use Refund to give the money back.`,
    );
  }
  const totals = await ledgerTotals(tx, booking);
  if (entries.some((entry) => entry.entryType === "refund" && entry.refundId !== null) || totals.pendingRefundCents > 0) {
    throw new ConflictError(`Part of this ${noun}'s payment has been refunded, so it cannot be marked unpaid: use Refund for the rest.`);
  }
  const held = totals.paidCents - totals.refundedCents;
  if (held <= 0) return;
  await insertLedgerEntry(tx, {
    entryType: "refund",
    ...booking,
    amountCents: held,
    provider: "manual",
    providerReference: `manual-unpaid:${randomUUID()}`,
    reason: MARKED_UNPAID,
    actorId: actor.id,
    actorName: actor.name,
    occurredAt: now,
  });
}
