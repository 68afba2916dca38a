import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, consultationBookings } from "#db/schema/index.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { bookingReference } from "~/lib/ids.ts";
import { consultationPaymentPage, payForConsultation } from "./payment-page.server.ts";
import { consultationFormSchema } from "./schema.ts";
import { requestConsultation } from "./service.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";

// The pay-online page that the confirmation e-mail links to: what it shows in each state,
// and that paying goes through the configured price, once.

const siteUrl = "https://thula.example";
const database = useTestDatabase();

async function book(type: "paid" | "free", email: string) {
  const form = consultationFormSchema.parse({ ...visitor, email });
  return (await requestConsultation(database.db, { type, form }, { siteUrl })).bookingId;
}

describe(`the consultation pay page (${testEngine})`, () => {
  it("is 'not found' for unknown ids, malformed ids and free calls, without touching the database with bad input", async () => {
    const { db } = database;
    const freeId = await book("free", "free.pay@example.com");
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "", "' or 1=1 --", `${freeId}x`, freeId]) {
      expect(await consultationPaymentPage(db, id)).toEqual({ state: "not-found" });
    }
    await expect(payForConsultation(db, createTestProvider(db, siteUrl), { bookingId: "not-a-uuid", siteUrl })).rejects.toBeInstanceOf(NotFoundError);
    await expect(payForConsultation(db, createTestProvider(db, siteUrl), { bookingId: freeId, siteUrl })).rejects.toThrow("Consultation not found");
  });

  it("offers a pending paid consultation at the configured price, and shows no personal data", async () => {
    const id = await book("paid", "payable@example.com");
    const page = await consultationPaymentPage(database.db, id);
    expect(page).toEqual({ state: "payable", reference: bookingReference(id), amountCents: 349900 });
    expect(JSON.stringify(page)).not.toMatch(/Thandi|payable@example\.com|\+27/);
  });

  it("opens one checkout for the configured amount, then reads 'already paid' once it is paid", async () => {
    const { db } = database;
    const provider = createTestProvider(db, siteUrl);
    const id = await book("paid", "payer.page@example.com");
    const { url } = await payForConsultation(db, provider, { bookingId: id, siteUrl });
    // Pressing Pay again before paying reuses the open checkout.
    expect((await payForConsultation(db, provider, { bookingId: id, siteUrl })).url).toBe(url);
    const sessionId = url.split("/").pop()!;
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ amountCents: 349900, bookingKind: "consultation", bookingId: id });

    await payTestCheckout(db, provider, paidItems(siteUrl), sessionId);
    expect(await consultationPaymentPage(db, id)).toEqual({ state: "paid", reference: bookingReference(id) });
    await expect(payForConsultation(db, provider, { bookingId: id, siteUrl })).rejects.toThrow(new ConflictError("This consultation is already paid. Thank you!"));
  });

  it("explains a cancelled consultation instead of taking payment", async () => {
    const { db } = database;
    const id = await book("paid", "cancelled.page@example.com");
    await db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.id, id));
    expect(await consultationPaymentPage(db, id)).toEqual({ state: "cancelled", reference: bookingReference(id) });
    await expect(payForConsultation(db, createTestProvider(db, siteUrl), { bookingId: id, siteUrl })).rejects.toBeInstanceOf(ConflictError);
  });
});
