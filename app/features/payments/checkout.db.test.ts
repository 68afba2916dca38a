import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { checkoutSessions, consultationBookings, emailOutbox, seminarBookings, seminars } from "#db/schema/index.ts";
import { requestConsultation, startConsultationCheckout } from "~/features/consultations/service.server.ts";
import { completeCheckout } from "~/features/payments/service.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { cancelSeminarCheckout, HoldLapsedError, seminarPaidItem, startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { confirmPaymentForVisitor, handleStripeWebhook, payTestCheckout, WebhookSignatureError } from "./checkout.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { entriesOf } from "~/features/activity/testing.server.ts";
import { bookingReference } from "~/lib/ids.ts";

const siteUrl = "https://thula.example";
const database = useTestDatabase();

async function heldSeatWithCheckout(overrides: Parameters<typeof insertSeminar>[1] = {}, email = visitor.email) {
  const { db } = database;
  const seminar = await insertSeminar(db, overrides);
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  const sessionId = url.split("/").pop()!;
  return { seminar, hold, provider, sessionId, url };
}

async function booking(id: string) {
  const [row] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, id));
  return row!;
}

async function emailsTo(address: string) {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

describe(`paying for a seat (${testEngine})`, () => {
  it("opens a checkout for the seminar's price, recorded on our side", async () => {
    const { db } = database;
    const { sessionId, url, hold } = await heldSeatWithCheckout({ priceCents: 150000 }, "price@example.com");
    expect(url).toBe(`${siteUrl}/checkout/test/${sessionId}`);
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ amountCents: 150000, currency: "ZAR", bookingKind: "seminar", bookingId: hold.bookingId, status: "open" });
  });

  it("marks the booking paid once and queues one confirmation, however often completion runs", async () => {
    const { db } = database;
    const { sessionId, hold, seminar, provider } = await heldSeatWithCheckout({}, "twice@example.com");

    const results = await Promise.all([payTestCheckout(db, provider, paidItems(siteUrl), sessionId), payTestCheckout(db, provider, paidItems(siteUrl), sessionId), payTestCheckout(db, provider, paidItems(siteUrl), sessionId)]);
    expect(results.map((result) => result.status).sort()).toEqual(["already-completed", "already-completed", "completed"]);
    // The success page then reads the same facts, and a replay changes nothing.
    const summary = await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), sessionId);
    expect(summary).toEqual({ state: "paid", amountCents: 120000, itemTitle: seminar.title, bookingKind: "seminar" });

    const paid = await booking(hold.bookingId);
    expect(paid).toMatchObject({ status: "confirmed", isPaid: true, paymentSessionId: sessionId, holdExpiresAt: null });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    const emails = await emailsTo("twice@example.com");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.kind).toBe("seminar-booking-confirmed");
    expect(emails[0]!.attachments.map((attachment) => attachment.filename)).toEqual(["thula-seminar.ics", "ticket-1.png"]);
    // The booking's history says so once, as the system's doing.
    const paidEntries = (await entriesOf(db, "seminar_booking", hold.bookingId)).filter((entry) => entry.action === "seminar_booking.paid-online");
    expect(paidEntries).toMatchObject([{ actorName: "System", summary: `Booking ${bookingReference(hold.bookingId)} of "${seminar.title}" was paid online (R1200.00): seat confirmed` }]);
  });

  it("refuses a completion whose amount differs from the checkout we opened", async () => {
    const { db } = database;
    const { sessionId, hold } = await heldSeatWithCheckout({}, "tamper@example.com");
    const result = await completeCheckout(db, { sessionId, status: "paid", amountCents: 100, currency: "ZAR" }, {});
    expect(result.status).toBe("mismatch");
    expect(await booking(hold.bookingId)).toMatchObject({ status: "pending", isPaid: false });
    expect(await emailsTo("tamper@example.com")).toHaveLength(0);
  });

  it("ignores sessions it never opened and sessions that are not paid", async () => {
    const { db } = database;
    expect((await completeCheckout(db, { sessionId: "cs_forged", status: "paid", amountCents: 120000, currency: "ZAR" }, {})).status).toBe("unknown");
    const { sessionId, hold } = await heldSeatWithCheckout({}, "unpaid@example.com");
    expect((await completeCheckout(db, { sessionId, status: "open", amountCents: 120000, currency: "ZAR" }, {})).status).toBe("unpaid");
    expect(await booking(hold.bookingId)).toMatchObject({ isPaid: false });
  });

  it("answers a made-up session id from the address as unknown, NUL bytes and all", async () => {
    const { db } = database;
    const provider = createTestProvider(db, siteUrl);
    for (const sessionId of ["\u0000", "test_cs_\u0000", "' OR '1'='1", "x".repeat(300)]) {
      expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), sessionId)).toEqual({ state: "unknown" });
      expect(await payTestCheckout(db, provider, paidItems(siteUrl), sessionId)).toEqual({ status: "unknown" });
    }
  });

  it("a cancelled checkout frees the seat and can no longer be paid", async () => {
    const { db } = database;
    const { sessionId, hold, seminar, provider } = await heldSeatWithCheckout({ maxAttendees: 1 }, "cancel@example.com");
    expect(await cancelSeminarCheckout(db, provider, hold.bookingId)).toBe(true);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect(await payTestCheckout(db, provider, paidItems(siteUrl), sessionId)).toEqual({ status: "expired" });
    expect(await booking(hold.bookingId)).toMatchObject({ status: "cancelled", isPaid: false });
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), sessionId)).toEqual({ state: "expired" });
  });

  it("reuses the open checkout instead of opening a second payable one", async () => {
    const { db } = database;
    const { hold, provider, url } = await heldSeatWithCheckout({}, "again@example.com");
    const again = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
    expect(again.url).toBe(url);
    const sessions = await db.select().from(checkoutSessions).where(eq(checkoutSessions.bookingId, hold.bookingId));
    expect(sessions).toHaveLength(1);
  });

  it("renews the hold for a new checkout only within its first 30 minutes, so re-opening checkouts cannot keep a seat unpaid", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 5 });
    const provider = createTestProvider(db, siteUrl);
    const t0 = new Date();
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: "renew@example.com" } }, { siteUrl, now: t0 });
    const pay = (minutes: number) => startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl, now: at(minutes) });

    const first = await pay(1); // a checkout until t0+32, the hold until t0+34
    expect((await booking(hold.bookingId)).holdExpiresAt).toEqual(at(34));
    expect((await pay(20)).url).toBe(first.url); // 12 minutes left: the same checkout, the hold unchanged
    expect((await booking(hold.bookingId)).holdExpiresAt).toEqual(at(34));
    const second = await pay(29); // 3 minutes left, still within the first 30: a new checkout, the hold until t0+62
    expect(second.url).not.toBe(first.url);
    expect((await booking(hold.bookingId)).holdExpiresAt).toEqual(at(62));

    // At t0+58 the checkout has 2 minutes left and the first 30 are long gone: the seat is released.
    const error = await pay(58).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HoldLapsedError);
    expect(await booking(hold.bookingId)).toMatchObject({ status: "cancelled", isPaid: false, holdExpiresAt: null });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const sessions = await db.select().from(checkoutSessions).where(eq(checkoutSessions.bookingId, hold.bookingId));
    expect(sessions.map((session) => session.status).sort()).toEqual(["expired", "expired"]);
  });

  it("a payment that arrives after the hold lapsed takes a free seat again", async () => {
    const { db } = database;
    const { sessionId, hold, seminar } = await heldSeatWithCheckout({ maxAttendees: 3 }, "late@example.com");
    await db.update(seminarBookings).set({ status: "cancelled", holdExpiresAt: null }).where(eq(seminarBookings.id, hold.bookingId));
    await db.update(seminars).set({ currentAttendees: 0 }).where(eq(seminars.id, seminar.id));
    const result = await completeCheckout(db, { sessionId, status: "paid", amountCents: 120000, currency: "ZAR" }, { seminar: seminarPaidItem(siteUrl) });
    expect(result.status).toBe("completed");
    expect(await booking(hold.bookingId)).toMatchObject({ status: "confirmed", isPaid: true });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
  });
});

