import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, consultationBookings, emailOutbox, ledgerEntries, users } from "#db/schema/index.ts";
import { entryBy, testActor as zanele, watchActivity } from "~/features/activity/testing.server.ts";
import { completeCheckout, type PaymentProvider } from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { bookingReference } from "~/lib/ids.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { changeConsultationStatus, sendConsultationIntroEmail } from "./admin-actions.server.ts";
import { cancelConsultation, changeConsultationStatusOrCancel, deleteConsultation } from "./admin-cancel.server.ts";
import { consultationForAdmin, consultationsScreen } from "./admin.server.ts";
import { CANCEL_REASON_REQUIRED, REFUND_CHOICE_REQUIRED } from "./admin-schema.ts";
import { consultationPaidItem } from "./service.server.ts";

// Issue 14 on the consultations screen: a consultation is never erased once a checkout
// started or money arrived (docs/decisions/015). Delete removes one with neither (an unpaid
// request, a free call); otherwise it becomes Cancel consultation: who, when and why, a refund
// owed unless staff say no, open checkouts closed, the client e-mailed, one activity entry.
// Cancelled in the status menu is the same cancellation. Every test makes its own records.

const siteUrl = "https://thula.example";
const database = useTestDatabase();

/** A provider that records which checkouts it was asked to close. */
function recordingProvider(): PaymentProvider & { closed: string[] } {
  const closed: string[] = [];
  return {
    name: "test",
    closed,
    openCheckout: () => Promise.reject(new Error("not in this test")),
    fetchSession: () => Promise.resolve(null),
    refund: () => Promise.reject(new Error("not in this test")),
    expireSession: (sessionId) => {
      closed.push(sessionId);
      return Promise.resolve("expired" as const);
    },
  };
}

function formOf(entries: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) form.set(key, value);
  return form;
}

let counter = 0;

async function consultationOf(overrides: Partial<typeof consultationBookings.$inferInsert> = {}) {
  counter += 1;
  const email = `naledi.${counter}.${Date.now()}@example.co.za`;
  const [contact] = await database.db.insert(users).values({ firstName: "Naledi", lastName: "Mokoena", email, phone: "+27 82 555 0777" }).returning();
  const [booking] = await database.db
    .insert(consultationBookings)
    .values({
      userId: contact!.id,
      firstName: "Naledi",
      lastName: "Mokoena",
      email,
      phone: "+27 82 555 0777",
      consultationType: "paid",
      status: "confirmed",
      amountCents: 349900,
      description: "Moving to Bristol with a teaching post.",
      ...overrides,
    })
    .returning();
  return { contact: contact!, booking: booking! };
}

const paid = { isPaid: true, paidAt: new Date("2026-03-01T08:00:00Z") };

