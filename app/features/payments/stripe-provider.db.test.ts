import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, ledgerEntries, refunds, seminarBookings } from "#db/schema/index.ts";
import { entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { confirmPaymentForVisitor, handleStripeWebhook } from "~/features/payments/checkout.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import type { CheckoutRequest, PaymentProvider } from "./provider.server.ts";
import { refundBooking, type RefundInput } from "./refunds.server.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";

// The Stripe provider over real HTTP: the real SDK talks to a local server that answers the
// Checkout Session endpoints with Stripe's own JSON shapes (recorded from the test-mode API),
// so what we send (form-encoded parameters, headers) and how we read the answers are both checked.

const secretKey = "sk_test_51ThulaFakeKey000000000000000000000000000000000000";
const webhookSecret = "whsec_test_thula_fake_secret";
const siteUrl = "https://thula.example";

// ── A recorded Stripe ──────────────────────────────────────────────────────────────

type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams; receivedAt: number };

type StripeError = { status: number; type: string; code?: string; message: string; param?: string };

const randomId = (prefix: string, length = 58) => `${prefix}${randomBytes(length).toString("base64url").replace(/[-_]/g, "a").slice(0, length)}`;

/**
 * A Checkout Session as the API returns it (mode=payment, hosted, one ad-hoc price), with the
 * values a create request sets filled in from its form parameters.
 */
