import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#db/client.ts";
import { checkoutSessions, emailOutbox, ledgerEntries, seminarBookings } from "#db/schema/index.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { confirmPaymentForVisitor, payfastCheckoutFor } from "../checkout.server.ts";
import { refundBooking } from "../refunds.server.ts";
import { signedNotification, startPayfastServer, type PayfastServer } from "../testing/payfast-server.ts";
import { handlePayfastNotification, isPayfastSource } from "./notifications.server.ts";
import { createPayfastProvider } from "./provider.server.ts";
import { checkoutSignature, postedPairs } from "./signature.ts";

// PayFast end to end against a local stand-in played from its documentation
// (testing/payfast-server.ts): the signed checkout form, the notification (ITN) and every
// check on it, PayFast's validation, and refunds through its API (docs/decisions/028).

const siteUrl = "https://thula.example";
const items = paidItems(siteUrl);
let payfast: PayfastServer;

beforeAll(async () => {
  payfast = await startPayfastServer();
});
afterAll(async () => {
  await payfast?.close();
});
beforeEach(() => {
  payfast.validation.answer = "auto";
  payfast.validations.length = 0;
});

describe(`a seminar seat paid through PayFast (${testEngine})`, () => {
  const database = useTestDatabase();
  const settings = () => payfast.settings();
  const provider = (db: Db) => createPayfastProvider(db, settings(), siteUrl);

  /** A held seat, its PayFast checkout opened, and the form PayFast's page accepted. */
  async function openedCheckout(db: Db, email = `pf.${randomUUID().slice(0, 8)}@example.co.za`) {
    const seminar = await insertSeminar(db, { priceCents: 135050, maxAttendees: 5 });
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
    const { url } = await startSeminarCheckout(db, provider(db), { bookingId: hold.bookingId, siteUrl });
    const address = new URL(url);
    const sessionId = address.pathname.split("/").pop()!;
    const checkout = await payfastCheckoutFor(db, settings(), items, sessionId, address.searchParams);
    const form = Object.fromEntries(checkout!.fields);
    return { seminar, hold, email, sessionId, address, checkout: checkout!, form, payment: payfast.accept(form) };
  }

  const notify = (db: Db, body: string, clientIp = "127.0.0.1") => handlePayfastNotification(db, settings(), items, { body, clientIp });

  async function bookingOf(db: Db, id: string) {
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, id));
    return booking!;
  }
  const ledgerOf = (db: Db, bookingId: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));

  async function expectUnpaid(db: Db, bookingId: string) {
    expect(await bookingOf(db, bookingId)).toMatchObject({ isPaid: false, status: "pending" });
    expect(await ledgerOf(db, bookingId)).toEqual([]);
  }

  it("signs the checkout form in PayFast's order, with our reference, the rand amount and the return, cancel and notify addresses", async () => {
    const { db } = database;
    const { hold, sessionId, checkout, form, address } = await openedCheckout(db, "thandi.form@example.co.za");
    expect(checkout.action).toBe(`${payfast.url}/eng/process`);
    expect(checkout.fields.map(([key]) => key)).toEqual([
      "merchant_id", "merchant_key", "return_url", "cancel_url", "notify_url", "name_first", "name_last", "email_address",
      "m_payment_id", "amount", "item_name", "custom_str1", "custom_str2", "signature",
    ]);
    expect(form).toMatchObject({
      merchant_id: "10000100",
      return_url: `${siteUrl}/payment-success?session_id=${sessionId}`,
      cancel_url: `${siteUrl}/events?cancelled=${hold.bookingId}`,
      notify_url: `${siteUrl}/api/payments/payfast/notify`,
      email_address: "thandi.form@example.co.za",
      m_payment_id: sessionId,
      amount: "1350.50",
      custom_str1: "seminar",
      custom_str2: hold.bookingId,
    });
    const [recorded] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(recorded).toMatchObject({ provider: "payfast", amountCents: 135050, status: "open", url: address.toString() });

    // An altered address (a cheaper amount) is not posted on, nor one signed with another passphrase.
    const cheaper = new URLSearchParams(address.searchParams);
    cheaper.set("amount", "1.00");
    expect(await payfastCheckoutFor(db, settings(), items, sessionId, cheaper)).toBeUndefined();
    const resigned = new URLSearchParams(cheaper);
    const { signature: _ignored, ...fields } = Object.fromEntries(cheaper);
    resigned.set("signature", checkoutSignature(fields, "not-our-passphrase"));
    expect(await payfastCheckoutFor(db, settings(), items, sessionId, resigned)).toBeUndefined();
    // Nor once it lapsed, nor with PayFast no longer configured.
    expect(await payfastCheckoutFor(db, settings(), items, sessionId, address.searchParams, new Date(Date.now() + 40 * 60_000))).toBeUndefined();
    expect(await payfastCheckoutFor(db, undefined, items, sessionId, address.searchParams)).toBeUndefined();
  });

  it("a good notification completes the booking once: confirmed, paid, one ledger row under pf_payment_id, one e-mail; a repeat changes nothing", async () => {
    const { db } = database;
    const { hold, email, sessionId, payment, seminar } = await openedCheckout(db);
    const body = payfast.notificationFor(payment);

    expect(await notify(db, body)).toBe("completed");
    expect(await notify(db, body)).toBe("already-completed");
    expect(payfast.validations).toHaveLength(1);

    expect(await bookingOf(db, hold.bookingId)).toMatchObject({ status: "confirmed", isPaid: true, paymentSessionId: sessionId });
    const ledger = await ledgerOf(db, hold.bookingId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ entryType: "payment", provider: "payfast", providerReference: payment.pfPaymentId, amountCents: 135050, checkoutSessionId: sessionId });
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(emails.map((one) => one.kind)).toEqual(["seminar-booking-confirmed"]);
    expect(await confirmPaymentForVisitor(db, provider(db), items, sessionId)).toEqual({ state: "paid", amountCents: 135050, itemTitle: seminar.title, bookingKind: "seminar" });
  });

  it("refuses a forged signature, another passphrase, a wrong amount, a wrong merchant and an unknown source: the booking stays unpaid", async () => {
    const { db } = database;
    const { hold, payment } = await openedCheckout(db);
    const genuine = payfast.notificationFor(payment);
    const fields = postedPairs(genuine).filter(([key]) => key !== "signature");
    const withField = (name: string, value: string) => fields.map(([key, old]) => [key, key === name ? value : old] as [string, string]);

    // The amount changed after PayFast signed it.
    expect(await notify(db, genuine.replace(/amount_gross=[^&]+/, "amount_gross=1.00"))).toBe("bad-signature");
    expect(await notify(db, genuine.replace(/signature=[0-9a-f]+/, `signature=${"0".repeat(32)}`))).toBe("bad-signature");
    expect(await notify(db, signedNotification(fields, "guessed-passphrase"))).toBe("bad-signature");
    expect(await notify(db, signedNotification(fields, undefined))).toBe("bad-signature");
    // Signed with our passphrase (as if it leaked), yet each fact must still match.
    expect(await notify(db, signedNotification(withField("amount_gross", "1.00"), payfast.settings().passphrase))).toBe("wrong-amount");
    expect(await notify(db, signedNotification(withField("merchant_id", "10000999"), payfast.settings().passphrase))).toBe("wrong-merchant");
    expect(await notify(db, signedNotification(withField("m_payment_id", "pf_not_ours"), payfast.settings().passphrase))).toBe("unknown-checkout");
    expect(await notify(db, signedNotification(withField("payment_status", "CANCELLED"), payfast.settings().passphrase))).toBe("not-complete");
    // The genuine notification, from an address that is not PayFast's.
    expect(await notify(db, genuine, "203.0.113.9")).toBe("unknown-source");
    await expectUnpaid(db, hold.bookingId);
    // None of them reached PayFast's validation: the cheap checks come first.
    expect(payfast.validations).toEqual([]);
  });

  it("refuses what PayFast's validation does not confirm (INVALID), and a notification signed with our passphrase that PayFast never sent", async () => {
    const { db } = database;
    const { hold, payment } = await openedCheckout(db);
    const genuine = payfast.notificationFor(payment);
    payfast.validation.answer = "INVALID";
    expect(await notify(db, genuine)).toBe("invalid");
    await expectUnpaid(db, hold.bookingId);

    payfast.validation.answer = "auto";
    const other = await openedCheckout(db);
    const handMade = postedPairs(payfast.notificationFor(other.payment)).filter(([key]) => key !== "signature");
    handMade[1] = ["pf_payment_id", "9999999"];
    expect(await notify(db, signedNotification(handMade, payfast.settings().passphrase))).toBe("invalid");
    await expectUnpaid(db, other.hold.bookingId);
  });

  it("a replay aimed at another checkout is refused, and the replayed payment is recorded once", async () => {
    const { db } = database;
    const first = await openedCheckout(db);
    const second = await openedCheckout(db);
    const genuine = payfast.notificationFor(first.payment);
    expect(await notify(db, genuine)).toBe("completed");
    // The same notification, re-aimed at the second checkout: its signature no longer holds.
    expect(await notify(db, genuine.replace(first.sessionId, second.sessionId))).toBe("bad-signature");
    expect(await notify(db, genuine)).toBe("already-completed");
    await expectUnpaid(db, second.hold.bookingId);
    expect(await ledgerOf(db, first.hold.bookingId)).toHaveLength(1);
  });

  it("throws when PayFast's validation cannot be reached, so the route answers 500 and PayFast sends it again", async () => {
    const { db } = database;
    const { hold, payment } = await openedCheckout(db);
    const unreachable = payfast.settings({ validateUrl: "http://127.0.0.1:9/eng/query/validate" });
    await expect(handlePayfastNotification(db, unreachable, items, { body: payfast.notificationFor(payment), clientIp: "127.0.0.1" })).rejects.toThrow();
    await expectUnpaid(db, hold.bookingId);
  });

  it("refunds through PayFast's API with its header signature, and records PayFast's refusal as failed", async () => {
    const { db } = database;
    const { hold, payment } = await openedCheckout(db);
    expect(await notify(db, payfast.notificationFor(payment))).toBe("completed");
    payfast.refunds.length = 0;

    const refund = (amountCents: number) =>
      refundBooking(db, provider(db), items, { bookingKind: "seminar", bookingId: hold.bookingId, amountCents, reason: "Cannot attend", actor: testActor, idempotencyKey: randomUUID() });
    const made = await refund(50000);
    expect(made.refund).toMatchObject({ status: "succeeded", provider: "payfast", amountCents: 50000 });
    expect(payfast.refunds).toHaveLength(1);
    expect(payfast.refunds[0]).toMatchObject({ pfPaymentId: payment.pfPaymentId, body: { amount: 50000, reason: "Cannot attend", notify_buyer: 1 } });
    expect(payfast.refunds[0]!.headers).toMatchObject({ "merchant-id": "10000100", version: "v1" });
    expect(payment.refundedCents).toBe(50000);
    const refunds = (await ledgerOf(db, hold.bookingId)).filter((entry) => entry.entryType === "refund");
    expect(refunds).toMatchObject([{ provider: "payfast", amountCents: 50000 }]);

    // Signed with another passphrase, PayFast refuses it: recorded failed, nothing moved.
    const wrongKey = createPayfastProvider(db, payfast.settings({ passphrase: "not-ours" }), siteUrl);
    const refused = await refundBooking(db, wrongKey, items, { bookingKind: "seminar", bookingId: hold.bookingId, amountCents: 1000, reason: "x", actor: testActor, idempotencyKey: randomUUID() });
    expect(refused.refund).toMatchObject({ status: "failed" });
    expect(refused.refund.failureReason).toMatch(/PayFast refused the refund: Merchant authorization failed/);
    expect(payment.refundedCents).toBe(50000);
  });
});

