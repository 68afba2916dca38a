import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, ledgerEntries, seminarBookings } from "#db/schema/index.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { cancelAttendeeBooking } from "~/features/seminars/admin/cancellations.server.ts";
import { cancelSeminarCheckout, startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { SeminarFullError } from "~/features/seminars/errors.ts";
import { holdSeat, releaseAllLapsedHolds } from "~/features/seminars/seats/holds.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { confirmPaymentForVisitor, handleStripeWebhook, payTestCheckout, testCheckoutFor } from "./checkout.server.ts";
import type { PaymentProvider } from "./provider.server.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.server.ts";
import { createTestProvider } from "./test-provider.server.ts";
import { signedStripeEvent, startStripeServer, STRIPE_TEST_SECRET_KEY, type StripeServer } from "./testing/stripe-server.ts";

// Whatever races over one checkout (the payer's Pay, the visitor's Cancel, the sweeper, a new
// visitor taking the freed seat, staff cancelling, Stripe's webhook and the success page, a
// payment at Stripe and a Cancel here), exactly one outcome wins and every record
// and page agrees with it (docs/decisions/017). Each scenario runs PAIRS races at once through
// the pool's separate connections; on PGlite the same code runs, effectively one at a time.

const siteUrl = "https://thula.example";
const PAIRS = 60;
const database = useTestDatabase();
const items = () => paidItems(siteUrl);
let counter = 0;

type Pair = { seminarId: string; bookingId: string; sessionId: string; email: string; provider: PaymentProvider };

/** A seat held on a one-seat seminar and its checkout opened with `provider`: what every race starts from. */
async function heldSeatWith(provider: PaymentProvider, sessionIdOf: (url: string, bookingId: string) => string): Promise<Pair> {
  const { db } = database;
  const seminar = await insertSeminar(db, { maxAttendees: 1 });
  const email = `race.${++counter}.${Date.now().toString(36)}@example.co.za`;
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  return { seminarId: seminar.id, bookingId: hold.bookingId, sessionId: sessionIdOf(url, hold.bookingId), email, provider };
}

/** A seat held with the built-in test checkout. */
const heldSeat = () => heldSeatWith(createTestProvider(database.db, siteUrl), (url) => url.split("/").pop()!);

/** Everything on record about one pair once the race is over, and what its pages say. */
async function afterRace(pair: Pair) {
  const { db } = database;
  const [[booking], sessions, payments, confirmations, seminar, successPage, checkoutPage] = await Promise.all([
    db.select().from(seminarBookings).where(eq(seminarBookings.id, pair.bookingId)),
    db.select().from(checkoutSessions).where(eq(checkoutSessions.bookingId, pair.bookingId)),
    db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, pair.bookingId), eq(ledgerEntries.entryType, "payment"))),
    db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, pair.email), eq(emailOutbox.kind, "seminar-booking-confirmed"))),
    seminarById(db, pair.seminarId),
    confirmPaymentForVisitor(db, pair.provider, items(), pair.sessionId),
    testCheckoutFor(db, pair.provider, items(), pair.sessionId),
  ]);
  const seatHolders = await db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, pair.seminarId));
  return { booking: booking!, sessions, payments, confirmations, seminar: seminar!, seatHolders, successPage, checkoutPage, provider: pair.provider.name };
}
type RaceRecord = Awaited<ReturnType<typeof afterRace>>;

/**
 * What must hold whoever won: the ledger has the payment exactly when the checkout is paid, a
 * paid booking has a paid checkout, a confirmed one is paid, a cancelled paid one is owed its
 * money back, the seats counted are the bookings holding one, one confirmation for a
 * confirmed seat and none otherwise, and the success and checkout pages say what happened.
 */
function inconsistencies({ booking, sessions, payments, confirmations, seminar, seatHolders, successPage, checkoutPage, provider }: RaceRecord): string[] {
  const problems: string[] = [];
  const paidSessions = sessions.filter((session) => session.status === "paid");
  const session = sessions[0]!;
  if (sessions.length !== 1) problems.push(`${sessions.length} checkouts`);
  if (payments.length !== paidSessions.length) problems.push(`${payments.length} ledger payments for ${paidSessions.length} paid checkouts`);
  if (booking.isPaid !== paidSessions.length > 0) problems.push(`booking isPaid=${booking.isPaid} but checkout ${session.status}`);
  if (booking.status === "pending") problems.push("nobody won: the booking is still pending");
  if (booking.status === "confirmed" && !booking.isPaid) problems.push("confirmed but unpaid");
  if (booking.status === "cancelled" && booking.isPaid && !booking.refundDue) problems.push("cancelled after paying, but no refund due");
  if (session.status === "open") problems.push(`checkout still open on a ${booking.status} booking`);
  const holding = seatHolders.filter((one) => one.status === "confirmed" || one.status === "pending").length;
  if (seminar.currentAttendees !== holding) problems.push(`${seminar.currentAttendees} seats counted for ${holding} bookings holding one`);
  if (confirmations.length !== (booking.status === "confirmed" ? 1 : 0)) problems.push(`${confirmations.length} confirmation e-mails for a ${booking.status} booking`);

  const page = successPage.state;
  if (booking.status === "confirmed" && page !== "paid") problems.push(`success page says ${page} for a confirmed seat`);
  if (booking.status !== "confirmed" && booking.isPaid && page !== "paid-not-booked") problems.push(`success page says ${page} for a payment without a seat`);
  if (!booking.isPaid && page !== "expired") problems.push(`success page says ${page} for a released, unpaid seat`);
  const expectedCheckoutPage = provider !== "test" ? undefined : session.status === "paid" ? "paid" : "expired";
  if (checkoutPage?.state !== expectedCheckoutPage) problems.push(`test checkout page says ${checkoutPage?.state} for a ${session.status} checkout`);
  return problems;
}

