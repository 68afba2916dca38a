import { createHash, randomBytes } from "node:crypto";
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
import { expireOpenCheckout, findCheckoutSession } from "./queries.server.ts";

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
    async fetchSession(sessionId: string): Promise<ProviderSession | null> {
      const row = await findCheckoutSession(db, sessionId);
      if (!row || row.provider !== "test") return null;
      const lapsed = row.status === "open" && row.expiresAt.getTime() <= Date.now();
      return {
        sessionId,
        status: lapsed ? "expired" : row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        bookingKind: row.bookingKind,
        bookingId: row.bookingId,
      };
    },
    /** Compare-and-set on our own record: a Pay that locked the session first wins, and the close then finds it paid. */
    async expireSession(sessionId: string): Promise<ClosedCheckout> {
      if (await expireOpenCheckout(db, sessionId)) return "expired";
      return (await findCheckoutSession(db, sessionId))?.status === "paid" ? "paid" : "expired";
    },
    /** Refunds at once; the same idempotency key always names the same refund, as with Stripe. */
    async refund(request: RefundRequest): Promise<ProviderRefund> {
      const row = await findCheckoutSession(db, request.checkoutSessionId);
      if (!row || row.provider !== "test" || row.status !== "paid") throw new RefundRefusedError("The test checkout has no payment for this booking to refund.");
      if (request.amountCents > row.amountCents) throw new RefundRefusedError(`A refund cannot be more than the ${row.amountCents} cents paid.`);
      const id = createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24);
      return { providerRefundId: `re_test_${id}`, status: "succeeded" };
    },
  };
}
