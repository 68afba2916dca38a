import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAdminDate, formatAdminTime } from "~/components/admin/dates.ts";
import { entriesAddedBy, entriesOf, testActor as zanele } from "~/features/activity/testing.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { StaleEditError } from "~/lib/errors.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { seminarsPageAction, type SeminarActionResult } from "./actions.server.ts";
import { seminarFormValues, type SeminarInput } from "./schema.ts";
import { updateSeminar } from "./seminars.server.ts";

// No lost updates on Edit Seminar (issue 14, docs/decisions/014-no-lost-updates.md): an edit is
// saved only over the version its form was opened on; one based on an older version is
// refused, naming who changed the seminar and when, and writes and logs nothing. Seats taken
// are not something the admin edits, so bookings never make an open form out of date.

let database: TestDatabase;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });
const site = { siteUrl: settings.siteUrl };
const nomsa = { id: "admin-nomsa", name: "Nomsa Khumalo", email: "nomsa@thula.example" };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

type Seminar = Awaited<ReturnType<typeof insertSeminar>>;

const input = (seminar: Seminar, changes: Partial<SeminarInput> = {}): SeminarInput => ({ ...seminar, ...changes });

/** The refusal as the admin reads it, with the time of the log's newest entry about the seminar. */
async function refusalNaming(name: string, seminarId: string) {
  const last = (await entriesOf(database.db, "seminar", seminarId)).at(-1)!;
  return `${name} changed this seminar at ${formatAdminTime(last.at)} on ${formatAdminDate(last.at)}, after you opened it, so your changes were not saved. What you typed is still below: copy what you need, then reload the page to see the current version.`;
}

/** Posts the Edit Seminar form to the /admin/seminars action as `actor`. */
async function post(fields: Record<string, string>, actor = zanele) {
  const request = new Request("https://thula.example/admin/seminars?edit=x", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await seminarsPageAction({ db: database.db, settings }, actor, request);
  if (result instanceof Response) return { status: result.status };
  const wrapped = result as { data: SeminarActionResult; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

describe(`editing a seminar someone else changed since (${testEngine})`, () => {
  it("saves the first of two edits opened on the same version, refuses the second naming who and when, and keeps the first", async () => {
    const seminar = await insertSeminar(database.db, { title: "Durban evening", priceCents: 120000 });
    expect(seminar.version).toBe(1);
    const first = await updateSeminar(database.db, nomsa, { id: seminar.id, version: 1 }, input(seminar, { priceCents: 150000 }), site);
    expect(first).toMatchObject({ priceCents: 150000, version: 2 });

    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await updateSeminar(database.db, zanele, { id: seminar.id, version: 1 }, input(seminar, { title: "Durban evening, moved" }), site).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(StaleEditError);
    expect((refusal as Error).message).toBe(await refusalNaming("Nomsa Khumalo", seminar.id));
    expect(added).toBe(0);
    expect(await seminarById(database.db, seminar.id)).toEqual(first);
  });

  it("bumps the version with every save, so the same form saves again once it carries the new one", async () => {
    const seminar = await insertSeminar(database.db);
    const once = await updateSeminar(database.db, zanele, seminar, input(seminar, { maxAttendees: 40 }), site);
    const twice = await updateSeminar(database.db, zanele, once, input(seminar, { maxAttendees: 45 }), site);
    expect([once.version, twice.version]).toEqual([2, 3]);
    expect((await entriesOf(database.db, "seminar", seminar.id)).map((entry) => entry.action)).toEqual(["seminar.update", "seminar.update"]);
  });

  it("does not count a seat taken as a change: a form opened before a booking still saves", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 30 });
    await holdSeat(database.db, { seminarId: seminar.id, contact: { ...visitor, email: "seat.taker@example.co.za" } }, site);
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ currentAttendees: 1, version: 1 });
    expect(await updateSeminar(database.db, zanele, { id: seminar.id, version: 1 }, input(seminar, { title: "Still editable" }), site)).toMatchObject({
      title: "Still editable",
      currentAttendees: 1,
      version: 2,
    });
  });

  it("refuses a form that does not say which version it was opened on, writing and logging nothing", async () => {
    const seminar = await insertSeminar(database.db);
    const added = await entriesAddedBy(database.db, () =>
      expect(updateSeminar(database.db, zanele, { id: seminar.id, version: undefined }, input(seminar, { title: "Unversioned" }), site)).rejects.toThrow(
        "Your changes were not saved: the form did not say which version of this seminar you opened",
      ),
    );
    expect(added).toBe(0);
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ title: seminar.title, version: 1 });
  });

  it("answers a stale save 409, marked stale, with every value typed and the version they were typed on", async () => {
    const seminar = await insertSeminar(database.db, { title: "Cape Town morning" });
    const form = { intent: "update-seminar", seminarId: seminar.id, version: "1", ...seminarFormValues(seminar) };
    expect(await post({ ...form, price: "1300.00" }, nomsa)).toMatchObject({ status: 302 });
    const answer = await post({ ...form, title: "Cape Town morning, renamed" });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ ok: false, stale: true, intent: "update-seminar", title: "Failed to save seminar", message: await refusalNaming("Nomsa Khumalo", seminar.id) });
    expect(answer.body && !answer.body.ok && answer.body.values).toMatchObject({ title: "Cape Town morning, renamed", version: "1", price: form.price });
    expect(await seminarById(database.db, seminar.id)).toMatchObject({ title: "Cape Town morning", priceCents: 130000, version: 2 });
  });
});
