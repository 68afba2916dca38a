import type { BookingKind, CheckoutStatus } from "#db/schema/enums.ts";

// The payment provider seam (docs/product.md §7.6): Stripe Checkout when a key is set, the
// site's own test checkout otherwise. Both drive the same completion code.

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

/** What the provider says about a session. */
export type ProviderSession = {
  sessionId: string;
  status: CheckoutStatus;
  amountCents: number;
  currency: string;
  bookingKind?: BookingKind;
  bookingId?: string;
};

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  openCheckout(request: CheckoutRequest): Promise<OpenedCheckout>;
  /** null when the provider does not know the session. */
  fetchSession(sessionId: string): Promise<ProviderSession | null>;
  /** Closes an open session so it can no longer be paid. */
  expireSession(sessionId: string): Promise<void>;
}