/**
 * Starts one side of a pair a few milliseconds after the other (which side and by how much
 * varies from pair to pair), so that across the pairs each side is sometimes first and
 * sometimes caught halfway: every interleaving gets its turn. Nothing is asserted about timing.
 */
function staggered<T>(index: number, side: 0 | 1, start: () => Promise<T>): Promise<T> {
  const lagMs = index % 2 === side ? (index % 12) * 15 : 0;
  return lagMs === 0 ? start() : new Promise<void>((resolve) => setTimeout(resolve, lagMs)).then(start);
}

/** Runs `race` on PAIRS fresh held seats at once and returns each pair's record and its problems. */
async function racePairs<T>(setUp: () => Promise<Pair>, race: (pair: Pair, index: number) => Promise<T>) {
  const pairs = await Promise.all(Array.from({ length: PAIRS }, setUp));
  const answers = await Promise.all(pairs.map(race));
  const records = await Promise.all(pairs.map(afterRace));
  return records.map((record, index) => ({ record, answer: answers[index]!, problems: inconsistencies(record) }));
}

/** The pairs that went wrong, each with its problems, so a failure shows how many and how. */
function failing<T>(results: Array<{ problems: string[]; answer: T }>) {
  return results.flatMap((result, index) => (result.problems.length > 0 ? [{ pair: index, problems: result.problems, answer: result.answer }] : []));
}

const paid = (status: string) => status === "completed" || status === "already-completed";

