import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Db } from "#db/client.ts";
import { bookingKinds } from "#db/schema/enums.ts";
import type { PayfastSettings } from "~/lib/env.server.ts";
import { decimalToCents } from "~/lib/format.ts";
import { log } from "~/lib/log.server.ts";
import type { PaidItems } from "../paid-items.server.ts";
import { findCheckoutSession } from "../queries.server.ts";
import { completeCheckout } from "../service.server.ts";
import { notificationParamString, notificationSignature, postedPairs, sameSignature } from "./signature.ts";

// PayFast's Instant Transaction Notification (ITN), docs/decisions/028. A notification marks a
// checkout paid only when every check holds: our signature over the fields as posted, a source
// address of PayFast's, our merchant id, a checkout of ours with the same amount, the payment
// COMPLETE, and PayFast's validation endpoint answering VALID. Then it goes through the one
// idempotent completion, with pf_payment_id as the ledger's reference: a repeat changes nothing.

export type NotificationOutcome =
  | "completed"
  | "already-completed"
  | "bad-signature"
  | "unknown-source"
  | "wrong-merchant"
  | "unknown-checkout"
  | "wrong-amount"
  | "not-complete"
  | "invalid"
  /** completeCheckout refused it (the booking differs from our record) or found it closed. */
  | "refused";

export type NotificationDeps = {
  fetch?: typeof fetch;
  /** Host name → its addresses (tests stand in for DNS). */
  resolve?: (host: string) => Promise<string[]>;
};

/** How long PayFast's validation may take to answer: well inside the time PayFast waits for ours. */
const VALIDATE_TIMEOUT_MS = 10_000;

async function resolveHost(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}

/** "::ffff:127.0.0.1" (an IPv4 client on a dual-stack socket) is 127.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

/**
 * Whether the client address (as Express resolved it, honouring TRUST_PROXY) is one of the
 * configured sources or their hosts' addresses. Throws when no address matched and a host could
 * not be resolved: the answer is unknown, so PayFast should send the notification again.
 */
export async function isPayfastSource(clientIp: string, sources: readonly string[], resolve = resolveHost): Promise<boolean> {
  const client = plainAddress(clientIp);
  if (!isIP(client)) return false;
  let unresolved: unknown;
  const addresses = await Promise.all(
    sources.map(async (source) => {
      if (isIP(source)) return [source];
      try {
        return await resolve(source);
      } catch (error) {
        unresolved = error;
        return [];
      }
    }),
  );
  if (addresses.flat().some((address) => plainAddress(address) === client)) return true;
  if (unresolved) throw new Error(`Could not resolve PayFast's notification hosts: ${unresolved instanceof Error ? unresolved.message : String(unresolved)}`);
  return false;
}

/** PayFast's own word on a notification: the fields as posted (less the signature) sent back, answered VALID or INVALID. */
async function confirmedByPayfast(settings: PayfastSettings, pairs: Array<[string, string]>, send: typeof fetch): Promise<boolean> {
  const response = await send(settings.validateUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: notificationParamString(pairs),
    signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`PayFast's validation answered HTTP ${response.status}`);
  return (await response.text()).trim() === "VALID";
}

/**
 * Checks and records one notification. Throws only when the answer is unknown (PayFast's
 * validation could not be reached, the database failed): the caller answers 500 so PayFast
 * sends it again. Every refusal is logged and changes nothing.
 */
export async function handlePayfastNotification(
  db: Db,
  settings: PayfastSettings,
  items: PaidItems,
  { body, clientIp }: { body: string; clientIp: string },
  deps: NotificationDeps = {},
): Promise<NotificationOutcome> {
  const pairs = postedPairs(body);
  const fields = Object.fromEntries(pairs);
  const facts = { mPaymentId: fields.m_payment_id?.slice(0, 100), pfPaymentId: fields.pf_payment_id?.slice(0, 100), clientIp };
  const refuse = (outcome: NotificationOutcome, detail?: Record<string, unknown>) => {
    log.warn("Refused a PayFast notification", { outcome, ...facts, ...detail });
    return outcome;
  };

  if (!sameSignature(fields.signature ?? "", notificationSignature(pairs, settings.passphrase))) return refuse("bad-signature");
  if (!(await isPayfastSource(clientIp, settings.notifySources, deps.resolve))) return refuse("unknown-source");
  if (fields.merchant_id !== settings.merchantId) return refuse("wrong-merchant", { merchantId: fields.merchant_id?.slice(0, 30) });
  const session = fields.m_payment_id ? await findCheckoutSession(db, fields.m_payment_id) : undefined;
  if (!session || session.provider !== "payfast") return refuse("unknown-checkout");
  const amountCents = decimalToCents(fields.amount_gross?.trim() ?? "");
  if (amountCents !== session.amountCents) return refuse("wrong-amount", { expected: session.amountCents, received: fields.amount_gross?.slice(0, 20) });
  if (fields.payment_status !== "COMPLETE") {
    log.info("A PayFast notification that is not a completed payment", { ...facts, paymentStatus: fields.payment_status?.slice(0, 20) });
    return "not-complete";
  }
  if (!fields.pf_payment_id) return refuse("bad-signature", { missing: "pf_payment_id" });
  // A repeat of a notification already recorded: nothing to ask PayFast and nothing to change.
  if (session.status === "paid") return "already-completed";
  if (!(await confirmedByPayfast(settings, pairs, deps.fetch ?? fetch))) return refuse("invalid");

  const result = await completeCheckout(db, {
    sessionId: session.id,
    status: "paid",
    amountCents,
    currency: "ZAR",
    bookingKind: bookingKinds.find((kind) => kind === fields.custom_str1),
    bookingId: fields.custom_str2 || undefined,
    providerReference: fields.pf_payment_id,
  }, items);
  log.info("PayFast notification recorded", { ...facts, result: result.status });
  if (result.status === "completed" || result.status === "already-completed") return result.status;
  return refuse("refused", { result: result.status });
}
