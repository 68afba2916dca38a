import type { Db } from "#db/client.ts";
import type { BookingKind, LedgerProvider } from "#db/schema/enums.ts";
import type { BookingMoney } from "./booking-money.ts";

// What payments are told about each kind of booking (a seminar seat, a consultation) by the
// composition root (app/wiring/payments.server.ts): payments sit below seminars and
// consultations (docs/decisions/003), so they never import them.

/** Money went back to a booking's customer: what its kind of booking is told, in the refund's transaction. */
export type BookingRefund = {
  /** Our refund's id (an e-mail's dedupe key: one e-mail per refund). */
  refundId: string;
  /** This refund, in cents. */
  amountCents: number;
  /** Everything refunded of the booking now, this refund included. */
  refundedCents: number;
  /** Nothing refundable remains: all the booking's money went back. */
  fully: boolean;
  /** Who asked for it: the admin's name, or "Stripe" for a refund made in Stripe's dashboard. */
  by: string;
  reason: string;
  provider: LedgerProvider;
  now: Date;
};

/** What payments need from one kind of thing that can be paid for (a seminar seat, a consultation). */
export type PaidItem = {
  /** Completes the booking inside the transaction that marks the session paid. */
  complete(tx: Db, bookingId: string, sessionId: string, now: Date): Promise<void>;
  /** The provider expired the checkout unpaid: give back what it held (and tell the visitor). */
  expire?(db: Db, bookingId: string): Promise<void>;
  /** What the payment pages call the purchase; undefined when the booking is gone. */
  title(db: Db, bookingId: string): Promise<string | undefined>;
  /** Whether the booking stands (a confirmed seat, a consultation not cancelled): what a payment page tells the payer. */
  isBooked(db: Db, bookingId: string): Promise<boolean>;
  /** The booking's money as it stands; undefined when there is no such booking. */
  money(db: Db, bookingId: string): Promise<BookingMoney | undefined>;
  /**
   * Money went back, in the transaction that writes it to the ledger: keep the booking's
   * refunded_cents equal to `refundedCents`; when `fully`, clear refund_due and end a booking
   * still live (refunded; a seat given back); and queue the customer's refund e-mail.
   */
  refunded(tx: Db, bookingId: string, refund: BookingRefund): Promise<void>;
};

/** Every kind of thing that can be paid for, passed in by the composition root (app/wiring). */
export type PaidItems = Record<BookingKind, PaidItem>;
