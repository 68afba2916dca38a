import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationBookings, emailOutbox, ledgerEntries, refunds, seminarBookings } from "#db/schema/index.ts";
import { entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { setConsultationPaid } from "~/features/consultations/admin-actions.server.ts";
import { requestConsultation, startConsultationCheckout } from "~/features/consultations/service.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { ConflictError, NotFoundError, ValidationError } from "~/lib/errors.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { confirmPaymentForVisitor, payTestCheckout } from "./checkout.server.ts";
import { RefundRefusedError, type PaymentProvider } from "./provider.server.ts";
import { refundBooking, type RefundInput } from "./refunds.server.ts";
import { createTestProvider } from "./test-provider.server.ts";

// Refunds with the built-in test provider on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): completion's one payment row, full and partial refunds, the limits, the
// idempotency key, races, a provider that refuses or does not answer, and manual payments.

const siteUrl = "https://thula.example";
const database = useTestDatabase();
const items = () => paidItems(siteUrl);
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}.${Date.now().toString(36)}@example.co.za`;

/** A seminar seat held and paid through the test checkout: the booking is confirmed and paid. */
async function paidSeminarBooking({ priceCents = 120000, maxAttendees = 5 } = {}) {
  const { db } = database;
  const email = uniqueEmail("paid");
  const seminar = await insertSeminar(db, { priceCents, maxAttendees });
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  const sessionId = url.split("/").pop()!;
  expect((await payTestCheckout(db, provider, items(), sessionId)).status).toBe("completed");
  return { seminar, bookingId: hold.bookingId, provider, sessionId, email };
}

function refundOf(bookingId: string, overrides: Partial<RefundInput> = {}): RefundInput {
  return { bookingKind: "seminar", bookingId, amountCents: 50000, reason: "Customer cannot attend", actor: testActor, idempotencyKey: randomUUID(), ...overrides };
}

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, id));
  return row!;
}

async function ledgerOf(bookingId: string) {
  return database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(ledgerEntries.createdAt);
}

async function refundRowsOf(bookingId: string) {
  return database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
}

async function emailsOf(email: string, kind: string) {
  return database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)));
}

const sum = (rows: Array<{ entryType: string; amountCents: number }>, type: string) => rows.filter((row) => row.entryType === type).reduce((total, row) => total + row.amountCents, 0);

describe(`every payment writes one ledger row (${testEngine})`, () => {
  it("completion writes exactly one payment row, even when the webhook, the success page and the test checkout race", async () => {
    const { db } = database;
    const email = uniqueEmail("race");
    const seminar = await insertSeminar(db, { priceCents: 135000 });
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email } }, { siteUrl });
    const provider = createTestProvider(db, siteUrl);
    const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
    const sessionId = url.split("/").pop()!;

    const results = await Promise.all([
      payTestCheckout(db, provider, items(), sessionId),
      confirmPaymentForVisitor(db, provider, items(), sessionId),
      payTestCheckout(db, provider, items(), sessionId),
      confirmPaymentForVisitor(db, provider, items(), sessionId),
    ]);
    expect(results.filter((result) => "status" in result && result.status === "completed")).toHaveLength(1);
    const rows = await ledgerOf(hold.bookingId);
    expect(rows).toEqual([
      expect.objectContaining({
        entryType: "payment",
        bookingKind: "seminar",
        amountCents: 135000,
        currency: "ZAR",
        provider: "test",
        checkoutSessionId: sessionId,
        providerReference: sessionId,
        actorId: null,
        actorName: "Visitor",
      }),
    ]);
  });

  it("a consultation paid online writes its payment row too", async () => {
    const { db } = database;
    const { bookingId } = await requestConsultation(db, { type: "paid", form: { ...visitor, email: uniqueEmail("consult"), preferredTime: "morning" } }, { siteUrl });
    const provider = createTestProvider(db, siteUrl);
    const { url } = await startConsultationCheckout(db, provider, { bookingId, siteUrl });
    await payTestCheckout(db, provider, items(), url.split("/").pop()!);
    expect(await ledgerOf(bookingId)).toEqual([expect.objectContaining({ entryType: "payment", bookingKind: "consultation", amountCents: 349900, provider: "test" })]);
  });
});

describe(`refunding a seminar booking (${testEngine})`, () => {
  it("a full refund: ledger row, refund succeeded, booking refunded with its seat given back, one e-mail, one activity entry", async () => {
    const { db } = database;
    const { bookingId, provider, seminar, email } = await paidSeminarBooking();
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);

    const outcome = await refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 120000, reason: "  Seminar moved  " }));
    expect(outcome).toMatchObject({ repeated: false, message: "Refunded R1200.00 through the test checkout (no real money moves)." });
    expect(outcome.refund).toMatchObject({ status: "succeeded", amountCents: 120000, provider: "test", reason: "Seminar moved", requestedByName: "Zanele Dube" });
    expect(outcome.refund.providerRefundId).toMatch(/^re_test_[0-9a-f]{24}$/);

    expect(await bookingRow(bookingId)).toMatchObject({ status: "refunded", isPaid: true, refundedCents: 120000, refundDue: false, cancelledBy: "Zanele Dube", cancelReason: "Seminar moved" });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const rows = await ledgerOf(bookingId);
    expect(rows.map((row) => row.entryType)).toEqual(["payment", "refund"]);
    expect(rows[1]).toMatchObject({ amountCents: 120000, provider: "test", providerReference: outcome.refund.providerRefundId, refundId: outcome.refund.id, reason: "Seminar moved", actorId: testActor.id, actorName: "Zanele Dube" });

    const mails = await emailsOf(email, "seminar-refunded");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund of R1200.00: ${seminar.title} on ${mails[0]!.subject.split(" on ").pop()}`);
    expect(mails[0]!.textBody).toContain("fully refunded, so your seat has been released");

    const logged = (await entriesOf(db, "seminar_booking", bookingId)).filter((entry) => entry.action.startsWith("seminar_booking.refund"));
    expect(logged).toEqual([
      expect.objectContaining({ actorName: "Zanele Dube", action: "seminar_booking.refund", changes: { refunded: { before: "R0.00", after: "R1200.00" } } }),
    ]);
    expect(logged[0]!.summary).toMatch(/^Refunded R1200\.00 of seminar booking [0-9A-F]{8} \(the test checkout re_test_[0-9a-f]+\): fully refunded$/);
    // Nothing personal in the log (ADR 013): no name, no e-mail.
    expect(JSON.stringify(logged)).not.toContain(email);
  });

  it("a partial refund and then the rest: the seat stays until the money has all gone back; the ledger sum equals refunded_cents", async () => {
    const { db } = database;
    const { bookingId, provider, seminar, email } = await paidSeminarBooking();

    await refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 50000 }));
    expect(await bookingRow(bookingId)).toMatchObject({ status: "confirmed", refundedCents: 50000 });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    const partial = await emailsOf(email, "seminar-refunded");
    expect(partial[0]!.textBody).toContain("Your seat is still booked. So far R500.00 of the R1200.00 you paid has been refunded.");

    await expect(refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 70001 }))).rejects.toBeInstanceOf(ValidationError);
    await refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 70000 }));
    const booking = await bookingRow(bookingId);
    expect(booking).toMatchObject({ status: "refunded", refundedCents: 120000 });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const rows = await ledgerOf(bookingId);
    expect(sum(rows, "refund")).toBe(booking.refundedCents);
    expect(sum(rows, "payment") - sum(rows, "refund")).toBe(0);
    expect(await emailsOf(email, "seminar-refunded")).toHaveLength(2);
  });

  it("refuses an over-refund, a zero amount, a missing reason, an unpaid or unknown booking, and writes nothing", async () => {
    const { db } = database;
    const { bookingId, provider } = await paidSeminarBooking({ priceCents: 80000 });
    const refused = async (input: RefundInput, type: typeof ValidationError | typeof ConflictError | typeof NotFoundError, message?: RegExp) => {
      const error = await refundBooking(db, provider, items(), input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(type);
      if (message) expect((error as Error).message).toMatch(message);
    };
    await refused(refundOf(bookingId, { amountCents: 80001 }), ValidationError, /^You can refund at most R800\.00 of the R800\.00 paid\.$/);
    await refused(refundOf(bookingId, { amountCents: 0 }), ValidationError);
    await refused(refundOf(bookingId, { amountCents: -100 }), ValidationError);
    await refused(refundOf(bookingId, { reason: "   " }), ValidationError, /reason/);
    await refused(refundOf(randomUUID()), NotFoundError);

    const seminar = await insertSeminar(db);
    const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: uniqueEmail("unpaid") } }, { siteUrl });
    await refused(refundOf(hold.bookingId), ConflictError, /no payment on record/);

    expect(await refundRowsOf(bookingId)).toEqual([]);
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    expect(await bookingRow(bookingId)).toMatchObject({ refundedCents: 0, status: "confirmed" });
  });

  it("the same idempotency key twice (in turn and at once) is one refund: one refund row, one ledger row, one e-mail", async () => {
    const { db } = database;
    const { bookingId, provider, email } = await paidSeminarBooking();
    const input = refundOf(bookingId, { amountCents: 30000 });
    const first = await refundBooking(db, provider, items(), input);
    const again = await refundBooking(db, provider, items(), input);
    expect(again).toMatchObject({ repeated: true, refund: { id: first.refund.id, status: "succeeded" } });

    const concurrent = refundOf(bookingId, { amountCents: 20000 });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => refundBooking(db, provider, items(), concurrent)));
    expect(new Set(outcomes.map((outcome) => outcome.refund.id)).size).toBe(1);
    expect(outcomes.filter((outcome) => !outcome.repeated)).toHaveLength(1);

    expect(await refundRowsOf(bookingId)).toHaveLength(2);
    expect((await ledgerOf(bookingId)).filter((row) => row.entryType === "refund")).toHaveLength(2);
    expect(await emailsOf(email, "seminar-refunded")).toHaveLength(2);
    expect(await bookingRow(bookingId)).toMatchObject({ refundedCents: 50000 });

    // A key is the refund of one booking only.
    const other = await paidSeminarBooking();
    await expect(refundBooking(db, other.provider, items(), { ...input, bookingId: other.bookingId })).rejects.toBeInstanceOf(ConflictError);
  });

  it("ten refunds of R500 at once on a R1200 booking: exactly two succeed, and no more than was paid goes back", async () => {
    const { db } = database;
    const { bookingId, provider, email } = await paidSeminarBooking({ priceCents: 120000 });
    const settled = await Promise.allSettled(Array.from({ length: 10 }, () => refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 50000 }))));
    const made = settled.filter((result) => result.status === "fulfilled");
    const refused = settled.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(made).toHaveLength(2);
    expect(refused).toHaveLength(8);
    for (const result of refused) expect(result.reason).toBeInstanceOf(ValidationError);

    const booking = await bookingRow(bookingId);
    expect(booking).toMatchObject({ refundedCents: 100000, status: "confirmed" });
    expect(sum(await ledgerOf(bookingId), "refund")).toBe(100000);
    expect(await refundRowsOf(bookingId)).toHaveLength(2);
    expect(await emailsOf(email, "seminar-refunded")).toHaveLength(2);
  });

  it("a refund the provider refuses leaves no ledger row, the booking unchanged and no e-mail; the refund is recorded failed", async () => {
    const { db } = database;
    const { bookingId, provider, email } = await paidSeminarBooking();
    const refusing: PaymentProvider = { ...provider, refund: async () => Promise.reject(new RefundRefusedError("Charge ch_1 has been disputed.")) };
    const outcome = await refundBooking(db, refusing, items(), refundOf(bookingId, { amountCents: 120000 }));
    expect(outcome.refund).toMatchObject({ status: "failed", failureReason: "Charge ch_1 has been disputed.", providerRefundId: null });
    expect(outcome.message).toBe("The refund of R1200.00 failed: Charge ch_1 has been disputed. Nothing was refunded.");

    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: "confirmed", refundedCents: 0 });
    expect(await emailsOf(email, "seminar-refunded")).toEqual([]);
    // A failed attempt reserves nothing: the whole amount can still be refunded.
    expect((await refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 120000 }))).refund.status).toBe("succeeded");
  });

  it("a provider that does not answer leaves the refund pending with its amount reserved, so a second one cannot double it", async () => {
    const { db } = database;
    const { bookingId, provider, email } = await paidSeminarBooking();
    const silent: PaymentProvider = { ...provider, refund: async () => Promise.reject(new Error("socket hang up")) };
    const outcome = await refundBooking(db, silent, items(), refundOf(bookingId, { amountCents: 100000 }));
    expect(outcome.refund).toMatchObject({ status: "pending", providerRefundId: null });
    expect(outcome.refund.failureReason).toContain("socket hang up");
    expect(outcome.message).toMatch(/^Stripe did not answer/);
    expect((await ledgerOf(bookingId)).map((row) => row.entryType)).toEqual(["payment"]);
    expect(await emailsOf(email, "seminar-refunded")).toEqual([]);
    await expect(refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 20001 }))).rejects.toThrow(/at most R200\.00 .*R1000\.00 in a refund still pending/);
  });

  it("a paid booking that was cancelled (refund due) keeps its status, and the refund clears refund_due without touching the seats", async () => {
    const { db } = database;
    const { bookingId, provider, seminar } = await paidSeminarBooking();
    await db.update(seminarBookings).set({ status: "cancelled", refundDue: true, cancelledBy: "System", cancelledAt: new Date() }).where(eq(seminarBookings.id, bookingId));
    const seatsBefore = (await seminarById(db, seminar.id))!.currentAttendees;
    await refundBooking(db, provider, items(), refundOf(bookingId, { amountCents: 120000 }));
    expect(await bookingRow(bookingId)).toMatchObject({ status: "cancelled", refundDue: false, refundedCents: 120000, cancelledBy: "System" });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(seatsBefore);
  });
});