describe(`payment races, ${PAIRS} pairs at once (${testEngine})`, () => {
  it("Pay and the visitor's Cancel on the same test checkout: one wins, and the records and pages agree", async () => {
    const { db } = database;
    const results = await racePairs(heldSeat, async (pair, index) => {
      const [payment, released] = await Promise.all([
        staggered(index, 0, () => payTestCheckout(db, pair.provider, items(), pair.sessionId)),
        staggered(index, 1, () => cancelSeminarCheckout(db, pair.provider, pair.bookingId)),
      ]);
      return { payment: payment.status, released };
    });
    const wrong = failing(
      results.map(({ record, answer, problems }) => {
        const more = [...problems];
        // The answers each side was given are the outcome too: the payer's page and the /events notice.
        if (paid(answer.payment) !== record.booking.isPaid) more.push(`Pay answered ${answer.payment} on a booking with isPaid=${record.booking.isPaid}`);
        if (answer.released && record.booking.isPaid) more.push("Cancel said the seat was released, but the booking is paid");
        if (!answer.released && !record.booking.isPaid) more.push("neither Pay nor Cancel won");
        return { record, answer, problems: more };
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("Pay and staff cancelling the booking: a payment that lands is kept and owed back, one that does not finds its checkout closed", async () => {
    const { db } = database;
    const results = await racePairs(heldSeat, async (pair, index) => {
      const [payment] = await Promise.all([
        staggered(index, 0, () => payTestCheckout(db, pair.provider, items(), pair.sessionId)),
        staggered(index, 1, () =>
          cancelAttendeeBooking(db, testActor, pair.provider, { seminarId: pair.seminarId, bookingId: pair.bookingId, reason: "Venue double-booked", refundDue: true }, { siteUrl }),
        ),
      ]);
      return { payment: payment.status };
    });
    const wrong = failing(
      results.map(({ record, answer, problems }) => {
        // Paid first, the seat was confirmed (and e-mailed) before staff cancelled it.
        const more = problems.filter((problem) => !problem.includes("confirmation e-mails"));
        if (record.confirmations.length !== (record.booking.isPaid ? 1 : 0)) more.push(`${record.confirmations.length} confirmations, isPaid=${record.booking.isPaid}`);
        if (record.booking.status !== "cancelled" || record.booking.cancelledBy !== testActor.name) more.push(`staff's cancellation lost: ${record.booking.status} by ${record.booking.cancelledBy}`);
        if (paid(answer.payment) !== record.booking.isPaid) more.push(`Pay answered ${answer.payment} on a booking with isPaid=${record.booking.isPaid}`);
        return { record, answer, problems: more };
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("Pay and the sweeper releasing the lapsed hold: the payment always ends with the seat", async () => {
    const { db } = database;
    const later = new Date(Date.now() + 40 * 60_000);
    const results = await racePairs(heldSeat, async (pair, index) => {
      const [payment] = await Promise.all([
        staggered(index, 0, () => payTestCheckout(db, pair.provider, items(), pair.sessionId)),
        staggered(index, 1, () => releaseAllLapsedHolds(db, { siteUrl, now: later })),
      ]);
      return { payment: payment.status };
    });
    const wrong = failing(
      results.map(({ record, answer, problems }) => {
        const more = [...problems];
        if (!paid(answer.payment) || record.booking.status !== "confirmed") more.push(`Pay answered ${answer.payment}, booking ${record.booking.status}`);
        return { record, answer, problems: more };
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("Pay and a new visitor taking the lapsed hold's seat: either the payer keeps it, or the payment is kept and owed back", async () => {
    const { db } = database;
    const later = new Date(Date.now() + 40 * 60_000);
    const results = await racePairs(heldSeat, async (pair, index) => {
      const rival = { ...visitor, email: `rival.${++counter}@example.co.za` };
      const [payment, rivalHold] = await Promise.all([
        staggered(index, 0, () => payTestCheckout(db, pair.provider, items(), pair.sessionId)),
        staggered(index, 1, () =>
          holdSeat(db, { seminarId: pair.seminarId, contact: rival }, { siteUrl, now: later }).then(
            () => "held" as const,
            (error: unknown) => (error instanceof SeminarFullError ? ("full" as const) : Promise.reject(error)),
          ),
        ),
      ]);
      return { payment: payment.status, rivalHold };
    });
    const wrong = failing(
      results.map(({ record, answer, problems }) => {
        const more = [...problems];
        const payerKeptSeat = record.booking.status === "confirmed";
        if (payerKeptSeat === (answer.rivalHold === "held")) more.push(`payer ${record.booking.status}, rival ${answer.rivalHold}`);
        if (!paid(answer.payment)) more.push(`Pay answered ${answer.payment}`);
        return { record, answer, problems: more };
      }),
    );
    expect(wrong).toEqual([]);
  });
});

describe(`payment races through Stripe, ${PAIRS} pairs at once (${testEngine})`, () => {
  let stripeServer: StripeServer;
  let stripe: Stripe;
  let provider: PaymentProvider;
  beforeAll(async () => {
    stripeServer = await startStripeServer();
    stripe = await createStripeClient({ secretKey: STRIPE_TEST_SECRET_KEY, apiUrl: stripeServer.url });
    provider = createStripeProvider(stripe);
  });
  afterAll(async () => {
    await stripeServer?.close();
  });
  const heldSeatAtStripe = () => heldSeatWith(provider, (_url, bookingId) => stripeServer.sessionsOf(bookingId)[0]!.id);
  const deliver = (type: string, object: unknown) => handleStripeWebhook(database.db, stripe, items(), signedStripeEvent(type, object));

  it("the completion webhook and the success page after one payment: one ledger row, one confirmation, and both say paid", async () => {
    const { db } = database;
    const results = await racePairs(heldSeatAtStripe, async (pair, index) => {
      const session = stripeServer.pay(pair.sessionId)!;
      const [webhook, page] = await Promise.all([
        staggered(index, 0, () => deliver("checkout.session.completed", session)),
        staggered(index, 1, () => confirmPaymentForVisitor(db, provider, items(), pair.sessionId)),
      ]);
      return { webhook: webhook.handled, page: page.state };
    });
    const wrong = failing(
      results.map(({ record, answer, problems }) => {
        const more = [...problems];
        if (!answer.webhook || answer.page !== "paid" || record.booking.status !== "confirmed") more.push(`webhook ${answer.webhook}, page ${answer.page}, booking ${record.booking.status}`);
        return { record, answer, problems: more };
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("paying on Stripe's page and the visitor's Cancel here: the payment and the seat stay together, and Cancel says so", async () => {
    const { db } = database;
    const results = await racePairs(heldSeatAtStripe, async (pair, index) => {
      const [paidAtStripe, released] = await Promise.all([
        staggered(index, 0, async () => {
          // Stripe takes the money only while its session is open; its webhook follows.
          const session = stripeServer.pay(pair.sessionId);
          if (session) await deliver("checkout.session.completed", session);
          return session !== undefined;
        }),
        staggered(index, 1, () => cancelSeminarCheckout(db, provider, pair.bookingId)),
      ]);
      return { paidAtStripe, released };
    });
    const wrong = failing(
      results.map(({ record, answer, problems }) => {
        const more = [...problems];
        if (answer.paidAtStripe !== record.booking.isPaid) more.push(`Stripe took the money: ${answer.paidAtStripe}; booking isPaid=${record.booking.isPaid}`);
        if (answer.released && record.booking.isPaid) more.push("Cancel said the seat was released, but the booking is paid");
        if (answer.paidAtStripe && record.booking.status !== "confirmed") more.push(`paid with a free seat, but the booking is ${record.booking.status}`);
        return { record, answer, problems: more };
      }),
    );
    expect(wrong).toEqual([]);
  });
});
