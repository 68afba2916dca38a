import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seminarWaitlistEntries } from "#db/schema/index.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { postToBookingPage } from "../../../../tests/support/booking-action.ts";
import { insertSeminar } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";

// "Join the waitlist" as the booking page's form posts it (docs/decisions/007, 027).

const database = useTestDatabase();
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent", SEAT_HOLDS_PER_ADDRESS: "2" });
const join = { intent: "join-waitlist", firstName: "Ayanda", lastName: "Dlamini", phone: "+27 82 555 0142", seats: "2" };
let n = 0;
const act = (seminarId: string, fields: Record<string, string>, client = `join-${++n}`) => postToBookingPage({ db: database.db, settings }, client, seminarId, fields);
const entriesOf = (seminarId: string) => database.db.select().from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.seminarId, seminarId));

describe(`joining a waitlist through the booking page (${testEngine})`, () => {
  it("takes a place with the seats asked for, refuses bad input with its fields and keeps what was typed", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 1, currentAttendees: 1 });
    const joined = await act(seminar.id, { ...join, email: "ayanda@example.com" });
    expect(joined.body).toEqual({ intent: "join-waitlist", ok: true, place: 1, seats: 2 });
    const refused = await act(seminar.id, { ...join, email: "not-an-address", seats: "9" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ok: false, intent: "join-waitlist", values: { email: "not-an-address" } });
    expect(Object.keys(refused.body!.ok ? {} : refused.body!.fieldErrors).sort()).toEqual(["email", "seats"]);
    expect(await entriesOf(seminar.id)).toHaveLength(1);
  });

  it("answers a filled honeypot like a success and saves nothing; counts every try against the address", async () => {
    const seminar = await insertSeminar(database.db, { maxAttendees: 1, currentAttendees: 1 });
    const bot = await act(seminar.id, { ...join, email: "bot@example.com", website: "http://spam.example" });
    expect(bot.body).toMatchObject({ intent: "join-waitlist", ok: true });
    expect(await entriesOf(seminar.id)).toHaveLength(0);
    await act(seminar.id, { ...join, email: "one@example.com" }, "same-address");
    await act(seminar.id, { ...join, email: "two@example.com" }, "same-address");
    const third = await act(seminar.id, { ...join, email: "three@example.com" }, "same-address");
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBeTruthy();
    expect((await entriesOf(seminar.id)).map((entry) => entry.email).sort()).toEqual(["one@example.com", "two@example.com"]);
  });
});
