import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";

// A stand-in for Stripe's API in tests: a local HTTP server that answers the real SDK with
// recorded responses (stripe-fixtures/, Stripe's own JSON shapes from its test-mode API), so
// what we send (form-encoded parameters, headers) and how we read the answers are both checked.
// A fixture's "{{name}}" values are what the request (or the object's own history) set: a value
// that is exactly "{{name}}" takes the value itself (a number, an object), otherwise it is text.
// Only Stripe is stood in for; everything else in a test is real. Not shipped: nothing in the
// app imports it.

export const STRIPE_TEST_SECRET_KEY = "sk_test_51ThulaFakeKey000000000000000000000000000000000000";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_test_thula_fake_secret";

const fixturesDir = path.join(import.meta.dirname, "stripe-fixtures");
const fixtureCache = new Map<string, unknown>();

/** A recorded response with the request's values put back in. */
export function replay<T>(name: string, values: Record<string, unknown>): T {
  let recorded = fixtureCache.get(name);
  if (recorded === undefined) {
    recorded = JSON.parse(readFileSync(path.join(fixturesDir, name), "utf8")) as unknown;
    fixtureCache.set(name, recorded);
  }
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") {
      const whole = /^\{\{(\w+)\}\}$/.exec(value);
      if (whole) return valueOf(whole[1]!);
      return value.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => String(valueOf(key)));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    return value;
  };
  const valueOf = (key: string): unknown => {
    if (!(key in values)) throw new Error(`Stripe fixture ${name} needs a value for {{${key}}}`);
    return values[key];
  };
  return fill(recorded) as T;
}

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams; receivedAt: number };

type Answer = { status: number; body: unknown };

export const randomStripeId = (prefix: string, length = 58) => `${prefix}${randomBytes(length).toString("base64url").replace(/[-_]/g, "a").slice(0, length)}`;

/** A form's `prefix[key]=value` fields as an object (Stripe's nested parameters, e.g. metadata). */
function nested(form: URLSearchParams, prefix: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith("]") && !key.slice(prefix.length + 1, -1).includes("[")) values[key.slice(prefix.length + 1, -1)] = value;
  }
  return values;
}

function error(status: number, fixture: string, values: Record<string, unknown> = {}): Answer {
  return { status, body: replay(fixture, { request_id: randomStripeId("req_", 14), ...values }) };
}

const zar = (cents: number) => `R${(cents / 100).toFixed(2)}`;

/** What a Checkout Session was created with: every state of it is replayed from these. */
type SessionValues = Record<string, unknown> & { id: string; amount_total: number; currency: string };

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

