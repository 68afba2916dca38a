import type { ledgerEntries } from "../schema/index.ts";

/** A booking the demo marks paid: what it was charged and when. */
export type DemoPaidBooking = { id: string; isPaid: boolean; amountCents: number; paidAt: Date | null };

/**
 * The ledger rows of the demo's paid bookings (docs/decisions/015: every payment received is in
 * the ledger): one payment each, through the built-in test checkout, when it was paid. Free
 * consultations (nothing charged) have none.
 */
export function demoLedgerEntries(kind: "seminar" | "consultation", bookings: readonly DemoPaidBooking[]): (typeof ledgerEntries.$inferInsert)[] {
  return bookings
    .filter((booking) => booking.isPaid && booking.amountCents > 0 && booking.paidAt !== null)
    .map((booking) => ({
      entryType: "payment" as const,
      bookingKind: kind,
      bookingId: booking.id,
      amountCents: booking.amountCents,
      currency: "ZAR",
      provider: "test" as const,
      providerReference: `demo:${booking.id}`,
      actorName: "Visitor",
      occurredAt: booking.paidAt!,
    }));
}
