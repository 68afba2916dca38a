import { createHash } from "node:crypto";
import type { Db } from "#db/client.ts";
import type { CheckoutProvider } from "#db/schema/enums.ts";
import type { ClosedCheckout, ProviderSession } from "./provider.server.ts";
import { expireOpenCheckout, findCheckoutSession } from "./queries.server.ts";

// Checkouts whose only record is our own checkout_sessions row (the test checkout, PayFast: it
// has no session to ask about), read and closed the same way by both providers.

/** Our record of `provider`'s checkout as a provider reports a session: an open one past its expiry has lapsed. */
export async function ownCheckoutSession(db: Db, provider: CheckoutProvider, sessionId: string, now: Date): Promise<ProviderSession | null> {
  const row = await findCheckoutSession(db, sessionId);
  if (!row || row.provider !== provider) return null;
  const lapsed = row.status === "open" && row.expiresAt.getTime() <= now.getTime();
  return { sessionId, status: lapsed ? "expired" : row.status, amountCents: row.amountCents, currency: row.currency, bookingKind: row.bookingKind, bookingId: row.bookingId };
}

/** Compare-and-set on our own record: a payment that locked the session first wins, and the close then finds it paid. */
export async function closeOwnCheckout(db: Db, sessionId: string): Promise<ClosedCheckout> {
  if (await expireOpenCheckout(db, sessionId)) return "expired";
  return (await findCheckoutSession(db, sessionId))?.status === "paid" ? "paid" : "expired";
}

/** A refund's id when the provider names none: derived from our idempotency key, so the same refund always has the same id. */
export function refundIdFromKey(prefix: string, idempotencyKey: string): string {
  return `${prefix}${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
}
