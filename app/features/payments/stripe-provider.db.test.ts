import { randomUUID } from "node:crypto";
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
import { signedStripeEvent, startStripeServer, STRIPE_TEST_SECRET_KEY, type StripeServer } from "./testing/stripe-server.ts";

// The Stripe provider over real HTTP: the real SDK talks to a local server that replays
// Stripe's recorded responses (testing/stripe-server.ts, testing/stripe-fixtures/), so what we
// send (form-encoded parameters, headers) and how we read the answers are both checked.

const secretKey = STRIPE_TEST_SECRET_KEY;
const siteUrl = "https://thula.example";

// ── Tests ──────────────────────────────────────────────────────────────────────────

let stripeServer: StripeServer;
let stripe: Stripe;
let provider: PaymentProvider;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  stripe = await createStripeClient({ secretKey, apiUrl: stripeServer.url });
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
    stripeServer.expire(other.sessionId);
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



  it("a family's 3 seats are one line of price × 3 (quantity 1), naming the seats, so Stripe's total is the booking's amount", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { priceCents: 95000, maxAttendees: 5 });
    const hold = await holdSeat(
      db,
      { seminarId: seminar.id, contact: { ...visitor, email: "family.stripe@example.co.za" }, seats: 3, attendeeNames: ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi"] },
      { siteUrl },
    );
    expect(hold.amountCents).toBe(285000);

    await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
    const sent = stripeServer.requests.filter((one) => one.method === "POST" && one.path === "/v1/checkout/sessions").at(-1)!.form;
    expect(sent.get("line_items[0][quantity]")).toBe("1");
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("285000");
    expect(sent.get("line_items[0][price_data][product_data][name]")).toMatch(/— 3 seminar seats$/);
    expect(sent.has("line_items[1][quantity]")).toBe(false);
    const [session] = [...stripeServer.sessions.values()].filter((one) => one.metadata?.booking_id === hold.bookingId);
    expect(session!.amount_total).toBe(285000);
  });

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
    const event = signedStripeEvent("checkout.session.completed", stripeServer.pay(session!.id));
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
    stripeServer.expire(session!.id);

    await handleStripeWebhook(db, stripe, paidItems(siteUrl), signedStripeEvent("checkout.session.expired", session!));
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    expect(booking).toMatchObject({ status: "cancelled", isPaid: false });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), session!.id)).toEqual({ state: "expired" });
  });
});

// ── Refunds through Stripe ─────────────────────────────────────────────────────────


describe("refunds through the Stripe provider over HTTP", () => {
  async function paidSession(amountCents = 120000) {
    const request = checkoutRequest({ amountCents });
    const { sessionId } = await provider.openCheckout(request);
    const session = stripeServer.pay(sessionId)!;
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
    await handleStripeWebhook(db, stripe, items(), signedStripeEvent("checkout.session.completed", stripeServer.pay(session!.id)));
    return { bookingId: hold.bookingId, sessionId: session!.id, paymentIntent: stripeServer.sessions.get(session!.id)!.payment_intent as string, email };
  }
  const ledgerOf = (bookingId: string) => database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(ledgerEntries.createdAt);
  const refundRowsOf = (bookingId: string) => database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
  const booking = async (id: string) => (await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, id)))[0]!;
  const refundMails = (email: string) => database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "seminar-refunded")));
  const input = (bookingId: string, amountCents: number): RefundInput => ({ bookingKind: "seminar", bookingId, amountCents, reason: "Cannot attend", actor: testActor, idempotencyKey: randomUUID() });
  const deliver = (type: string, object: unknown) => handleStripeWebhook(database.db, stripe, items(), signedStripeEvent(type, object));

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