function checkoutSessionFrom(form: URLSearchParams, created: number): Stripe.Checkout.Session {
  const id = randomId("cs_test_a1");
  const amount = Number(form.get("line_items[0][price_data][unit_amount]")) * Number(form.get("line_items[0][quantity]"));
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: form.get("cancel_url"),
    client_reference_id: form.get("client_reference_id"),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: form.get("line_items[0][price_data][currency]"),
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: "if_required",
    customer_details: { address: null, email: form.get("customer_email"), name: null, phone: null, tax_exempt: "none", tax_ids: null },
    customer_email: form.get("customer_email"),
    discounts: [],
    expires_at: Number(form.get("expires_at")),
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null },
    },
    livemode: false,
    locale: null,
    metadata,
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: { id: "pmc_1RthulaFakeConfig0000000", parent: null },
    payment_method_options: { card: { request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    presentment_details: undefined,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: form.get("success_url"),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0VGZhYmJgTWtBNEZxNHRJaV9EVHZUZzNjdWRTSTZpNGJdSGZLYX1fcHZpUEc0`,
    wallet_options: null,
  } as unknown as Stripe.Checkout.Session;
}

/** A form's `prefix[key]=value` fields as an object (Stripe's nested parameters, e.g. metadata). */
function nested(form: URLSearchParams, prefix: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith("]")) values[key.slice(prefix.length + 1, -1)] = value;
  }
  return values;
}

/** A succeeded card PaymentIntent as the API returns it once a Checkout Session is paid. */
function paymentIntentFor(session: Stripe.Checkout.Session, metadata: Record<string, string>, chargeId: string): Stripe.PaymentIntent {
  return {
    id: randomId("pi_", 24),
    object: "payment_intent",
    amount: session.amount_total,
    amount_capturable: 0,
    amount_received: session.amount_total,
    capture_method: "automatic_async",
    client_secret: null,
    confirmation_method: "automatic",
    created: session.created,
    currency: session.currency,
    customer: null,
    description: null,
    latest_charge: chargeId,
    livemode: false,
    metadata,
    payment_method: randomId("pm_", 24),
    payment_method_types: ["card"],
    status: "succeeded",
  } as unknown as Stripe.PaymentIntent;
}

/** A card Refund as the API returns it, for the dashboard (no metadata) or POST /v1/refunds. */
function refundObject(paymentIntent: Stripe.PaymentIntent, amount: number, metadata: Record<string, string>, status: string): Stripe.Refund {
  return {
    id: randomId("re_", 24),
    object: "refund",
    amount,
    balance_transaction: status === "succeeded" ? randomId("txn_", 24) : null,
    charge: paymentIntent.latest_charge as string,
    created: Math.floor(Date.now() / 1000),
    currency: paymentIntent.currency,
    destination_details: { card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" }, type: "card" },
    metadata,
    payment_intent: paymentIntent.id,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status,
    transfer_reversal: null,
  } as unknown as Stripe.Refund;
}

async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const paymentIntentMetadata = new Map<string, Record<string, string>>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const refunds = new Map<string, Stripe.Refund>();
  /** The status POST /v1/refunds gives a new refund (card refunds succeed at once; some methods stay pending). */
  const next = { refundStatus: "succeeded" };
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const refundsOf = (paymentIntentId: string) => [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId);
  const refundedOf = (paymentIntentId: string) => refundsOf(paymentIntentId).filter((refund) => refund.status === "succeeded" || refund.status === "pending").reduce((sum, refund) => sum + refund.amount, 0);

  function errorBody(error: StripeError) {
    return {
      error: {
        ...(error.code && { code: error.code, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, "-")}` }),
        message: error.message,
        ...(error.param && { param: error.param }),
        request_log_url: `https://dashboard.stripe.com/test/logs/${randomId("req_", 14)}`,
        type: error.type,
      },
    };
  }

  function answer(method: string, path: string, form: URLSearchParams, headers: IncomingHttpHeaders): { status: number; body: unknown } {
    if (headers.authorization !== `Bearer ${secretKey}`) {
      return { status: 401, body: errorBody({ status: 401, type: "invalid_request_error", message: `Invalid API Key provided: ${String(headers.authorization).slice(7, 15)}****` }) };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const created = Math.floor(Date.now() / 1000);
      const expiresAt = Number(form.get("expires_at"));
      // Stripe: 30 minutes to 24 hours after creation (a minute of slack for this clock).
      if (expiresAt < created + 29 * 60 || expiresAt > created + 24 * 3600) {
        return {
          status: 400,
          body: errorBody({ status: 400, type: "invalid_request_error", param: "expires_at", message: "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation." }),
        };
      }
      const session = checkoutSessionFrom(form, created);
      sessions.set(session.id, session);
      paymentIntentMetadata.set(session.id, nested(form, "payment_intent_data[metadata]"));
      return { status: 200, body: session };
    }
    const paymentIntentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && paymentIntentMatch) {
      const id = decodeURIComponent(paymentIntentMatch[1]!);
      const paymentIntent = paymentIntents.get(id);
      if (paymentIntent) return { status: 200, body: paymentIntent };
      return { status: 404, body: errorBody({ status: 404, type: "invalid_request_error", code: "resource_missing", param: "intent", message: `No such payment_intent: '${id}'` }) };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = paymentIntents.get(form.get("payment_intent") ?? "");
      if (!paymentIntent) {
        return {
          status: 400,
          body: errorBody({ status: 400, type: "invalid_request_error", code: "resource_missing", param: "payment_intent", message: `No such payment_intent: '${form.get("payment_intent")}'` }),
        };
      }
      const left = paymentIntent.amount_received - refundedOf(paymentIntent.id);
      if (left === 0) {
        return { status: 400, body: errorBody({ status: 400, type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ${paymentIntent.latest_charge} has already been refunded.` }) };
      }
      const amount = form.has("amount") ? Number(form.get("amount")) : left;
      if (amount > left) {
        const zar = (cents: number) => `R${(cents / 100).toFixed(2)}`;
        return {
          status: 400,
          body: errorBody({ status: 400, type: "invalid_request_error", param: "amount", message: `Refund amount (${zar(amount)}) is greater than unrefunded amount on charge (${zar(left)})` }),
        };
      }
      const refund = refundObject(paymentIntent, amount, nested(form, "metadata"), next.refundStatus);
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (method === "GET" && path === "/v1/refunds") {
      const charge = form.get("charge");
      const data = [...refunds.values()].filter((refund) => !charge || refund.charge === charge).reverse();
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !session) {
      return {
        status: 404,
        body: errorBody({ status: 404, type: "invalid_request_error", code: "resource_missing", param: "session", message: `No such checkout.session: '${decodeURIComponent(match[1]!)}'` }),
      };
    }
    if (session && method === "GET" && !match![2]) return { status: 200, body: session };
    if (session && method === "POST" && match![2]) {
      if (session.status !== "open") {
        return {
          status: 400,
          body: errorBody({
            status: 400,
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          }),
        };
      }
      Object.assign(session, { status: "expired", url: null });
      return { status: 200, body: session };
    }
    return {
      status: 404,
      body: errorBody({ status: 404, type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` }),
    };
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
        "request-id": randomId("req_", 14),
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
    /** The visitor pays on the hosted page: what Stripe's session then says (its payment intent carries our metadata). */
    pay(id: string) {
      const session = sessions.get(id)!;
      const paymentIntent = paymentIntentFor(session, paymentIntentMetadata.get(id) ?? {}, randomId("ch_", 24));
      paymentIntents.set(paymentIntent.id, paymentIntent);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: paymentIntent.id, url: null });
      return session;
    },
    /** Staff refund in Stripe's dashboard: a refund with none of our metadata. */
    dashboardRefund(paymentIntentId: string, amount: number, status = "succeeded") {
      const refund = refundObject(paymentIntents.get(paymentIntentId)!, amount, {}, status);
      refunds.set(refund.id, refund);
      return refund;
    },
    /** The charge of a payment intent, as charge.refunded carries it (its refunds list is not included by default). */
    charge(paymentIntentId: string) {
      const paymentIntent = paymentIntents.get(paymentIntentId)!;
      const refunded = refundedOf(paymentIntentId);
      return {
        id: paymentIntent.latest_charge,
        object: "charge",
        amount: paymentIntent.amount,
        amount_captured: paymentIntent.amount,
        amount_refunded: refunded,
        currency: paymentIntent.currency,
        metadata: {},
        paid: true,
        payment_intent: paymentIntentId,
        refunded: refunded >= paymentIntent.amount,
        status: "succeeded",
      } as unknown as Stripe.Charge;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// ── Tests ──────────────────────────────────────────────────────────────────────────

let stripeServer: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
let provider: PaymentProvider;

beforeAll(async () => {
  stripeServer = await startFakeStripe();
  stripe = createStripeClient({ secretKey, apiUrl: stripeServer.url });
  provider = createStripeProvider(stripe);
});
afterAll(async () => {
  await stripeServer?.close();
});
beforeEach(() => {
  stripeServer.requests.length = 0;
});

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    bookingKind: "seminar",
    bookingId: randomUUID(),
    amountCents: 120000,
    description: "Moving to the UK: Durban evening (Durban) — seminar seat",
    customerEmail: "thandi.nkosi@example.co.za",
    customerName: "Thandi Nkosi",
    successUrl: `${siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}/events?cancelled=x`,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...overrides,
  };
}