describe(`a payment the booking can no longer take (${testEngine})`, () => {
  it("after the lapsed hold's seat went to someone else: kept on the books, owed back, no 'booked' e-mail, and the page says so", async () => {
    const { db } = database;
    const { sessionId, hold, seminar, provider } = await heldSeatWithCheckout({ maxAttendees: 1 }, "no.seat@example.com");
    const later = new Date(Date.now() + 40 * 60_000);
    // The hold lapsed and a new visitor took the only seat before the payment landed.
    await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: "took.it@example.com" } }, { siteUrl, now: later });

    expect((await payTestCheckout(db, provider, paidItems(siteUrl), sessionId)).status).toBe("completed");
    expect(await booking(hold.bookingId)).toMatchObject({ status: "cancelled", isPaid: true, refundDue: true });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    // Told the seat was released, then that the money arrived without a seat and goes back: never "You're booked".
    const mails = await emailsTo("no.seat@example.com");
    expect(mails.map((email) => email.kind).sort()).toEqual(["seminar-hold-expired", "seminar-paid-without-seat"]);
    expect(mails.find((email) => email.kind === "seminar-paid-without-seat")!.textBody).toContain("the seminar filled up in the meantime, so we could not give you a seat");
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), sessionId)).toEqual({
      state: "paid-not-booked",
      amountCents: 120000,
      itemTitle: seminar.title,
      bookingKind: "seminar",
      money: "refund_due",
    });
  });
});

