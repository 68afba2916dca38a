import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, ledgerEntries, seminarBookings } from "#db/schema/index.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { clientContext } from "~/lib/client.server.ts";
import { loadSettings, type Settings } from "~/lib/env.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { action as webhookAction } from "../../routes/api/stripe-webhook.ts";
import { action as testCheckoutAction, loader as testCheckoutLoader } from "../../routes/public/test-checkout.tsx";
import { insertSeminar, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.server.ts";
import { createTestProvider } from "./test-provider.server.ts";
import { signedStripeEvent, startStripeServer, STRIPE_TEST_SECRET_KEY, type StripeServer } from "./testing/stripe-server.ts";

// The payment routes on a site with Stripe configured: the built-in test checkout is gone,
// even for test sessions recorded before the key was set, and the webhook refuses a signed
// delivery older than Stripe's five-minute tolerance (a replay), while one inside it counts.

const siteUrl = "https://thula.example";
const webhookSecret = "whsec_routes_test_secret";
const database = useTestDatabase();
let stripeServer: StripeServer;
let settings: Settings;
let counter = 0;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  settings = loadSettings({
    SITE_URL: siteUrl,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeServer.url,
  });
});
afterAll(async () => {
  await stripeServer?.close();
});

function context(): RouterContextProvider {
  const runtime: Runtime = { settings, database, db: database.db, close: () => database.close() };
  const provided = new RouterContextProvider();
  provided.set(runtimeContext, runtime);
  provided.set(clientContext, { ip: "203.0.113.40" });
  return provided;
}

/** A route's answer as status and body, whether it was returned or thrown (data(), Response). */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { init, data } = result as { init: { status?: number } | null; data: unknown };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result };
}

/** A held seat with a checkout of `provider` recorded for it. */
async function heldSeatWithCheckout(provider: "test" | "stripe") {
  const { db } = database;
  const seminar = await insertSeminar(db, { maxAttendees: 3 });
  const email = `routes.${++counter}@example.co.za`;
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
  if (provider === "test") {
    // Opened while the site had no Stripe key: the test checkout's own session.
    const { url } = await startSeminarCheckout(db, createTestProvider(db, siteUrl), { bookingId: hold.bookingId, siteUrl });
    return { bookingId: hold.bookingId, sessionId: url.split("/").pop()!, email };
  }
  const stripe = createStripeProvider(createStripeClient(settings.stripe!));
  await startSeminarCheckout(db, stripe, { bookingId: hold.bookingId, siteUrl });
  return { bookingId: hold.bookingId, sessionId: stripeServer.sessionsOf(hold.bookingId)[0]!.id, email };
}

/** What a payment would have changed: the booking, its checkout, the ledger and the outbox. */
async function footprint(seat: { bookingId: string; sessionId: string; email: string }) {
  const { db } = database;
  const [[booking], [session], payments, emails] = await Promise.all([
    db.select().from(seminarBookings).where(eq(seminarBookings.id, seat.bookingId)),
    db.select().from(checkoutSessions).where(eq(checkoutSessions.id, seat.sessionId)),
    db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, seat.bookingId), eq(ledgerEntries.entryType, "payment"))),
    db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, seat.email)),
  ]);
  return { booking: { status: booking!.status, isPaid: booking!.isPaid }, session: session!.status, payments: payments.length, emails: emails.length };
}

const untouched = { booking: { status: "pending", isPaid: false }, session: "open", payments: 0, emails: 0 };

describe(`the test checkout once Stripe is configured (${testEngine})`, () => {
  it("shows no page and takes no Pay for a test session recorded earlier: 404, and nothing is paid", async () => {
    const seat = await heldSeatWithCheckout("test");
    const params = { sessionId: seat.sessionId };

    const post = (intent: string) => {
      const request = new Request(`${siteUrl}/checkout/test/${seat.sessionId}`, { method: "POST", body: new URLSearchParams({ intent }), headers: { origin: siteUrl } });
      return answerOf(() => testCheckoutAction({ request, params, context: context() } as never));
    };
    const pay = await post("pay");
    const cancel = await post("cancel");
    const page = await answerOf(() => testCheckoutLoader({ request: new Request(`${siteUrl}/checkout/test/${seat.sessionId}`), params, context: context() } as never));

    expect({ pay: pay.status, cancel: cancel.status, page: page.status, ...(await footprint(seat)) }).toEqual({ pay: 404, cancel: 404, page: 404, ...untouched });
  });
});

describe(`the Stripe webhook's replay window (${testEngine})`, () => {
  /** Stripe's own default tolerance, which the webhook keeps: a signed delivery older than this is a replay. */
  const TOLERANCE_SECONDS = 5 * 60;

  /** The visitor paid on Stripe's page; Stripe's completion event for it, signed `signedSecondsAgo`. */
  function completedDelivery(seat: { sessionId: string }, signedSecondsAgo: number) {
    const { payload, signature } = signedStripeEvent("checkout.session.completed", stripeServer.pay(seat.sessionId), { signedSecondsAgo, secret: webhookSecret });
    return new Request(`${siteUrl}/api/stripe/webhook`, { method: "POST", body: payload, headers: { "stripe-signature": signature, "content-type": "application/json" } });
  }

  it("refuses a correctly signed delivery older than the tolerance, and it changes nothing", async () => {
    const seat = await heldSeatWithCheckout("stripe");
    // Ten seconds past the window: no slow test machine brings it back inside.
    const answer = await answerOf(() => webhookAction({ request: completedDelivery(seat, TOLERANCE_SECONDS + 10), params: {}, context: context() } as never));
    expect(answer).toEqual({ status: 400, body: { error: "Invalid signature" } });
    expect(await footprint(seat)).toEqual(untouched);
  });

  it("accepts the same delivery signed inside the tolerance, and the seat is paid", async () => {
    const seat = await heldSeatWithCheckout("stripe");
    const answer = await answerOf(() => webhookAction({ request: completedDelivery(seat, TOLERANCE_SECONDS - 30), params: {}, context: context() } as never));
    expect(answer).toEqual({ status: 200, body: { received: true, handled: true } });
    expect(await footprint(seat)).toEqual({ booking: { status: "confirmed", isPaid: true }, session: "paid", payments: 1, emails: 1 });
  });
});
