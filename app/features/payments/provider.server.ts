import type { BookingKind, CheckoutStatus } from "#db/schema/enums.ts";

// The payment provider seam (docs/product.md §7.6; docs/decisions/028): PayFast when its settings
// are set, else Stripe Checkout when a key is set, else the site's own test checkout. Both drive the same completion code.

export type CheckoutRequest = {
  bookingKind: BookingKind;
  bookingId: string;
  /** ZAR cents, read from the database or configuration by the caller. */
  amountCents: number;
  description: string;
  customerEmail: string;
  customerName: string;
  /** Where the provider sends the visitor after paying; `{CHECKOUT_SESSION_ID}` is filled in. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

export type OpenedCheckout = { sessionId: string; url: string };

/** A checkout the provider was asked to close: closed, or paid before the close reached it. */
export type ClosedCheckout = "expired" | "paid";

/** What the provider says about a session. */
export type ProviderSession = {
  sessionId: string;
  status: CheckoutStatus;
  amountCents: number;
  currency: string;
  bookingKind?: BookingKind;
  bookingId?: string;
  /** The provider's own id of the payment (PayFast's pf_payment_id); the ledger's reference. Default: the session id. */
  providerReference?: string;
};

/** Money to give back of a payment made through one of our checkouts. */
export type RefundRequest = {
  /** The checkout session the payment came through (its payment is found from it). */
  checkoutSessionId: string;
  /** The provider's own reference of that payment, as the ledger has it (PayFast's pf_payment_id): what a provider without sessions refunds. */
  paymentReference?: string;
  /** ZAR cents, at most what is left of the payment. */
  amountCents: number;
  /** Staff's reason, kept with the refund at the provider too. */
  reason: string;
  /** Ours, passed on as the provider's own idempotency key: a retried request is the same refund. */
  idempotencyKey: string;
  /** Which booking and which of our refunds it is, so a webhook about it finds them. */
  metadata: { booking_kind: BookingKind; booking_id: string; refund_id: string };
};

/**
 * What the provider says of a refund: done, still on its way (Stripe: `pending`,
 * `requires_action`), or refused or failed, with the provider's words for why.
 */
export type ProviderRefund = {
  providerRefundId: string;
  status: "succeeded" | "pending" | "failed";
  failureReason?: string;
};

/** A refund as the provider reports it. */
export type ProviderRefundReport = {
  provider: "stripe";
  providerRefundId: string;
  status: "succeeded" | "pending" | "failed";
  amountCents: number;
  /** Upper case, like our records ("ZAR"). */
  currency: string;
  failureReason?: string;
  /** When the provider made it. */
  createdAt: Date;
  /** Our refund's id, when we asked for it (its metadata). */
  ourRefundId?: string;
  /** The booking paid, from the payment's metadata (set at checkout). */
  bookingKind?: BookingKind;
  bookingId?: string;
};

/** The provider refused a refund outright (nothing moved): its message is for staff. */
export class RefundRefusedError extends Error {
  override name = "RefundRefusedError";
}

export interface PaymentProvider {
  readonly name: "stripe" | "payfast" | "test";
  openCheckout(request: CheckoutRequest): Promise<OpenedCheckout>;
  /** null when the provider does not know the session. */
  fetchSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * Closes an open session so it can no longer be paid, and says what the provider now holds:
   * "expired", or "paid" when a payment got there first (its completion will follow). A session
   * the provider does not know counts as expired: nothing can be paid through it.
   */
  expireSession(sessionId: string): Promise<ClosedCheckout>;
  /**
   * Gives money back to the card that paid. Throws RefundRefusedError when the provider
   * refuses it (nothing moved); any other error means the answer is unknown.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
}