describe("the Stripe provider over HTTP", () => {
  it("openCheckout sends a form-encoded ZAR Checkout Session for the amount given, with an idempotency key", async () => {
    const request = checkoutRequest();
    const opened = await provider.openCheckout(request);

    expect(stripeServer.requests).toHaveLength(1);
    const [sent] = stripeServer.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(sent!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent!.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent!.headers["idempotency-key"]).toBe(`checkout:seminar:${request.bookingId}:${request.expiresAt.getTime()}`);
    expect(sent!.headers["stripe-version"]).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(Object.fromEntries(sent!.form)).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "zar",
      "line_items[0][price_data][unit_amount]": "120000",
      "line_items[0][price_data][product_data][name]": request.description,
      customer_email: "thandi.nkosi@example.co.za",
      client_reference_id: request.bookingId,
      "metadata[booking_id]": request.bookingId,
      "metadata[booking_kind]": "seminar",
      "payment_intent_data[metadata][booking_id]": request.bookingId,
      "payment_intent_data[metadata][booking_kind]": "seminar",
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      success_url: `${siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: request.cancelUrl,
    });

    const session = stripeServer.sessions.get(opened.sessionId)!;
    expect(opened.sessionId).toMatch(/^cs_test_/);
    expect(opened).toEqual({ sessionId: session.id, url: session.url });
    expect(opened.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(session).toMatchObject({ amount_total: 120000, currency: "zar", metadata: { booking_id: request.bookingId, booking_kind: "seminar" } });
  });

  it("a retried open for the same hold gets the same session back (same Idempotency-Key)", async () => {
    const request = checkoutRequest({ bookingKind: "consultation", amountCents: 85000 });
    const first = await provider.openCheckout(request);
    const again = await provider.openCheckout(request);
    expect(again).toEqual(first);
    expect(stripeServer.sessions.get(first.sessionId)).toMatchObject({ amount_total: 85000, metadata: { booking_kind: "consultation" } });
    expect(new Set(stripeServer.requests.map((sent) => sent.headers["idempotency-key"])).size).toBe(1);
  });

  it("openCheckout fails loudly when Stripe refuses the session", async () => {
    const tooSoon = checkoutRequest({ expiresAt: new Date(Date.now() + 5 * 60_000) });
    await expect(provider.openCheckout(tooSoon)).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "expires_at", statusCode: 400 });
  });

  it("fetchSession maps open, paid and expired sessions, and an unknown one to null", async () => {
    const request = checkoutRequest();
    const { sessionId } = await provider.openCheckout(request);
    const expected = { sessionId, amountCents: 120000, currency: "ZAR", bookingKind: "seminar", bookingId: request.bookingId };
    expect(await provider.fetchSession(sessionId)).toEqual({ ...expected, status: "open" });

    stripeServer.pay(sessionId);
    expect(await provider.fetchSession(sessionId)).toEqual({ ...expected, status: "paid" });

    const other = await provider.openCheckout(checkoutRequest());
    Object.assign(stripeServer.sessions.get(other.sessionId)!, { status: "expired", url: null });
    expect(await provider.fetchSession(other.sessionId)).toMatchObject({ status: "expired" });

    expect(await provider.fetchSession("cs_test_a1doesNotExist")).toBeNull();
    expect(stripeServer.requests.filter((sent) => sent.method === "GET").map((sent) => sent.path)).toEqual([
      `/v1/checkout/sessions/${sessionId}`,
      `/v1/checkout/sessions/${sessionId}`,
      `/v1/checkout/sessions/${other.sessionId}`,
      "/v1/checkout/sessions/cs_test_a1doesNotExist",
    ]);
  });

  it("expireSession posts to /expire and says what Stripe holds: expired, or paid when the payment got there first", async () => {
    const { sessionId } = await provider.openCheckout(checkoutRequest());
    const paid = await provider.openCheckout(checkoutRequest());
    stripeServer.pay(paid.sessionId);
    stripeServer.requests.length = 0;
    expect(await provider.expireSession(sessionId)).toBe("expired");
    expect(stripeServer.sessions.get(sessionId)).toMatchObject({ status: "expired", url: null });
    // Refused (no longer open, or unknown): Stripe is asked what became of it.
    expect(await provider.expireSession(sessionId)).toBe("expired");
    expect(await provider.expireSession("cs_test_a1doesNotExist")).toBe("expired");
    expect(await provider.expireSession(paid.sessionId)).toBe("paid");
    expect(stripeServer.sessions.get(paid.sessionId)).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(stripeServer.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      `GET /v1/checkout/sessions/${sessionId}`,
      "POST /v1/checkout/sessions/cs_test_a1doesNotExist/expire",
      "GET /v1/checkout/sessions/cs_test_a1doesNotExist",
      `POST /v1/checkout/sessions/${paid.sessionId}/expire`,
      `GET /v1/checkout/sessions/${paid.sessionId}`,
    ]);
    expect(await provider.fetchSession(sessionId)).toMatchObject({ status: "expired" });
  });

  it("does not swallow errors that are not about the session (a wrong key)", async () => {
    const { sessionId } = await provider.openCheckout(checkoutRequest());
    const wrongKey = createStripeProvider(createStripeClient({ secretKey: "sk_test_wrong", apiUrl: stripeServer.url }));
    await expect(wrongKey.expireSession(sessionId)).rejects.toMatchObject({ statusCode: 401 });
    await expect(wrongKey.fetchSession(sessionId)).rejects.toMatchObject({ statusCode: 401 });
    expect(stripeServer.sessions.get(sessionId)).toMatchObject({ status: "open" });
  });
});

describe(`a seminar paid through Stripe, end to end (${testEngine})`, () => {
  const database = useTestDatabase();

  function signedEvent(type: "checkout.session.completed" | "checkout.session.expired", session: Stripe.Checkout.Session) {
    const payload = JSON.stringify({
      id: randomId("evt_", 24),
      object: "event",
      api_version: stripe.getApiField("version"),
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }), webhookSecret, siteUrl };
  }

  it("hold → Stripe checkout for the database price → signed completion webhook → confirmed, paid, one e-mail", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { priceCents: 135000, maxAttendees: 5 });
    const email = "stripe.e2e@example.co.za";
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });

    const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
    const creates = stripeServer.requests.filter((sent) => sent.method === "POST" && sent.path === "/v1/checkout/sessions");
    expect(creates).toHaveLength(1);
    const sent = creates[0]!.form;
    const priceInDatabase = (await seminarById(db, seminar.id))!.priceCents;
    expect(Number(sent.get("line_items[0][price_data][unit_amount]"))).toBe(priceInDatabase);
    expect(sent.get("line_items[0][price_data][currency]")).toBe("zar");
    expect(sent.get("metadata[booking_id]")).toBe(hold.bookingId);
    expect(sent.get("customer_email")).toBe(email);
    expect(sent.get("success_url")).toBe(`${siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.get("cancel_url")).toBe(`${siteUrl}/events?cancelled=${hold.bookingId}`);
    const expiresInSeconds = Number(sent.get("expires_at")) - Math.floor(creates[0]!.receivedAt / 1000);
    expect(expiresInSeconds).toBeGreaterThanOrEqual(29 * 60);
    expect(expiresInSeconds).toBeLessThanOrEqual(31 * 60);

    const [session] = [...stripeServer.sessions.values()].filter((one) => one.metadata?.booking_id === hold.bookingId);
    expect(url).toBe(session!.url);
    const [recorded] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session!.id));
    expect(recorded).toMatchObject({ provider: "stripe", amountCents: 135000, currency: "ZAR", status: "open", bookingId: hold.bookingId });

    // The visitor pays on Stripe; Stripe sends the signed event (twice: deliveries are retried).
    const event = signedEvent("checkout.session.completed", stripeServer.pay(session!.id));
    expect(await handleStripeWebhook(db, stripe, paidItems(siteUrl), event)).toEqual({ handled: true, type: "checkout.session.completed" });
    expect(await handleStripeWebhook(db, stripe, paidItems(siteUrl), event)).toEqual({ handled: true, type: "checkout.session.completed" });

    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    expect(booking).toMatchObject({ status: "confirmed", isPaid: true, paymentSessionId: session!.id, amountCents: 135000 });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(emails.map((one) => one.kind)).toEqual(["seminar-booking-confirmed"]);

    // The success page asks Stripe too and reads the same facts; nothing is sent twice.
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), session!.id)).toEqual({
      state: "paid",
      amountCents: 135000,
      itemTitle: seminar.title,
      bookingKind: "seminar",
    });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1);
  });

  it("an expired checkout (Stripe's signed event) releases the seat and leaves the booking unpaid", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 1 });
    const email = "stripe.expired@example.co.za";
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
    await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
    const [session] = [...stripeServer.sessions.values()].filter((one) => one.metadata?.booking_id === hold.bookingId);
    Object.assign(session!, { status: "expired", url: null });

    await handleStripeWebhook(db, stripe, paidItems(siteUrl), signedEvent("checkout.session.expired", session!));
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    expect(booking).toMatchObject({ status: "cancelled", isPaid: false });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), session!.id)).toEqual({ state: "expired" });
  });
});