describe(`money staff record by hand (${testEngine})`, () => {
  async function paidTypeConsultation() {
    const { bookingId } = await requestConsultation(database.db, { type: "paid", form: { ...visitor, email: uniqueEmail("manual"), preferredTime: "evening" } }, { siteUrl });
    return bookingId;
  }
  async function consultation(id: string) {
    const [row] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
    return row!;
  }
  /** The details dialog's form, at the version the consultation has now (docs/decisions/014). */
  const form = async (id: string) => {
    const data = new FormData();
    data.set("id", id);
    data.set("version", String((await consultation(id)).version));
    return data;
  };

  it("Mark as Paid writes a manual payment attributed to the admin; Mark as Unpaid takes it back as a manual refund 'Marked unpaid'", async () => {
    const { db } = database;
    const id = await paidTypeConsultation();
    await setConsultationPaid(db, testActor, await form(id), true);
    // Pressing it again records no second payment.
    await setConsultationPaid(db, testActor, await form(id), true);
    expect(await ledgerOf(id)).toEqual([expect.objectContaining({ entryType: "payment", provider: "manual", amountCents: 349900, actorId: testActor.id, actorName: "Zanele Dube", reason: "Marked paid" })]);

    await setConsultationPaid(db, testActor, await form(id), false);
    const rows = await ledgerOf(id);
    expect(rows.map((row) => [row.entryType, row.provider, row.amountCents, row.reason])).toEqual([
      ["payment", "manual", 349900, "Marked paid"],
      ["refund", "manual", 349900, "Marked unpaid"],
    ]);
    expect(await consultation(id)).toMatchObject({ isPaid: false, paidAt: null, refundedCents: 0 });

    // Paid again and refunded for real: the refund goes through as manual, and the consultation ends refunded.
    await setConsultationPaid(db, testActor, await form(id), true);
    const outcome = await refundBooking(db, createTestProvider(db, siteUrl), items(), { ...refundOf(id, { amountCents: 349900 }), bookingKind: "consultation" });
    expect(outcome).toMatchObject({ message: "Recorded a refund of R3499.00, paid back outside the website.", refund: { status: "succeeded", provider: "manual" } });
    expect(outcome.refund.providerRefundId).toBe(`manual:${outcome.refund.id}`);
    expect(await consultation(id)).toMatchObject({ status: "refunded", refundedCents: 349900, isPaid: true });
    const [mail] = await emailsOf((await consultation(id)).email, "consultation-refunded");
    expect(mail!.textBody).toContain("We have paid it back to you directly");
    // Refunded for real: it can no longer be marked unpaid.
    await expect(setConsultationPaid(db, testActor, await form(id), false)).rejects.toThrow(/use Refund for the rest/);
  });

  it("Mark as Unpaid is refused for a consultation paid online: that needs a real refund", async () => {
    const { db } = database;
    const id = await paidTypeConsultation();
    const provider = createTestProvider(db, siteUrl);
    const { url } = await startConsultationCheckout(db, provider, { bookingId: id, siteUrl });
    await payTestCheckout(db, provider, items(), url.split("/").pop()!);
    const error = await setConsultationPaid(db, testActor, await form(id), false).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe("This consultation was paid online through the test checkout, so it cannot just be marked unpaid: use Refund to give the money back.");
    expect(await consultation(id)).toMatchObject({ isPaid: true });
    expect((await ledgerOf(id)).map((row) => row.entryType)).toEqual(["payment"]);
  });
});