async function openCheckoutFor(bookingId: string, status: "open" | "expired" | "paid" = "open") {
  const id = `test_cs_${bookingId.replaceAll("-", "")}_${status}`;
  await database.db.insert(checkoutSessions).values({
    id,
    provider: "test",
    bookingKind: "consultation",
    bookingId,
    amountCents: 349900,
    status,
    url: `${siteUrl}/checkout/test/${id}`,
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  return id;
}

/** A form of the details dialog opened now: the consultation's id and its current version, with `entries`. */
async function dialogForm(id: string, entries: Record<string, string | undefined> = {}): Promise<FormData> {
  const [row] = await database.db.select({ version: consultationBookings.version }).from(consultationBookings).where(eq(consultationBookings.id, id));
  return formOf({ id, version: String(row?.version ?? 1), ...entries });
}

const bookingById = async (id: string) => (await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0];
const emailsTo = (address: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const checkoutStatus = async (id: string) => (await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]?.status;

describe(`Delete on a consultation (${testEngine})`, () => {
  it("deletes one with no checkout and no payment: an unpaid request, and a free call (stored as 'nothing to pay')", async () => {
    const unpaid = await consultationOf({ status: "pending" });
    const free = await consultationOf({ consultationType: "free", isPaid: true, amountCents: 0, status: "pending" });
    for (const { booking } of [unpaid, free]) {
      expect((await consultationForAdmin(database.db, booking.id))?.removal).toBe("delete");
      expect(await deleteConsultation(database.db, zanele, formOf({ id: booking.id }))).toEqual({ ok: true, message: "The consultation of Naledi Mokoena was deleted." });
      expect(await bookingById(booking.id)).toBeUndefined();
    }
  });

  it("refuses (409) to delete one that is paid, has a paid time, a checkout (even expired) or a ledger entry, and changes and logs nothing", async () => {
    const cases = [
      await consultationOf(paid),
      await consultationOf({ paidAt: new Date("2026-03-01T08:00:00Z") }),
      await consultationOf({ status: "pending" }),
      await consultationOf({ status: "pending" }),
      await consultationOf({ status: "completed", ...paid }),
    ];
    await openCheckoutFor(cases[2]!.booking.id, "expired");
    await database.db.insert(ledgerEntries).values({
      entryType: "payment",
      bookingKind: "consultation",
      bookingId: cases[3]!.booking.id,
      amountCents: 349900,
      provider: "manual",
      providerReference: `recorded:${cases[3]!.booking.id}`,
      actorName: "System",
      occurredAt: new Date("2026-03-01T08:00:00Z"),
    });
    const written = await watchActivity(database.db);
    for (const { booking } of cases) {
      const removal = (await consultationForAdmin(database.db, booking.id))?.removal;
      expect(removal).toBe(booking.status === "completed" ? "keep" : "cancel");
      const attempt = deleteConsultation(database.db, zanele, formOf({ id: booking.id }));
      await expect(attempt).rejects.toBeInstanceOf(ConflictError);
      await expect(attempt).rejects.toThrow("cannot be deleted. Cancel it instead.");
      expect(await bookingById(booking.id)).toMatchObject({ id: booking.id, status: booking.status });
    }
    expect(await written()).toEqual([]);
    // The screen's Delete dialog knows it too.
    const screen = await consultationsScreen(database.db, new URLSearchParams(`delete=${cases[0]!.booking.id}`));
    expect(screen.deleting).toMatchObject({ id: cases[0]!.booking.id, removal: "cancel", refundableCents: 349900 });
  });
});

describe(`Cancel consultation (${testEngine})`, () => {
  it("needs a reason, and for a paid one whether a refund is owed; a refusal changes, sends and logs nothing", async () => {
    const { booking } = await consultationOf(paid);
    const provider = recordingProvider();
    const written = await watchActivity(database.db);
    expect(await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "  " }), { provider, siteUrl })).toMatchObject({
      ok: false,
      fieldErrors: { reason: [CANCEL_REASON_REQUIRED] },
    });
    expect(await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "Client moved the date", refund: "maybe" }), { provider, siteUrl })).toMatchObject({
      ok: false,
      fieldErrors: { refund: [REFUND_CHOICE_REQUIRED] },
    });
    expect(await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "Client moved the date" }), { provider, siteUrl })).toMatchObject({
      ok: false,
      fieldErrors: { refund: [REFUND_CHOICE_REQUIRED] },
    });
    expect(await bookingById(booking.id)).toMatchObject({ status: "confirmed", cancelledAt: null, refundDue: false, adminNotes: [] });
    expect(await emailsTo(booking.email)).toEqual([]);
    expect(await written()).toEqual([]);
    await expect(cancelConsultation(database.db, zanele, await dialogForm("00000000-0000-4000-8000-000000000000", { reason: "x" }), { provider, siteUrl })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("cancels a paid one with who, when and why, owes the refund, closes its open checkout, keeps the money, e-mails the client and logs it without personal details", async () => {
    const { contact, booking } = await consultationOf(paid);
    const session = await openCheckoutFor(booking.id);
    const provider = recordingProvider();
    const now = new Date("2026-03-05T10:00:00Z");
    const written = await watchActivity(database.db);
    const result = await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "Naledi's visa was refused", refund: "due" }), { provider, siteUrl, now });
    expect(result).toEqual({ ok: true, message: "Consultation cancelled. A refund is due." });

    const after = await bookingById(booking.id);
    expect(after).toMatchObject({
      status: "cancelled",
      cancelledAt: now,
      cancelledBy: "Zanele Dube",
      cancelReason: "Naledi's visa was refused",
      refundDue: true,
      isPaid: true,
      paidAt: paid.paidAt,
      amountCents: 349900,
      refundedCents: 0,
      // One version for the cancellation, one for its status note.
      version: booking.version + 2,
    });
    expect(after!.adminNotes).toEqual([{ datetime: now.toISOString(), note: 'Consultation status changed to "cancelled"', admin_name: "Zanele Dube" }]);
    expect(provider.closed).toEqual([session]);
    expect(await checkoutStatus(session)).toBe("expired");

    const [email, ...more] = await emailsTo(booking.email);
    expect(more).toEqual([]);
    expect(email).toMatchObject({ kind: "consultation-cancelled", subject: "Your consultation has been cancelled", status: "queued" });
    expect(email!.textBody).toContain("We will refund R3499.00");
    expect(email!.textBody).toContain(bookingReference(booking.id));
    expect(email!.textBody).not.toContain("visa was refused");

    const entries = await written();
    expect(entries).toEqual([
      expect.objectContaining(
        entryBy(zanele, {
          action: "consultation.cancel",
          entityType: "consultation",
          entityId: booking.id,
          summary: `Cancelled consultation ${bookingReference(booking.id)} (PAID, Confirmed, paid); refund due`,
          changes: { status: { before: "confirmed", after: "cancelled" }, refundDue: { before: false, after: true } },
        }),
      ),
    ]);
    for (const personal of ["Naledi", "Mokoena", contact.email, "visa", "Bristol"]) expect(JSON.stringify(entries)).not.toContain(personal);

    // The details show it; a second cancellation is refused and changes nothing.
    const details = await consultationForAdmin(database.db, booking.id);
    expect(details).toMatchObject({ status: "cancelled", refundDue: true, removal: "keep", cancellation: { at: now, by: "Zanele Dube", reason: "Naledi's visa was refused" } });
    await expect(cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "again", refund: "due" }), { provider, siteUrl })).rejects.toThrow(
      "A cancelled consultation cannot be cancelled.",
    );
    expect(await emailsTo(booking.email)).toHaveLength(1);
  });

  it("owes no refund when staff say so, and tells an unpaid client there is nothing to refund", async () => {
    const waived = await consultationOf(paid);
    const provider = recordingProvider();
    expect(await cancelConsultation(database.db, zanele, await dialogForm(waived.booking.id, { reason: "Goodwill already agreed", refund: "waived" }), { provider, siteUrl })).toEqual({
      ok: true,
      message: "Consultation cancelled.",
    });
    expect(await bookingById(waived.booking.id)).toMatchObject({ status: "cancelled", refundDue: false, isPaid: true });
    const [waivedEmail] = await emailsTo(waived.booking.email);
    expect(waivedEmail!.textBody).not.toContain("We will refund");

    // Unpaid, with a checkout once opened (so it cannot be deleted): cancelled, nothing owed.
    const unpaid = await consultationOf({ status: "pending" });
    await openCheckoutFor(unpaid.booking.id, "expired");
    expect((await consultationForAdmin(database.db, unpaid.booking.id))?.removal).toBe("cancel");
    expect(await cancelConsultation(database.db, zanele, await dialogForm(unpaid.booking.id, { reason: "No reply" }), { provider, siteUrl })).toMatchObject({ ok: true });
    expect(await bookingById(unpaid.booking.id)).toMatchObject({ status: "cancelled", refundDue: false });
    const [unpaidEmail] = await emailsTo(unpaid.booking.email);
    expect(unpaidEmail!.textBody).toContain("You have not been charged for it, so there is nothing to refund.");
  });

  it("keeps a payment that arrives after the cancellation on record, owes it back, and tells the payer a refund follows rather than thanking them", async () => {
    const { booking } = await consultationOf({ status: "pending" });
    const sessionId = await openCheckoutFor(booking.id);
    expect(await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "Client moved abroad already" }), { provider: recordingProvider(), siteUrl })).toMatchObject({ ok: true });
    // The provider reports the payment anyway (it was made a moment before the checkout was closed).
    await database.db.update(checkoutSessions).set({ status: "open" }).where(eq(checkoutSessions.id, sessionId));
    const completed = await completeCheckout(database.db, { sessionId, status: "paid", amountCents: 349900, currency: "ZAR", bookingId: booking.id }, { consultation: consultationPaidItem(siteUrl) });
    expect(completed.status).toBe("completed");
    expect(await bookingById(booking.id)).toMatchObject({ status: "cancelled", isPaid: true, refundDue: true, cancelReason: "Client moved abroad already" });
    const receipt = (await emailsTo(booking.email)).find((mail) => mail.kind === "consultation-paid");
    expect(receipt).toMatchObject({ subject: "Payment received for a cancelled consultation: full refund to follow" });
    expect(receipt!.textBody).toContain("it reached us after that consultation had been cancelled");
    expect(receipt!.textBody).toContain("We will refund the full R3499.00");
    expect((await consultationForAdmin(database.db, booking.id))?.money).toBe("refund_due");
  });

  it("refuses a completed, closed, cancelled or refunded consultation (409), changing nothing", async () => {
    const provider = recordingProvider();
    for (const status of ["completed", "closed", "cancelled", "refunded"] as const) {
      const { booking } = await consultationOf({ status, ...paid });
      await expect(cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "x", refund: "due" }), { provider, siteUrl })).rejects.toBeInstanceOf(ConflictError);
      expect(await bookingById(booking.id)).toMatchObject({ status, cancelledAt: null, refundDue: false });
    }
  });

  it("is what Cancelled in the status menu does: the reason is asked for, the client e-mailed, the same entry written", async () => {
    const { booking } = await consultationOf(paid);
    const provider = recordingProvider();
    const refused = await changeConsultationStatusOrCancel(database.db, zanele, await dialogForm(booking.id, { status: "cancelled" }), { provider, siteUrl });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { reason: [CANCEL_REASON_REQUIRED] }, values: { status: "cancelled" } });
    expect(await bookingById(booking.id)).toMatchObject({ status: "confirmed" });

    const written = await watchActivity(database.db);
    const done = await changeConsultationStatusOrCancel(database.db, zanele, await dialogForm(booking.id, { status: "cancelled", reason: "Double booking", refund: "due" }), { provider, siteUrl });
    expect(done).toMatchObject({ ok: true });
    expect(await bookingById(booking.id)).toMatchObject({ status: "cancelled", cancelledBy: "Zanele Dube", cancelReason: "Double booking", refundDue: true });
    expect((await emailsTo(booking.email)).map((email) => email.kind)).toEqual(["consultation-cancelled"]);
    expect((await written()).map((entry) => entry.action)).toEqual(["consultation.cancel"]);

    // Other statuses still change plainly.
    const other = await consultationOf();
    expect(await changeConsultationStatusOrCancel(database.db, zanele, await dialogForm(other.booking.id, { status: "completed" }), { provider, siteUrl })).toMatchObject({ ok: true });
    expect(await bookingById(other.booking.id)).toMatchObject({ status: "completed" });
  });

  it("reopening a cancelled consultation (as pending) clears its cancellation and the refund owed", async () => {
    const { booking } = await consultationOf(paid);
    const provider = recordingProvider();
    await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "Client unwell", refund: "due" }), { provider, siteUrl });
    expect(await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "pending" }), { siteUrl })).toMatchObject({ ok: true });
    expect(await bookingById(booking.id)).toMatchObject({ status: "pending", cancelledAt: null, cancelledBy: null, cancelReason: null, refundDue: false, isPaid: true });
  });

  it("sends nothing to a client whose details were erased, and refuses to e-mail them by hand", async () => {
    const { contact, booking } = await consultationOf(paid);
    await database.db.update(users).set({ anonymisedAt: new Date(), email: `deleted-${contact.id}@invalid`, firstName: "Deleted", lastName: "contact" }).where(eq(users.id, contact.id));
    const provider = recordingProvider();
    expect(await cancelConsultation(database.db, zanele, await dialogForm(booking.id, { reason: "Erasure request", refund: "waived" }), { provider, siteUrl })).toMatchObject({ ok: true });
    expect(await emailsTo(booking.email)).toEqual([]);
    expect(await emailsTo(`deleted-${contact.id}@invalid`)).toEqual([]);
    await expect(sendConsultationIntroEmail(database.db, zanele, formOf({ id: booking.id }), { siteUrl })).rejects.toThrow("cannot be e-mailed");
    // Reopened: still nothing sent to them.
    expect(await changeConsultationStatus(database.db, zanele, await dialogForm(booking.id, { status: "pending" }), { siteUrl })).toMatchObject({ ok: true });
    expect(await emailsTo(booking.email)).toEqual([]);
    expect(await consultationForAdmin(database.db, booking.id)).toMatchObject({ anonymised: true, canRemind: false, clientName: "Deleted contact" });
  });
});