describe("where a notification may come from", () => {
  it("takes the configured addresses and the configured hosts' addresses, an IPv4 client on a dual-stack socket included; DNS failing is no answer", async () => {
    const resolve = async (host: string) => (host === "www.payfast.co.za" ? ["144.126.193.139"] : []);
    expect(await isPayfastSource("144.126.193.139", ["www.payfast.co.za"], resolve)).toBe(true);
    expect(await isPayfastSource("::ffff:144.126.193.139", ["www.payfast.co.za"], resolve)).toBe(true);
    expect(await isPayfastSource("127.0.0.1", ["127.0.0.1"], resolve)).toBe(true);
    expect(await isPayfastSource("127.0.0.2", ["127.0.0.1", "www.payfast.co.za"], resolve)).toBe(false);
    expect(await isPayfastSource("unknown", ["127.0.0.1"], resolve)).toBe(false);
    const failing = async () => {
      throw new Error("ENOTFOUND");
    };
    // DNS failing is not a refusal: the answer is unknown, so PayFast should send it again (500).
    await expect(isPayfastSource("144.126.193.139", ["www.payfast.co.za"], failing)).rejects.toThrow(/Could not resolve/);
    expect(await isPayfastSource("127.0.0.1", ["127.0.0.1", "www.payfast.co.za"], failing)).toBe(true);
  });
});