// ── Refunds through Stripe ─────────────────────────────────────────────────────────

/** A webhook delivery as Stripe signs it (the test secret), carrying `object`. */
function signed(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: randomId("evt_", 24),
    object: "event",
    api_version: stripe.getApiField("version"),
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }), webhookSecret };
}

describe("refunds through the Stripe provider over HTTP", () => {
  async function paidSession(amountCents = 120000) {
    const request = checkoutRequest({ amountCents });
    const { sessionId } = await provider.openCheckout(request);
    const session = stripeServer.pay(sessionId);
    return { request, sessionId, paymentIntent: session.payment_intent as string };
  }
  const metadata = (bookingId: string) => ({ booking_kind: "seminar" as const, booking_id: bookingId, refund_id: randomUUID() });

  it("finds the payment intent from the checkout session, and refunds it with our idempotency key and metadata", async () => {
    const { request, sessionId, paymentIntent } = await paidSession();
    stripeServer.requests.length = 0;
    const refundMetadata = metadata(request.bookingId);
    const key = randomUUID();
    const answer = await provider.refund({ checkoutSessionId: sessionId, amountCents: 50000, reason: "Cannot attend", idempotencyKey: key, metadata: refundMetadata });

    expect(answer).toEqual({ providerRefundId: expect.stringMatching(/^re_/), status: "succeeded", failureReason: undefined });
    expect(stripeServer.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, "POST /v1/refunds"]);
    const sent = stripeServer.requests[1]!;
    expect(sent.headers["idempotency-key"]).toBe(key);
    expect(Object.fromEntries(sent.form)).toEqual({
      payment_intent: paymentIntent,
      amount: "50000",
      "metadata[booking_kind]": "seminar",
      "metadata[booking_id]": request.bookingId,
      "metadata[refund_id]": refundMetadata.refund_id,
      "metadata[reason]": "Cannot attend",
    });
    expect(stripeServer.refunds.get(answer.providerRefundId)).toMatchObject({ amount: 50000, payment_intent: paymentIntent, status: "succeeded" });

    // Sent again with the same key (a retry), Stripe answers the same refund and makes no second one.
    const again = await provider.refund({ checkoutSessionId: sessionId, amountCents: 50000, reason: "Cannot attend", idempotencyKey: key, metadata: refundMetadata });
    expect(again.providerRefundId).toBe(answer.providerRefundId);
    expect([...stripeServer.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it("maps a refund Stripe has not finished to pending", async () => {
    const { request, sessionId } = await paidSession();
    stripeServer.next.refundStatus = "pending";
    try {
      const answer = await provider.refund({ checkoutSessionId: sessionId, amountCents: 1000, reason: "x", idempotencyKey: randomUUID(), metadata: metadata(request.bookingId) });
      expect(answer.status).toBe("pending");
    } finally {
      stripeServer.next.refundStatus = "succeeded";
    }
  });

  it("turns Stripe's refusals into RefundRefusedError with Stripe's own words; nothing is refunded", async () => {
    const { request, sessionId, paymentIntent } = await paidSession(80000);
    const refund = (amountCents: number, checkoutSessionId = sessionId) =>
      provider.refund({ checkoutSessionId, amountCents, reason: "x", idempotencyKey: randomUUID(), metadata: metadata(request.bookingId) });
    await expect(refund(90000)).rejects.toMatchObject({ name: "RefundRefusedError", message: "Refund amount (R900.00) is greater than unrefunded amount on charge (R800.00)" });
    await refund(80000);
    await expect(refund(100)).rejects.toMatchObject({ name: "RefundRefusedError", message: expect.stringMatching(/^Charge ch_\w+ has already been refunded\.$/) });
    await expect(refund(100, "cs_test_a1doesNotExist")).rejects.toMatchObject({ name: "RefundRefusedError", message: expect.stringContaining("No such checkout.session") });
    const unpaid = await provider.openCheckout(checkoutRequest());
    await expect(refund(100, unpaid.sessionId)).rejects.toMatchObject({ name: "RefundRefusedError", message: "Stripe has no payment for this checkout, so there is nothing to refund." });
    expect([...stripeServer.refunds.values()].filter((one) => one.payment_intent === paymentIntent).map((one) => one.amount)).toEqual([80000]);
  });

  it("does not call a wrong key or an unreachable Stripe a refusal: the answer is unknown", async () => {
    const { request, sessionId } = await paidSession();
    // The session is found, but the refund request itself fails for want of an answer.
    const flaky = createStripeProvider(
      Object.assign(Object.create(stripe) as Stripe, {
        checkout: stripe.checkout,
        refunds: { create: () => Promise.reject(new Stripe.errors.StripeConnectionError({ message: "An error occurred with our connection to Stripe." })) },
      }),
    );
    const error = await flaky.refund({ checkoutSessionId: sessionId, amountCents: 100, reason: "x", idempotencyKey: randomUUID(), metadata: metadata(request.bookingId) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });
});

describe(`Stripe refunds on the books, with their webhooks (${testEngine})`, () => {
  const database = useTestDatabase();
  const items = () => paidItems(siteUrl);
  let counter = 0;

  /** A seat paid through Stripe Checkout and completed by its signed webhook. */
  async function paidThroughStripe(priceCents = 120000) {
    const { db } = database;
    const email = `stripe.refund.${++counter}.${Date.now().toString(36)}@example.co.za`;
    const seminar = await insertSeminar(db, { priceCents, maxAttendees: 5 });
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
    await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
    const [session] = [...stripeServer.sessions.values()].filter((one) => one.metadata?.booking_id === hold.bookingId);
    await handleStripeWebhook(db, stripe, items(), signed("checkout.session.completed", stripeServer.pay(session!.id)));
    return { bookingId: hold.bookingId, sessionId: session!.id, paymentIntent: stripeServer.sessions.get(session!.id)!.payment_intent as string, email };
  }
  const ledgerOf = (bookingId: string) => database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(ledgerEntries.createdAt);
  const refundRowsOf = (bookingId: string) => database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
  const booking = async (id: string) => (await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, id)))[0]!;
  const refundMails = (email: string) => database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "seminar-refunded")));
  const input = (bookingId: string, amountCents: number): RefundInput => ({ bookingKind: "seminar", bookingId, amountCents, reason: "Cannot attend", actor: testActor, idempotencyKey: randomUUID() });
  const deliver = (type: string, object: unknown) => handleStripeWebhook(database.db, stripe, items(), signed(type, object));

  it("the completion webhook writes one payment row; a refund made here writes one refund row, which Stripe's own events and replays never double", async () => {
    const { db } = database;
    const { bookingId, sessionId, paymentIntent, email } = await paidThroughStripe();
    expect(await ledgerOf(bookingId)).toEqual([expect.objectContaining({ entryType: "payment", provider: "stripe", providerReference: sessionId, checkoutSessionId: sessionId, amountCents: 120000 })]);

    const outcome = await refundBooking(db, provider, items(), input(bookingId, 50000));
    expect(outcome).toMatchObject({ message: "Refunded R500.00 to the customer's card.", refund: { status: "succeeded", provider: "stripe" } });
    const stripeRefund = stripeServer.refunds.get(outcome.refund.providerRefundId!)!;
    expect(stripeRefund.metadata).toMatchObject({ booking_kind: "seminar", booking_id: bookingId, refund_id: outcome.refund.id });

    // Stripe reports the refund it made for us, several ways and more than once.
    for (const [type, object] of [
      ["refund.created", stripeRefund],
      ["refund.updated", stripeRefund],
      ["charge.refund.updated", stripeRefund],
      ["charge.refunded", stripeServer.charge(paymentIntent)],
      ["refund.created", stripeRefund],
    ] as const) {
      expect(await deliver(type, object)).toEqual({ handled: true, type });
    }
    const rows = await ledgerOf(bookingId);
    expect(rows.filter((row) => row.entryType === "refund")).toEqual([expect.objectContaining({ provider: "stripe", providerReference: stripeRefund.id, amountCents: 50000, actorName: "Zanele Dube" })]);
    expect(await refundRowsOf(bookingId)).toHaveLength(1);
    expect(await booking(bookingId)).toMatchObject({ refundedCents: 50000, status: "confirmed" });
    expect(await refundMails(email)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard is recorded once, as Stripe's: refund and ledger rows, the booking, the e-mail, the log", async () => {
    const { db } = database;
    const { bookingId, paymentIntent, email } = await paidThroughStripe();
    const dashboard = stripeServer.dashboardRefund(paymentIntent, 120000);
    expect(dashboard.metadata).toEqual({});

    await deliver("refund.created", dashboard);
    await Promise.all([deliver("refund.created", dashboard), deliver("charge.refunded", stripeServer.charge(paymentIntent)), deliver("refund.updated", dashboard)]);

    expect(await refundRowsOf(bookingId)).toEqual([
      expect.objectContaining({ status: "succeeded", provider: "stripe", providerRefundId: dashboard.id, amountCents: 120000, requestedById: null, requestedByName: "Stripe", reason: "Refunded in the Stripe dashboard" }),
    ]);
    const refundsInLedger = (await ledgerOf(bookingId)).filter((row) => row.entryType === "refund");
    expect(refundsInLedger).toEqual([expect.objectContaining({ providerReference: dashboard.id, actorId: null, actorName: "Stripe", occurredAt: new Date(dashboard.created * 1000) })]);
    expect(await booking(bookingId)).toMatchObject({ status: "refunded", refundedCents: 120000 });
    expect(await refundMails(email)).toHaveLength(1);
    const logged = (await entriesOf(db, "seminar_booking", bookingId)).filter((entry) => entry.action === "seminar_booking.refund");
    expect(logged).toEqual([expect.objectContaining({ actorName: "Stripe", actorId: null })]);
  });

  it("a refund Stripe is still processing stays pending (reserved, not on the books) until refund.updated says it succeeded", async () => {
    const { db } = database;
    const { bookingId, email } = await paidThroughStripe();
    stripeServer.next.refundStatus = "pending";
    const outcome = await refundBooking(db, provider, items(), input(bookingId, 120000)).finally(() => {
      stripeServer.next.refundStatus = "succeeded";
    });
    expect(outcome).toMatchObject({ refund: { status: "pending" }, message: expect.stringMatching(/^Stripe is processing the refund of R1200\.00/) });
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    await expect(refundBooking(db, provider, items(), input(bookingId, 100))).rejects.toThrow(/Nothing is left to refund .*R1200\.00 in a refund still pending/);

    const stripeRefund = stripeServer.refunds.get(outcome.refund.providerRefundId!)!;
    await deliver("refund.created", stripeRefund);
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    Object.assign(stripeRefund, { status: "succeeded" });
    await deliver("refund.updated", stripeRefund);
    await deliver("refund.updated", stripeRefund);
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment", "refund"]);
    expect(await refundRowsOf(bookingId)).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect(await booking(bookingId)).toMatchObject({ status: "refunded", refundedCents: 120000 });
    expect(await refundMails(email)).toHaveLength(1);
    // Settled from Stripe's report, the ledger still names the admin who asked for it.
    expect((await ledgerOf(bookingId))[1]).toMatchObject({ actorName: "Zanele Dube", actorId: testActor.id });
  });

  it("a pending refund that Stripe then fails is recorded failed, with nothing on the books", async () => {
    const { db } = database;
    const { bookingId, email } = await paidThroughStripe();
    stripeServer.next.refundStatus = "pending";
    const outcome = await refundBooking(db, provider, items(), input(bookingId, 30000)).finally(() => {
      stripeServer.next.refundStatus = "succeeded";
    });
    const stripeRefund = Object.assign(stripeServer.refunds.get(outcome.refund.providerRefundId!)!, { status: "failed", failure_reason: "expired_or_canceled_card" });
    await deliver("refund.failed", stripeRefund);
    await deliver("refund.updated", stripeRefund);
    expect(await refundRowsOf(bookingId)).toEqual([expect.objectContaining({ status: "failed", failureReason: "expired_or_canceled_card" })]);
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    expect(await booking(bookingId)).toMatchObject({ refundedCents: 0, status: "confirmed" });
    expect(await refundMails(email)).toHaveLength(0);
  });

  it("a refund Stripe refuses is recorded failed with Stripe's message, and the books and the booking are unchanged", async () => {
    const { db } = database;
    const { bookingId, paymentIntent } = await paidThroughStripe(80000);
    // Refunded in full in the dashboard, but the webhook has not arrived yet: our records still think R800.00 is refundable.
    stripeServer.dashboardRefund(paymentIntent, 80000);
    const outcome = await refundBooking(db, provider, items(), input(bookingId, 80000));
    expect(outcome.refund).toMatchObject({ status: "failed", failureReason: expect.stringMatching(/^Charge ch_\w+ has already been refunded\.$/) });
    expect(outcome.message).toMatch(/^The refund of R800\.00 failed: Charge ch_\w+ has already been refunded\. Nothing was refunded\.$/);
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    expect(await booking(bookingId)).toMatchObject({ refundedCents: 0, status: "confirmed" });
  });
});