export async function startStripeServer() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const sessionValues = new Map<string, SessionValues>();
  const paymentIntentMetadata = new Map<string, Record<string, string>>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const refunds = new Map<string, Stripe.Refund>();
  /** The status POST /v1/refunds gives a new refund (card refunds succeed at once; some methods stay pending). */
  const next = { refundStatus: "succeeded" };
  const byIdempotencyKey = new Map<string, Answer>();
  const refundsOf = (paymentIntentId: string) => [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId);
  const refundedOf = (paymentIntentId: string) =>
    refundsOf(paymentIntentId)
      .filter((refund) => refund.status === "succeeded" || refund.status === "pending")
      .reduce((sum, refund) => sum + refund.amount, 0);

  /** The session now holds what Stripe answers in `state` (its identity and amounts unchanged). */
  function moveSession(id: string, state: "complete" | "expired", extra: Record<string, unknown> = {}): Stripe.Checkout.Session {
    const session = sessions.get(id)!;
    for (const key of Object.keys(session)) delete (session as unknown as Record<string, unknown>)[key];
    return Object.assign(session, replay<Stripe.Checkout.Session>(`checkout-session-${state}.json`, { ...sessionValues.get(id)!, ...extra }));
  }

  function refundFor(paymentIntent: Stripe.PaymentIntent, amount: number, metadata: Record<string, string>, status: string): Stripe.Refund {
    const refund = replay<Stripe.Refund>("refund.json", {
      id: randomStripeId("re_", 24),
      amount,
      balance_transaction: status === "succeeded" ? randomStripeId("txn_", 24) : null,
      charge: paymentIntent.latest_charge,
      created: Math.floor(Date.now() / 1000),
      currency: paymentIntent.currency,
      metadata,
      payment_intent: paymentIntent.id,
      status,
    });
    refunds.set(refund.id, refund);
    return refund;
  }

  function createSession(form: URLSearchParams): Answer {
    const created = Math.floor(Date.now() / 1000);
    const expiresAt = Number(form.get("expires_at"));
    // Stripe: 30 minutes to 24 hours after creation (a minute of slack for this clock).
    if (expiresAt < created + 29 * 60 || expiresAt > created + 24 * 3600) return error(400, "error-expires-at-too-soon.json");
    const values: SessionValues = {
      id: randomStripeId("cs_test_a1"),
      amount_total: Number(form.get("line_items[0][price_data][unit_amount]")) * Number(form.get("line_items[0][quantity]")),
      currency: form.get("line_items[0][price_data][currency]") ?? "",
      cancel_url: form.get("cancel_url"),
      success_url: form.get("success_url"),
      client_reference_id: form.get("client_reference_id"),
      customer_email: form.get("customer_email"),
      created,
      expires_at: expiresAt,
      metadata: nested(form, "metadata"),
    };
    const session = replay<Stripe.Checkout.Session>("checkout-session-open.json", values);
    sessions.set(session.id, session);
    sessionValues.set(session.id, values);
    paymentIntentMetadata.set(session.id, nested(form, "payment_intent_data[metadata]"));
    return { status: 200, body: session };
  }

  function createRefund(form: URLSearchParams): Answer {
    const paymentIntent = paymentIntents.get(form.get("payment_intent") ?? "");
    if (!paymentIntent) return error(400, "error-resource-missing.json", { resource: "payment_intent", id: form.get("payment_intent"), param: "payment_intent" });
    const left = paymentIntent.amount_received - refundedOf(paymentIntent.id);
    if (left === 0) return error(400, "error-charge-already-refunded.json", { charge: paymentIntent.latest_charge });
    const amount = form.has("amount") ? Number(form.get("amount")) : left;
    if (amount > left) return error(400, "error-refund-amount-too-large.json", { amount: zar(amount), left: zar(left) });
    return { status: 200, body: refundFor(paymentIntent, amount, nested(form, "metadata"), next.refundStatus) };
  }

  function answer(method: string, urlPath: string, form: URLSearchParams, headers: IncomingHttpHeaders): Answer {
    if (headers.authorization !== `Bearer ${STRIPE_TEST_SECRET_KEY}`) {
      return error(401, "error-invalid-api-key.json", { key_prefix: String(headers.authorization).slice(7, 15) });
    }
    if (method === "POST" && urlPath === "/v1/checkout/sessions") return createSession(form);
    const paymentIntentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(urlPath);
    if (method === "GET" && paymentIntentMatch) {
      const id = decodeURIComponent(paymentIntentMatch[1]!);
      const paymentIntent = paymentIntents.get(id);
      return paymentIntent ? { status: 200, body: paymentIntent } : error(404, "error-resource-missing.json", { resource: "payment_intent", id, param: "intent" });
    }
    if (method === "POST" && urlPath === "/v1/refunds") return createRefund(form);
    if (method === "GET" && urlPath === "/v1/refunds") {
      const charge = form.get("charge");
      const data = [...refunds.values()].filter((refund) => !charge || refund.charge === charge).reverse();
      return { status: 200, body: replay("list.json", { data, url: "/v1/refunds" }) };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(urlPath);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      const session = sessions.get(id);
      if (!session) return error(404, "error-resource-missing.json", { resource: "checkout.session", id, param: "session" });
      if (method === "GET" && !match[2]) return { status: 200, body: session };
      if (method === "POST" && match[2]) {
        if (session.status !== "open") return error(400, "error-session-not-open.json", { status: session.status });
        return { status: 200, body: moveSession(id, "expired") };
      }
    }
    return error(404, "error-unrecognized-url.json", { method, path: urlPath });
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const form = new URLSearchParams(request.method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8"));
      const method = request.method ?? "GET";
      requests.push({ method, path: url.pathname, headers: request.headers, form, receivedAt: Date.now() });
      // Like Stripe, a POST repeated with the same Idempotency-Key gets the first answer back.
      const key = request.headers["idempotency-key"];
      const cacheKey = method === "POST" && typeof key === "string" ? `${url.pathname} ${key}` : undefined;
      const result = (cacheKey && byIdempotencyKey.get(cacheKey)) || answer(method, url.pathname, form, request.headers);
      if (cacheKey) byIdempotencyKey.set(cacheKey, result);
      response.writeHead(result.status, {
        "content-type": "application/json",
        "request-id": randomStripeId("req_", 14),
        "stripe-version": String(request.headers["stripe-version"] ?? ""),
        ...(key && { "idempotency-key": String(key) }),
      });
      response.end(JSON.stringify(result.body, null, 2));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    paymentIntents,
    refunds,
    next,
    /** The sessions opened for one booking (its metadata's booking_id). */
    sessionsOf(bookingId: string): Stripe.Checkout.Session[] {
      return [...sessions.values()].filter((session) => session.metadata?.booking_id === bookingId);
    },
    /**
     * The visitor pays on the hosted page: what Stripe's session then says (its payment intent
     * carries our metadata). Undefined when the session is no longer open: Stripe takes no money then.
     */
    pay(id: string): Stripe.Checkout.Session | undefined {
      const session = sessions.get(id)!;
      if (session.status !== "open") return undefined;
      const paymentIntent = replay<Stripe.PaymentIntent>("payment-intent-succeeded.json", {
        id: randomStripeId("pi_", 24),
        amount: session.amount_total,
        created: session.created,
        currency: session.currency,
        latest_charge: randomStripeId("ch_", 24),
        metadata: paymentIntentMetadata.get(id) ?? {},
        payment_method: randomStripeId("pm_", 24),
      });
      paymentIntents.set(paymentIntent.id, paymentIntent);
      return moveSession(id, "complete", { payment_intent: paymentIntent.id });
    },
    /** Stripe expires the session itself (its expires_at passed). */
    expire(id: string): Stripe.Checkout.Session {
      return moveSession(id, "expired");
    },
    /** Staff refund in Stripe's dashboard: a refund with none of our metadata. */
    dashboardRefund(paymentIntentId: string, amount: number, status = "succeeded"): Stripe.Refund {
      return refundFor(paymentIntents.get(paymentIntentId)!, amount, {}, status);
    },
    /** The charge of a payment intent, as charge.refunded carries it (its refunds list is not included by default). */
    charge(paymentIntentId: string): Stripe.Charge {
      const paymentIntent = paymentIntents.get(paymentIntentId)!;
      const refunded = refundedOf(paymentIntentId);
      return replay<Stripe.Charge>("charge.json", {
        id: paymentIntent.latest_charge,
        amount: paymentIntent.amount,
        amount_refunded: refunded,
        created: paymentIntent.created,
        currency: paymentIntent.currency,
        payment_intent: paymentIntentId,
        payment_method: paymentIntent.payment_method,
        refunded: refunded >= paymentIntent.amount,
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((failure) => (failure ? reject(failure) : resolve()))),
  };
}

/**
 * A webhook delivery as Stripe sends it: the event (replayed from its recorded envelope) and
 * its Stripe-Signature, signed `signedSecondsAgo` before now with the test secret.
 */
export function signedStripeEvent(type: string, object: unknown, { signedSecondsAgo = 0, secret = STRIPE_TEST_WEBHOOK_SECRET } = {}) {
  const timestamp = Math.floor(Date.now() / 1000) - signedSecondsAgo;
  const event = replay<Stripe.Event>("event.json", {
    id: randomStripeId("evt_", 24),
    api_version: new Stripe(STRIPE_TEST_SECRET_KEY).getApiField("version"),
    created: timestamp,
    object,
    type,
  });
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }), webhookSecret: secret };
}
