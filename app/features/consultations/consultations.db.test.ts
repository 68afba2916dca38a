import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, consultationBookings, emailOutbox, users } from "#db/schema/index.ts";
import { consumeRateLimit, publicFormLimit } from "~/features/abuse/service.server.ts";
import { payTestCheckout, confirmPaymentForVisitor } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { RateLimitedError } from "~/lib/errors.ts";
import { contactByEmail, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { consultationFormSchema } from "./schema.ts";
import { requestConsultation, startConsultationCheckout } from "./service.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";

const siteUrl = "https://thula.example";
const database = useTestDatabase();

const form = (email: string, extra: Record<string, string> = {}) =>
  consultationFormSchema.parse({ ...visitor, email, notes: "We are a family of four moving to Leeds.", preferredTime: "evening", ...extra });

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
  return row!;
}

describe(`consultation requests (${testEngine})`, () => {
  it("stores a paid request pending and unpaid at the configured price, and queues its e-mail with a pay link", async () => {
    const { db } = database;
    const { bookingId } = await requestConsultation(db, { type: "paid", form: form("paid@example.com") }, { siteUrl });
    expect(await bookingRow(bookingId)).toMatchObject({
      consultationType: "paid",
      status: "pending",
      isPaid: false,
      amountCents: 349900,
      preferredDatetime: "evening",
      description: "We are a family of four moving to Leeds.",
      adminNotes: [],
    });
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "paid@example.com"));
    expect(email!.kind).toBe("consultation-requested");
    expect(email!.textBody).toContain("Evening (17:00 - 19:00 UK time)");
    expect(email!.textBody).toContain("R3499.00");
    expect(email!.textBody).toContain(`${siteUrl}/consultations/pay/${bookingId}`);
  });

  it("stores a free call pending and already paid, with nothing to pay", async () => {
    const { db } = database;
    const { bookingId } = await requestConsultation(db, { type: "free", form: form("free@example.com", { preferredTime: "morning" }) }, { siteUrl });
    expect(await bookingRow(bookingId)).toMatchObject({ consultationType: "free", status: "pending", isPaid: true, amountCents: 0, preferredDatetime: "morning" });
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "free@example.com"));
    expect(email!.kind).toBe("intro-call-requested");
    expect(email!.textBody).not.toContain("/consultations/pay/");
    await expect(startConsultationCheckout(db, createTestProvider(db, siteUrl), { bookingId, siteUrl })).rejects.toThrow("Consultation not found");
  });

  it("never overwrites a known contact's details or admin rights", async () => {
    const { db } = database;
    await db.insert(users).values({ firstName: "Lerato", lastName: "Mokoena", email: "lerato@example.com", phone: "+27 82 111 2222", isAdmin: true, preferredContact: "phone" });
    const { bookingId } = await requestConsultation(
      db,
      { type: "paid", form: form("LERATO@example.com", { firstName: "Someone", lastName: "Else", phone: "+27 60 000 0000", preferredContact: "whatsapp" }) },
      { siteUrl },
    );
    expect(await contactByEmail(db, "lerato@example.com")).toMatchObject({ firstName: "Lerato", phone: "+27 82 111 2222", isAdmin: true, preferredContact: "phone" });
    expect(await bookingRow(bookingId)).toMatchObject({ firstName: "Someone", phone: "+27 60 000 0000", preferredContact: "whatsapp" });
  });

  it("paying twice records one payment and one receipt", async () => {
    const { db } = database;
    const provider = createTestProvider(db, siteUrl);
    const { bookingId } = await requestConsultation(db, { type: "paid", form: form("payer@example.com") }, { siteUrl });
    const { url } = await startConsultationCheckout(db, provider, { bookingId, siteUrl });
    const sessionId = url.split("/").pop()!;
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ amountCents: 349900, bookingKind: "consultation" });

    const results = await Promise.all([payTestCheckout(db, provider, paidItems(siteUrl), sessionId), payTestCheckout(db, provider, paidItems(siteUrl), sessionId)]);
    expect(results.map((result) => result.status).sort()).toEqual(["already-completed", "completed"]);
    expect(await bookingRow(bookingId)).toMatchObject({ isPaid: true, paymentSessionId: sessionId });
    expect(await confirmPaymentForVisitor(db, provider, paidItems(siteUrl), sessionId)).toMatchObject({ state: "paid", amountCents: 349900, bookingKind: "consultation" });
    const receipts = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "payer@example.com"))).filter((e) => e.kind === "consultation-paid");
    expect(receipts).toHaveLength(1);
    await expect(startConsultationCheckout(db, provider, { bookingId, siteUrl })).rejects.toThrow("already paid");
  });
});

describe(`the public form rate limit (${testEngine})`, () => {
  it("answers 429 with a readable message past the limit, per client address", async () => {
    const { db } = database;
    const now = new Date("2030-01-01T10:00:00Z");
    for (let attempt = 0; attempt < publicFormLimit.limit; attempt++) await consumeRateLimit(db, publicFormLimit, "203.0.113.7", now);
    const error = await consumeRateLimit(db, publicFormLimit, "203.0.113.7", now).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).status).toBe(429);
    expect((error as RateLimitedError).message).toMatch(/Too many requests .* Please wait 15 minutes/);
    // Another address is unaffected, and the window resets.
    await expect(consumeRateLimit(db, publicFormLimit, "198.51.100.2", now)).resolves.toBeUndefined();
    const later = new Date(now.getTime() + publicFormLimit.windowSeconds * 1000 + 1000);
    await expect(consumeRateLimit(db, publicFormLimit, "203.0.113.7", later)).resolves.toBeUndefined();
  });

  it("counts a concurrent burst exactly", async () => {
    const { db } = database;
    const now = new Date("2030-02-01T10:00:00Z");
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => consumeRateLimit(db, publicFormLimit, "192.0.2.50", now)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(publicFormLimit.limit);
  });
});

describe(`malformed ids (${testEngine})`, () => {
  it("are simply not found, never a database error", async () => {
    const { db } = database;
    const { consultationForPayment } = await import("./service.server.ts");
    expect(await consultationForPayment(db, "not-a-uuid")).toBeUndefined();
    await expect(startConsultationCheckout(db, createTestProvider(db, siteUrl), { bookingId: "1' or '1'='1", siteUrl })).rejects.toThrow("Consultation not found");
  });
});
