import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, emailOutbox, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { insertSeminar, seminarById } from "../../../../tests/support/fixtures.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { loadSeminarsPage, seminarsPageAction, type SeminarActionResult as Result, type SeminarsPageData } from "./actions.server.ts";
import { deleteSeminar, updateSeminar } from "./seminars.server.ts";
import type { SeminarInput } from "./schema.ts";
import { seminarFormFields } from "../testing/admin-forms.ts";

/** An answer of the action, read loosely: a success simply has no field errors. */
type SeminarActionResult = Result & { fieldErrors?: FieldErrors; values?: Record<string, string> };

let database: TestDatabase;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });
const runtime = () => ({ db: database.db, settings });
const today = () => todayIn("Africa/Johannesburg");

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

type Outcome = { status: number; location?: string; body?: SeminarActionResult };

/** Posts a form to the /admin/seminars action and reads the answer, whatever its shape. */
async function post(fields: Record<string, string | string[]>, search = ""): Promise<Outcome> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const request = new Request(`https://thula.example/admin/seminars${search}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await seminarsPageAction(runtime(), testActor, request);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") ?? undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: SeminarActionResult; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as SeminarActionResult };
}

const validForm = seminarFormFields;

const byTitle = async (title: string) => (await database.db.select().from(seminars).where(eq(seminars.title, title)))[0];
const seminarCount = async () => (await database.db.select().from(seminars)).length;

describe(`creating a seminar (${testEngine})`, () => {
  it("stores the seminar with its price in exact cents and sends the admin back to the list", async () => {
    const form = validForm({ price: "1499.99", max_attendees: "45" });
    const answer = await post(form, "?create=1&q=durban");
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "https://thula.example");
    expect(location.pathname).toBe("/admin/seminars");
    expect(location.searchParams.get("notice")).toBe("created");
    expect(location.searchParams.get("q")).toBe("durban");
    expect(location.searchParams.has("create")).toBe(false);
    const saved = await byTitle(form.title as string);
    expect(saved).toMatchObject({ priceCents: 149999, maxAttendees: 45, currentAttendees: 0, isActive: true, seminarTime: "18:00:00", organizerName: "Thula Relocations" });
  });

  it("refuses a blank organizer name and a blank location with the messages of docs/product.md §6.7, storing nothing", async () => {
    const before = await seminarCount();
    const answer = await post(validForm({ organizer_name: "   ", location: "" }));
    expect(answer.status).toBe(422);
    expect(answer.body?.title).toBe("Failed to create seminar");
    expect(answer.body?.fieldErrors?.organizer_name).toEqual(["Organizer name is required"]);
    expect(answer.body?.fieldErrors?.location).toEqual(["Location is required"]);
    // What was typed comes back, so nothing is lost.
    expect(answer.body?.values?.city).toBe("Durban");
    expect(await seminarCount()).toBe(before);
  });

  it("requires every other field", async () => {
    const answer = await post({ intent: "create-seminar" });
    expect(answer.status).toBe(422);
    const errors = answer.body!.fieldErrors!;
    for (const field of ["title", "organizer_name", "city", "venue_name", "address", "location", "seminar_date", "seminar_time", "price", "max_attendees"]) {
      expect(errors[field], field).toBeDefined();
    }
    expect(errors.description).toBeUndefined();
  });

  it("refuses a date before today in South Africa and accepts today", async () => {
    const past = await post(validForm({ seminar_date: addDays(today(), -1) }));
    expect(past.status).toBe(422);
    expect(past.body?.fieldErrors?.seminar_date).toEqual(["The date cannot be in the past"]);
    const notADate = await post(validForm({ seminar_date: "2030-02-30" }));
    expect(notADate.body?.fieldErrors?.seminar_date).toEqual(["Enter a real date (YYYY-MM-DD)"]);
    const form = validForm({ seminar_date: today() });
    expect((await post(form)).status).toBe(302);
    expect((await byTitle(form.title as string))!.seminarDate).toBe(today());
  });

  it.each([
    ["12.345", undefined, "Price can have at most 2 decimal places"],
    ["-1", undefined, "Price cannot be negative"],
    ["abc", 0, undefined],
    ["19.99", 1999, undefined],
    ["0.1", 10, undefined],
    ["1200", 120000, undefined],
    ["0", 0, undefined],
    ["12.50", 1250, undefined],
  ])("price %j: stored as %j cents, or refused with %j", async (price, cents, message) => {
    const form = validForm({ price });
    const answer = await post(form);
    if (message) {
      expect(answer.status).toBe(422);
      expect(answer.body?.fieldErrors?.price).toEqual([message]);
      expect(await byTitle(form.title as string)).toBeUndefined();
    } else {
      expect(answer.status).toBe(302);
      expect((await byTitle(form.title as string))!.priceCents).toBe(cents);
    }
  });

  it.each([["0"], ["-3"], ["2.5"], [""], ["ten"]])("refuses max attendees %j", async (max) => {
    const answer = await post(validForm({ max_attendees: max }));
    expect(answer.status).toBe(422);
    expect(answer.body?.fieldErrors?.max_attendees?.[0]).toMatch(/^Max attendees (is required|must be a whole number of at least 1)$/);
  });

  it("is active unless the box is unticked; a request without the field makes an active seminar", async () => {
    const inactive = validForm({ is_active: "false" });
    await post(inactive);
    expect((await byTitle(inactive.title as string))!.isActive).toBe(false);
    const { is_active: _dropped, ...bare } = validForm();
    await post(bare);
    expect((await byTitle(bare.title as string))!.isActive).toBe(true);
  });
});

const input = (seminar: Awaited<ReturnType<typeof insertSeminar>>, change: Partial<SeminarInput> = {}): SeminarInput => ({
  title: seminar.title,
  organizerName: seminar.organizerName,
  description: seminar.description,
  city: seminar.city,
  venueName: seminar.venueName,
  address: seminar.address,
  location: seminar.location,
  seminarDate: seminar.seminarDate,
  seminarTime: seminar.seminarTime.slice(0, 5),
  priceCents: seminar.priceCents,
  maxAttendees: seminar.maxAttendees,
  isActive: seminar.isActive,
  ...change,
});

async function contact(n: string) {
  const [row] = await database.db
    .insert(users)
    .values({ firstName: `Person${n}`, lastName: "Admin", email: `person.${n}.${Date.now()}@example.com`, phone: "+27 82 555 0100" })
    .returning();
  return row!;
}

/** A booking written as the booking code would leave it; the seat count is set by the caller. */
async function booking(seminarId: string, kind: "paid" | "added" | "hold" | "lapsed" | "cancelled", n: string) {
  const person = await contact(n);
  const now = Date.now();
  const [row] = await database.db
    .insert(seminarBookings)
    .values({
      userId: person.id,
      seminarId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      status: kind === "paid" || kind === "added" ? "confirmed" : kind === "cancelled" ? "cancelled" : "pending",
      isPaid: kind === "paid",
      amountCents: 120000,
      holdExpiresAt: kind === "hold" ? new Date(now + 20 * 60_000) : kind === "lapsed" ? new Date(now - 60_000) : null,
      paidAt: kind === "paid" ? new Date() : null,
    })
    .returning();
  return row!;
}

describe(`editing a seminar (${testEngine})`, () => {
  it("never lets Max attendees go below the seats already taken", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 10, currentAttendees: 3 });
    await booking(seminar.id, "paid", "e1");
    await booking(seminar.id, "added", "e2");
    await booking(seminar.id, "hold", "e3");

    const answer = await post({ ...validForm({ intent: "update-seminar", version: "1", max_attendees: "2" }), seminarId: seminar.id });
    expect(answer.status).toBe(422);
    expect(answer.body?.title).toBe("Failed to save seminar");
    expect(answer.body?.fieldErrors?.max_attendees).toEqual(["Max attendees cannot be below the 3 seats already taken."]);
    expect((await seminarById(database.db, seminar.id))!.maxAttendees).toBe(10);

    const saved = await post({ ...validForm({ intent: "update-seminar", version: "1", max_attendees: "3", title: "Renamed evening" }), seminarId: seminar.id }, "?edit=x");
    expect(saved.status).toBe(302);
    expect(new URL(saved.location!, "https://thula.example").searchParams.get("notice")).toBe("saved");
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ maxAttendees: 3, currentAttendees: 3, title: "Renamed evening" });
  });

  it("frees lapsed holds first, so their seats do not count", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 5, currentAttendees: 2 });
    await booking(seminar.id, "paid", "l1");
    await booking(seminar.id, "lapsed", "l2");
    const saved = await updateSeminar(database.db, testActor, seminar, input(seminar, { maxAttendees: 1 }), { siteUrl: settings.siteUrl });
    expect(saved).toMatchObject({ maxAttendees: 1, currentAttendees: 1 });
  });

  it("does not move a seminar into the past, but keeps the past date of one that has taken place", async () => {
    const upcoming = await insertSeminar(database.db);
    const moved = await post({ ...validForm({ intent: "update-seminar", version: "1", seminar_date: addDays(today(), -2) }), seminarId: upcoming.id });
    expect(moved.status).toBe(422);
    expect(moved.body?.fieldErrors?.seminar_date).toEqual(["The date cannot be in the past"]);

    const past = await insertSeminar(database.db, { seminarDate: addDays(today(), -30) });
    const corrected = await post({ ...validForm({ intent: "update-seminar", version: "1", seminar_date: past.seminarDate, title: "Past, typo fixed" }), seminarId: past.id });
    expect(corrected.status).toBe(302);
    expect((await seminarById(database.db, past.id))!.title).toBe("Past, typo fixed");
  });

  it("refuses an edit with the messages of docs/product.md §6.7, and an unknown seminar with 'Seminar not found'", async () => {
    const seminar = await insertSeminar(database.db);
    const blank = await post({ ...validForm({ intent: "update-seminar", version: "1", organizer_name: "" }), seminarId: seminar.id });
    expect(blank.body?.fieldErrors?.organizer_name).toEqual(["Organizer name is required"]);
    const missing = await post({ ...validForm({ intent: "update-seminar", version: "1" }), seminarId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(missing.body?.message).toBe("Seminar not found");
  });
});

describe(`deleting a seminar (${testEngine})`, () => {
  it("queues one cancellation per attendee with a seat, removes every booking and closes open checkouts", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 10, currentAttendees: 3, title: "To be cancelled" });
    const paid = await booking(seminar.id, "paid", "d1");
    const added = await booking(seminar.id, "added", "d2");
    const hold = await booking(seminar.id, "hold", "d3");
    await booking(seminar.id, "lapsed", "d4");
    await booking(seminar.id, "cancelled", "d5");
    await database.db.insert(checkoutSessions).values({
      id: `test_cs_delete_${Date.now()}`,
      provider: "test",
      bookingKind: "seminar",
      bookingId: hold.id,
      amountCents: 120000,
      url: "https://thula.example/checkout/test/x",
      expiresAt: new Date(Date.now() + 20 * 60_000),
    });

    const answer = await post({ intent: "delete-seminar", seminarId: seminar.id }, "?delete=x&page=3");
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "https://thula.example");
    expect(Object.fromEntries(location.searchParams)).toEqual({ notice: "deleted", title: "To be cancelled", mailed: "3" });

    expect(await seminarById(database.db, seminar.id)).toBeUndefined();
    expect(await database.db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id))).toEqual([]);
    const mails = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "seminar-cancelled"))).filter((mail) =>
      [paid, added, hold].some((b) => mail.dedupeKey === `seminar-cancelled:${b.id}`),
    );
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([paid.email, added.email, hold.email].sort());
    expect(mails.every((mail) => mail.subject.startsWith("Cancelled: To be cancelled on "))).toBe(true);
    expect(mails.find((mail) => mail.toAddress === paid.email)!.textBody).toContain("refund it in full");
    expect(mails.find((mail) => mail.toAddress === added.email)!.textBody).toContain("You have not been charged");
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.bookingId, hold.id));
    expect(session!.status).toBe("expired");
  });

  it("stands when a cancellation cannot be queued", async () => {
    const seminar = await insertSeminar(database.db, { currentAttendees: 1 });
    const attendee = await booking(seminar.id, "paid", "f1");
    // A site address that is not a web link makes the e-mail refuse to render.
    const deleted = await deleteSeminar(database.db, testActor, paymentProviderFor(database.db, settings), seminar.id, { siteUrl: "javascript:alert(1)" });
    expect(deleted).toEqual({ title: seminar.title, attendeesTold: 1, emailsQueued: 0 });
    expect(await seminarById(database.db, seminar.id)).toBeUndefined();
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `seminar-cancelled:${attendee.id}`))).toEqual([]);
  });

  it("answers an unknown seminar with 'Seminar not found' and an unknown intent with a 400", async () => {
    const missing = await post({ intent: "delete-seminar", seminarId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ title: "Failed to delete seminar", message: "Seminar not found" });
    expect((await post({ intent: "drop-tables" })).status).toBe(400);
  });
});

describe(`the seminar list (${testEngine})`, () => {
  it("searches title, description and location case-insensitively, active only by default", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await insertSeminar(database.db, { title: `Alpha ${tag.toUpperCase()}`, seminarDate: addDays(today(), 3) });
    await insertSeminar(database.db, { description: `About ${tag}`, seminarDate: addDays(today(), 2) });
    await insertSeminar(database.db, { location: `Hall ${tag}, Durban`, seminarDate: addDays(today(), 1) });
    await insertSeminar(database.db, { title: `Hidden ${tag}`, isActive: false });

    const load = async (search: string) => {
      const result = await loadSeminarsPage(runtime(), new URL(`https://thula.example/admin/seminars${search}`));
      return result.data as SeminarsPageData;
    };
    const active = await load(`?q=${tag}`);
    if (active.status !== "ok") throw new Error("the list failed");
    expect(active.total).toBe(3);
    // Soonest first (docs/product.md §3.6).
    expect(active.seminars.map((s) => s.seminarDate)).toEqual([...active.seminars.map((s) => s.seminarDate)].sort());
    const all = await load(`?q=${tag}&active=0&active=1`);
    expect(all.status === "ok" && all.total).toBe(3);
    const everything = await load(`?q=${tag}&active=0`);
    expect(everything.status === "ok" && everything.total).toBe(4);
    // A page past the end shows the last page, with the page it shows.
    const beyond = await load(`?q=${tag}&page=99999`);
    if (beyond.status !== "ok") throw new Error("the list failed");
    expect(beyond).toMatchObject({ query: { page: 1 }, pageCount: 1, total: 3 });
    expect(beyond.seminars).toHaveLength(3);
  });

  it("opens the modal the URL names, and reports a seminar that no longer exists", async () => {
    const seminar = await insertSeminar(database.db, { currentAttendees: 1 });
    await booking(seminar.id, "paid", "m1");
    const load = async (search: string) => (await loadSeminarsPage(runtime(), new URL(`https://thula.example/admin/seminars${search}`))).data as SeminarsPageData & { status: "ok" };
    expect((await load("?create=1")).modal).toEqual({ kind: "create" });
    expect((await load(`?edit=${seminar.id}`)).modal).toMatchObject({ kind: "edit", seminar: { id: seminar.id, seminarTime: "18:00" } });
    expect((await load(`?delete=${seminar.id}`)).modal).toMatchObject({ kind: "delete", attendeesToTell: 1 });
    const attendees = (await load(`?attendees=${seminar.id}&who=person`)).modal;
    expect(attendees).toMatchObject({ kind: "attendees", seminarId: seminar.id, search: "person" });
    const gone = await load("?edit=00000000-0000-4000-8000-000000000000");
    expect(gone.modal).toBeNull();
    expect(gone.notice).toEqual({ kind: "missing" });
  });
});
