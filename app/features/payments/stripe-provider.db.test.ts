import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, seminarBookings } from "#db/schema/index.ts";
import { confirmPaymentForVisitor, handleStripeWebhook } from "~/features/payments/checkout.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import type { CheckoutRequest, PaymentProvider } from "./provider.server.ts";
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

async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();

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
      return { status: 200, body: session };
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
    /** The visitor pays on the hosted page: what Stripe's session then says. */
    pay(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: randomId("pi_", 24), url: null });
      return session;
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

  it("expireSession posts to /expire and tolerates an already expired or unknown session", async () => {
    const { sessionId } = await provider.openCheckout(checkoutRequest());
    stripeServer.requests.length = 0;
    await provider.expireSession(sessionId);
    expect(stripeServer.sessions.get(sessionId)).toMatchObject({ status: "expired", url: null });
    await expect(provider.expireSession(sessionId)).resolves.toBeUndefined();
    await expect(provider.expireSession("cs_test_a1doesNotExist")).resolves.toBeUndefined();
    expect(stripeServer.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      "POST /v1/checkout/sessions/cs_test_a1doesNotExist/expire",
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
