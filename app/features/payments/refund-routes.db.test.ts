import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, seminarBookings } from "#db/schema/index.ts";
import { watchActivity } from "~/features/activity/testing.server.ts";
import { ensureAdmin } from "~/features/admin-auth/admins.server.ts";
import { getAuth } from "~/features/admin-auth/auth.server.ts";
import { signInWithPassword } from "~/features/admin-auth/service.server.ts";
import { cookieHeader, nextClient, routerContext, testSiteUrl, useTestRuntime } from "~/features/admin-auth/testing.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { action as bookingsAction, loader as bookingsLoader, intents as bookingsIntents } from "../../routes/admin/bookings.tsx";
import { action as seminarsAction, intents as seminarsIntents } from "../../routes/admin/seminars.tsx";
import { insertSeminar, visitor } from "../../../tests/support/fixtures.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { payTestCheckout } from "./checkout.server.ts";
import { REFUND_INTENT } from "./refund-schema.ts";
import { createTestProvider } from "./test-provider.server.ts";

// The refund dialog's form through the admin routes that offer it (/admin/bookings and the
// Manage Attendees dialog of /admin/seminars): the loader draws the dialog for ?refund=…,
// the action answers each outcome with its status, and only a signed-in admin gets there.

const { database, runtime } = useTestRuntime();
let cookie = "";
let counter = 0;

beforeAll(async () => {
  const auth = getAuth(runtime);
  await ensureAdmin(database.db, auth, { email: "refunds@thula.example", password: "a long refunds desk passphrase", name: "Refunds Desk" });
  const answer = await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email: "refunds@thula.example", password: "a long refunds desk passphrase" });
  if (!answer.ok) throw new Error(answer.message);
  cookie = cookieHeader(answer.setCookies);
});

async function paidBooking() {
  const { db } = database;
  const seminar = await insertSeminar(db, { priceCents: 120000 });
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: `route.${++counter}@example.co.za` } }, { siteUrl: testSiteUrl });
  const { url } = await startSeminarCheckout(db, createTestProvider(db, testSiteUrl), { bookingId: hold.bookingId, siteUrl: testSiteUrl });
  await payTestCheckout(db, createTestProvider(db, testSiteUrl), paidItems(testSiteUrl), url.split("/").pop()!);
  return { seminar, bookingId: hold.bookingId };
}

type Action = typeof bookingsAction | typeof seminarsAction;

async function post(action: Action, path: string, fields: Record<string, string>, withCookie = true) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const request = new Request(`${testSiteUrl}${path}`, { method: "POST", body, headers: { origin: testSiteUrl, ...(withCookie ? { cookie } : {}) } });
  try {
    const answer = (await action({ request, params: {}, context: routerContext(runtime) } as never)) as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, body: answer.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

async function dialogFor(bookingId: string) {
  const request = new Request(`${testSiteUrl}/admin/bookings?refund=seminar:${bookingId}`, { headers: { cookie } });
  const page = (await bookingsLoader({ request, params: {}, context: routerContext(runtime) } as never)) as { refund?: { idempotencyKey: string; refundableCents: number } | null };
  return page.refund!;
}

describe(`refunds through the admin routes (${testEngine})`, () => {
  it("both routes list the refund intent, so the authorisation matrix probes it", () => {
    expect(bookingsIntents).toEqual([REFUND_INTENT]);
    expect(seminarsIntents).toContain(REFUND_INTENT);
  });

  it("/admin/bookings: the dialog's data, a partial refund (200), an over-refund (422) and the rest", async () => {
    const { bookingId } = await paidBooking();
    const dialog = await dialogFor(bookingId);
    expect(dialog).toMatchObject({ bookingKind: "seminar", bookingId, paidCents: 120000, refundedCents: 0, refundableCents: 120000, provider: "test" });
    const form = { intent: REFUND_INTENT, bookingKind: "seminar", bookingId, idempotencyKey: dialog.idempotencyKey };

    const written = await watchActivity(database.db);
    expect(await post(bookingsAction, "/admin/bookings", { ...form, amount: "500", reason: "Can only come to half" })).toEqual({
      status: 200,
      body: { ok: true, intent: REFUND_INTENT, target: bookingId, message: "Refunded R500.00 through the test checkout (no real money moves)." },
    });
    // The same form sent again (a double click, a resent page) is the same refund.
    expect(await post(bookingsAction, "/admin/bookings", { ...form, amount: "500", reason: "Can only come to half" })).toMatchObject({
      status: 200,
      body: { message: "Already done: Refunded R500.00 through the test checkout (no real money moves)." },
    });
    expect((await written()).map((entry) => [entry.action, entry.actorName])).toEqual([["seminar_booking.refund", "Refunds Desk"]]);

    const next = await dialogFor(bookingId);
    expect(next.refundableCents).toBe(70000);
    expect(next.idempotencyKey).not.toBe(dialog.idempotencyKey);
    const over = await post(bookingsAction, "/admin/bookings", { ...form, idempotencyKey: next.idempotencyKey, amount: "700.01", reason: "The rest" });
    expect(over).toMatchObject({
      status: 422,
      body: { ok: false, message: "You can refund at most R700.00 of the R1200.00 paid (R500.00 already refunded).", values: { amount: "700.01", reason: "The rest" } },
    });
    expect(await post(bookingsAction, "/admin/bookings", { ...form, idempotencyKey: next.idempotencyKey, amount: "", reason: "" })).toMatchObject({
      status: 422,
      body: { fieldErrors: { amount: ["Enter the amount to refund, in rand."], reason: ["Give a reason for the refund."] } },
    });
    expect(await post(bookingsAction, "/admin/bookings", { ...form, idempotencyKey: next.idempotencyKey, amount: "700", reason: "The rest" })).toMatchObject({ status: 200 });

    const [booking] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId));
    expect(booking).toMatchObject({ status: "refunded", refundedCents: 120000 });
    const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
    expect(rows.filter((row) => row.entryType === "refund").map((row) => [row.amountCents, row.actorName])).toEqual([
      [50000, "Refunds Desk"],
      [70000, "Refunds Desk"],
    ]);
  });

  it("/admin/seminars answers the refund form too, and still answers its own intents", async () => {
    const { bookingId, seminar } = await paidBooking();
    const { idempotencyKey } = await dialogFor(bookingId);
    expect(await post(seminarsAction, `/admin/seminars?attendees=${seminar.id}`, { intent: REFUND_INTENT, bookingKind: "seminar", bookingId, idempotencyKey, amount: "1200", reason: "Seminar full" })).toMatchObject({
      status: 200,
      body: { ok: true, intent: REFUND_INTENT, message: "Refunded R1200.00 through the test checkout (no real money moves)." },
    });
    expect(await post(seminarsAction, "/admin/seminars", { intent: "send-reminder", seminarId: seminar.id, bookingId })).toMatchObject({ status: 409, body: { intent: "send-reminder" } });
  });

  it("refuses anyone who is not signed in as an admin, before reading the form", async () => {
    const { bookingId } = await paidBooking();
    const { idempotencyKey } = await dialogFor(bookingId);
    const fields = { intent: REFUND_INTENT, bookingKind: "seminar", bookingId, idempotencyKey, amount: "1200", reason: "x" };
    expect(await post(bookingsAction, "/admin/bookings", fields, false)).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await post(seminarsAction, "/admin/seminars", fields, false)).toMatchObject({ status: 302, location: "/admin/login" });
    const [booking] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId));
    expect(booking).toMatchObject({ refundedCents: 0 });
  });
});