describe(`a consultation paid after it was cancelled (${testEngine})`, () => {
  it("is kept on the books and owed back, and the page says the booking is cancelled", async () => {
    const { db } = database;
    const { bookingId } = await requestConsultation(db, { type: "paid", form: { ...visitor, email: "late.consult@example.com", preferredTime: "morning" } }, { siteUrl });
    const provider = createTestProvider(db, siteUrl);
    const { url } = await startConsultationCheckout(db, provider, { bookingId, siteUrl });
    const sessionId = url.split("/").pop()!;
    // Staff cancelled it while its checkout was still open (the close lost the race).
    await db.update(consultationBookings).set({ status: "cancelled", cancelledAt: new Date(), cancelledBy: "Zanele Dube", cancelReason: "Client asked" }).where(eq(consultationBookings.id, bookingId));

    expect((await payTestCheckout(db, provider, paidItems(siteUrl), sessionId)).status).toBe("completed");
    const [consultation] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId));
    expect(consultation).toMatchObject({ status: "cancelled", isPaid: true, refundDue: true });
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), sessionId)).toMatchObject({ state: "paid-not-booked", amountCents: 349900, money: "refund_due" });
  });
});

describe(`the Stripe webhook (${testEngine})`, () => {
  const webhookSecret = "whsec_test_secret";
  const stripe = new Stripe("sk_test_123", { telemetry: false });

  function completedEvent(sessionId: string, bookingId: string, amount: number) {
    return JSON.stringify({
      id: "evt_test_1",
      object: "event",
      api_version: "2026-01-28.clover",
      created: Math.floor(Date.now() / 1000),
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: amount,
          currency: "zar",
          payment_status: "paid",
          status: "complete",
          metadata: { booking_id: bookingId, booking_kind: "seminar" },
        },
      },
    });
  }

  it("rejects a bad signature and changes nothing", async () => {
    const { db } = database;
    const { sessionId, hold } = await heldSeatWithCheckout({}, "forged@example.com");
    const payload = completedEvent(sessionId, hold.bookingId, 120000);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    await expect(handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature: forged, webhookSecret })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature: null, webhookSecret })).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(await booking(hold.bookingId)).toMatchObject({ status: "pending", isPaid: false });
    expect(await emailsTo("forged@example.com")).toHaveLength(0);
  });

  it("a signed, replayed completion marks the booking paid once", async () => {
    const { db } = database;
    const { sessionId, hold } = await heldSeatWithCheckout({}, "signed@example.com");
    const payload = completedEvent(sessionId, hold.bookingId, 120000);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature, webhookSecret });
    await handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature, webhookSecret });
    expect(await booking(hold.bookingId)).toMatchObject({ status: "confirmed", isPaid: true });
    expect(await emailsTo("signed@example.com")).toHaveLength(1);
  });
});

describe(`an expired checkout (${testEngine})`, () => {
  const stripe = new Stripe("sk_test_not_used", { telemetry: false });
  const webhookSecret = "whsec_expired_test";

  function expiredEvent(sessionId: string, bookingId: string, bookingKind: "seminar" | "consultation") {
    return JSON.stringify({
      id: `evt_expired_${sessionId}`,
      object: "event",
      api_version: "2026-01-28.clover",
      created: Math.floor(Date.now() / 1000),
      type: "checkout.session.expired",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: 349900,
          currency: "zar",
          payment_status: "unpaid",
          status: "expired",
          metadata: { booking_id: bookingId, booking_kind: bookingKind },
        },
      },
    });
  }

  it("of a consultation is recorded expired and can no longer be paid", async () => {
    const { db } = database;
    const { bookingId } = await requestConsultation(
      db,
      { type: "paid", form: { ...visitor, email: "expired.consultation@example.com", preferredTime: "morning" } },
      { siteUrl },
    );
    const { url } = await startConsultationCheckout(db, createTestProvider(db, siteUrl), { bookingId, siteUrl });
    const sessionId = url.split("/").pop()!;
    const payload = expiredEvent(sessionId, bookingId, "consultation");
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });

    expect(await handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature, webhookSecret })).toEqual({
      handled: true,
      type: "checkout.session.expired",
    });
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.status).toBe("expired");
    expect(await payTestCheckout(db, createTestProvider(db, siteUrl), paidItems(siteUrl), sessionId)).toEqual({ status: "expired" });
  });

  it("of a seminar seat releases the hold and tells the visitor, once", async () => {
    const { db } = database;
    const { sessionId, hold, seminar } = await heldSeatWithCheckout({}, "expired.seat@example.com");
    const payload = expiredEvent(sessionId, hold.bookingId, "seminar");
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature, webhookSecret });
    await handleStripeWebhook(db, stripe, paidItems(siteUrl), { payload, signature, webhookSecret });
    expect(await booking(hold.bookingId)).toMatchObject({ status: "cancelled", isPaid: false });
    expect((await seminarById(db, seminar.id))?.currentAttendees).toBe(0);
    expect(await emailsTo("expired.seat@example.com")).toHaveLength(1);
  });
});
