import { randomBytes } from "node:crypto";
import type { Db } from "#db/client.ts";
import type { PayfastSettings } from "~/lib/env.server.ts";
import { centsToDecimal } from "~/lib/format.ts";
import {
  RefundRefusedError,
  type CheckoutRequest,
  type ClosedCheckout,
  type OpenedCheckout,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  type RefundRequest,
} from "../provider.server.ts";
import { closeOwnCheckout, ownCheckoutSession, refundIdFromKey } from "../own-checkouts.server.ts";
import { apiSignature, checkoutSignature, orderedCheckoutFields, sameSignature, type CheckoutField } from "./signature.ts";

// PayFast as a payment provider (docs/decisions/028). PayFast has no checkout session to
// create: the visitor's browser posts a signed form to PayFast's payment page. So opening a
// checkout signs that form and records it as our own page (/checkout/payfast/{id}), which
// posts it on; the session id is our m_payment_id. Only the notification (ITN) marks it paid.

/** Where PayFast posts its notifications on this site. */
export const PAYFAST_NOTIFY_PATH = "/api/payments/payfast/notify";

/** Our checkout page for a PayFast session: it renders the signed form that goes to PayFast. */
export const payfastCheckoutPath = (sessionId: string) => `/checkout/payfast/${sessionId}`;

/** PayFast takes at most 100 characters of an item's name. */
const ITEM_NAME_MAX = 100;

/** The signed form, in PayFast's field order, with its signature last. */
export function signedCheckoutForm(settings: PayfastSettings, fields: Partial<Record<CheckoutField, string>>): Array<[string, string]> {
  const complete = { ...fields, merchant_id: settings.merchantId, merchant_key: settings.merchantKey };
  return [...orderedCheckoutFields(complete), ["signature", checkoutSignature(complete, settings.passphrase)]];
}

/**
 * The form a stored checkout address carries, if it is ours and unaltered: signed with our
 * passphrase, for this session, merchant and amount. Anything else is not posted on.
 */
export function verifiedCheckoutForm(
  settings: PayfastSettings,
  session: { id: string; amountCents: number },
  query: URLSearchParams,
): Array<[string, string]> | undefined {
  const fields = Object.fromEntries([...query].filter(([key]) => key !== "signature")) as Partial<Record<CheckoutField, string>>;
  if (fields.m_payment_id !== session.id || fields.merchant_id !== settings.merchantId || fields.amount !== centsToDecimal(session.amountCents)) return undefined;
  const signature = query.get("signature") ?? "";
  if (!sameSignature(signature, checkoutSignature(fields, settings.passphrase))) return undefined;
  return [...orderedCheckoutFields(fields), ["signature", signature]];
}

function splitName(name: string): { first: string; last: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { first: first.slice(0, 100), last: rest.join(" ").slice(0, 100) };
}

/** The refunds API's answer: 200 with status "success" is a refund made. */
type ApiAnswer = { code?: number; status?: string; data?: { response?: unknown; message?: unknown } };

export type PayfastProviderOptions = { fetch?: typeof fetch; now?: () => Date };

export function createPayfastProvider(db: Db, settings: PayfastSettings, siteUrl: string, options: PayfastProviderOptions = {}): PaymentProvider {
  const send = options.fetch ?? fetch;
  const clock = options.now ?? (() => new Date());

  async function askRefundApi(pfPaymentId: string, body: Record<string, string | number>): Promise<{ status: number; answer: ApiAnswer; text: string }> {
    const headers = { "merchant-id": settings.merchantId, version: "v1", timestamp: clock().toISOString().replace(/\.\d{3}Z$/, "+00:00") };
    const query: Record<string, string> = settings.sandbox ? { testing: "true" } : {};
    const signed = { ...headers, ...query, ...Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])) };
    const url = new URL(`${settings.apiUrl}/refunds/${encodeURIComponent(pfPaymentId)}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await send(url, {
      method: "POST",
      headers: { ...headers, signature: apiSignature(signed, settings.passphrase), "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let answer: ApiAnswer = {};
    try {
      answer = JSON.parse(text) as ApiAnswer;
    } catch {
      // Not JSON: the status decides, and the text is what staff see.
    }
    return { status: response.status, answer, text };
  }

  return {
    name: "payfast",
    async openCheckout(request: CheckoutRequest): Promise<OpenedCheckout> {
      const sessionId = `pf_${randomBytes(16).toString("hex")}`;
      const name = splitName(request.customerName);
      const form = signedCheckoutForm(settings, {
        return_url: request.successUrl.replace("{CHECKOUT_SESSION_ID}", sessionId),
        cancel_url: request.cancelUrl,
        notify_url: `${siteUrl}${PAYFAST_NOTIFY_PATH}`,
        name_first: name.first,
        name_last: name.last,
        email_address: request.customerEmail,
        m_payment_id: sessionId,
        amount: centsToDecimal(request.amountCents),
        item_name: request.description.slice(0, ITEM_NAME_MAX),
        custom_str1: request.bookingKind,
        custom_str2: request.bookingId,
      });
      return { sessionId, url: `${siteUrl}${payfastCheckoutPath(sessionId)}?${new URLSearchParams(form).toString()}` };
    },
    /** PayFast has no session to ask about: our record, which only a verified notification marks paid. */
    fetchSession(sessionId: string): Promise<ProviderSession | null> {
      return ownCheckoutSession(db, "payfast", sessionId, clock());
    },
    /**
     * PayFast cannot withdraw a form already posted, so closing is our record's compare-and-set: our
     * page no longer posts it, and a payment made on PayFast's page regardless is a late payment (ADR 017).
     */
    expireSession(sessionId: string): Promise<ClosedCheckout> {
      return closeOwnCheckout(db, sessionId);
    },
    async refund(request: RefundRequest): Promise<ProviderRefund> {
      // refundBooking has checked the payment is PayFast's; its pf_payment_id is what PayFast refunds.
      if (!request.paymentReference) throw new RefundRefusedError("PayFast has no payment on record for this checkout, so there is nothing to refund.");
      const { status, answer, text } = await askRefundApi(request.paymentReference, {
        amount: request.amountCents,
        reason: request.reason.slice(0, 255),
        notify_buyer: 1,
      });
      if (status >= 200 && status < 300 && answer.status === "success") {
        const response = answer.data?.response;
        const id = response && typeof response === "object" && "id" in response && typeof response.id === "string" ? response.id : undefined;
        // PayFast's answer need not name the refund: ours is then derived from our key, so it is stable.
        return { providerRefundId: id ?? refundIdFromKey("pf_refund_", request.idempotencyKey), status: "succeeded" };
      }
      if (status >= 400 && status < 500) {
        // PayFast puts its words in data.response or data.message, whichever is text.
        const message = [answer.data?.response, answer.data?.message].find((part): part is string => typeof part === "string" && part !== "") ?? text.slice(0, 300);
        throw new RefundRefusedError(`PayFast refused the refund: ${message || `HTTP ${status}`}. Nothing was refunded; where PayFast cannot refund this payment (an EFT payment may need the customer's bank details), refund it from PayFast's dashboard or by bank transfer.`);
      }
      throw new Error(`PayFast's refunds API answered HTTP ${status}`);
    },
  };
}
