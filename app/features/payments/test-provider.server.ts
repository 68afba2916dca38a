import { randomBytes } from "node:crypto";
import type { Db } from "#db/client.ts";
import {
  RefundRefusedError,
  type CheckoutRequest,
  type ClosedCheckout,
  type OpenedCheckout,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  type RefundRequest,
} from "./provider.server.ts";
import { closeOwnCheckout, ownCheckoutSession, refundIdFromKey } from "./own-checkouts.server.ts";
import { findCheckoutSession } from "./queries.server.ts";

/**
 * The built-in test checkout: a page of this site (/checkout/test/{id}) that says plainly
 * that no money moves. Its sessions are the checkout_sessions rows themselves.
 */
export function createTestProvider(db: Db, siteUrl: string): PaymentProvider {
  return {
    name: "test",
    async openCheckout(_request: CheckoutRequest): Promise<OpenedCheckout> {
      const sessionId = `test_cs_${randomBytes(16).toString("hex")}`;
      return { sessionId, url: `${siteUrl}/checkout/test/${sessionId}` };
    },
    fetchSession(sessionId: string): Promise<ProviderSession | null> {
      return ownCheckoutSession(db, "test", sessionId, new Date());
    },
    expireSession(sessionId: string): Promise<ClosedCheckout> {
      return closeOwnCheckout(db, sessionId);
    },
    /** Refunds at once; the same idempotency key always names the same refund, as with Stripe. */
    async refund(request: RefundRequest): Promise<ProviderRefund> {
      const row = await findCheckoutSession(db, request.checkoutSessionId);
      if (!row || row.provider !== "test" || row.status !== "paid") throw new RefundRefusedError("The test checkout has no payment for this booking to refund.");
      if (request.amountCents > row.amountCents) throw new RefundRefusedError(`A refund cannot be more than the ${row.amountCents} cents paid.`);
      return { providerRefundId: refundIdFromKey("re_test_", request.idempotencyKey), status: "succeeded" };
    },
  };
}
