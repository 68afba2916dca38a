import { describe, expect, it } from "vitest";
import { consultationBookings, users } from "#db/schema/index.ts";
import { entriesOf, testActor as zanele } from "~/features/activity/testing.server.ts";
import { bookingReference } from "~/lib/ids.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { consultantsScreen, createConsultant, renewCalendarFeed } from "./admin.server.ts";
import { calendarFeedPath, consultantCalendarFeed } from "./calendar-feed.server.ts";

// A consultant's private calendar feed (issue 17): the meetings they have, as Google Calendar or
// Outlook read them, nobody else's; a hold awaiting payment is tentative, a lapsed hold and a
// cancelled meeting are gone; 'New Address' revokes the old address at once.

const database = useTestDatabase();
const SITE = "https://thula.example";
const now = new Date("2026-12-01T08:00:00Z");
let counter = 0;

/** A consultant added as the portal adds one; their id and calendar address. */
async function consultant(name: string) {
  counter += 1;
  const form = new FormData();
  for (const [key, value] of Object.entries({ name, email: `feed.${counter}.${Date.now().toString(36)}@thula.example`, timeZone: "Europe/London", takesPaid: "on", takesFree: "on", isActive: "on" })) form.set(key, value);
  const added = await createConsultant(database.db, zanele, form);
  if (!added.ok) throw new Error(added.message);
  const screen = await consultantsScreen(database.db, new URLSearchParams({ edit: added.target! }), { siteUrl: SITE });
  return { id: added.target!, feedUrl: screen.editing!.feedUrl, token: tokenOf(screen.editing!.feedUrl) };
}

async function meeting(consultantId: string, startsAt: string, values: Partial<typeof consultationBookings.$inferInsert> = {}) {
  counter += 1;
  const [person] = await database.db.insert(users).values({ firstName: "Thandi", lastName: `Nkosi${counter}`, email: `feed.client.${counter}.${Date.now().toString(36)}@example.co.za`, phone: "+27 82 555 0123" }).returning();
  const start = new Date(startsAt);
  const end = new Date(start.getTime() + 60 * 60_000);
  const [row] = await database.db
    .insert(consultationBookings)
    .values({
      userId: person!.id,
      firstName: person!.firstName,
      lastName: person!.lastName,
      email: person!.email,
      phone: person!.phone,
      consultationType: "paid",
      amountCents: 349900,
      status: "confirmed",
      isPaid: true,
      consultantId,
      startsAt: start,
      endsAt: end,
      blockedUntil: end,
      description: "Moving to Leeds with two children.",
      ...values,
    })
    .returning();
  return row!;
}

/** The secret in a feed address (/calendars/<secret>/consultations.ics). */
const tokenOf = (feedUrl: string) => feedUrl.split("/").at(-2)!;

/** The feed's lines, unfolded (RFC 5545 folds long lines at 75 octets). */
const unfolded = (feed: string) => feed.replace(/\r\n[ \t]/g, "").split("\r\n");
const events = (feed: string) => feed.split("BEGIN:VEVENT").slice(1);

describe(`a consultant's calendar feed (${testEngine})`, () => {
  it("lists their standing meetings (a live hold as tentative), none of anyone else's, no lapsed hold, no cancelled one, nothing over a month old", async () => {
    const naledi = await consultant("Naledi Dube");
    const other = await consultant("Sipho Ndlovu");
    const paid = await meeting(naledi.id, "2026-12-08T14:00:00Z");
    const held = await meeting(naledi.id, "2026-12-09T14:00:00Z", { status: "pending", isPaid: false, holdExpiresAt: new Date("2026-12-01T08:15:00Z") });
    const free = await meeting(naledi.id, "2026-12-10T09:00:00Z", { consultationType: "free", amountCents: 0, endsAt: new Date("2026-12-10T09:10:00Z"), blockedUntil: new Date("2026-12-10T09:10:00Z") });
    await meeting(naledi.id, "2026-12-11T14:00:00Z", { status: "pending", isPaid: false, holdExpiresAt: new Date("2026-12-01T07:45:00Z") });
    await meeting(naledi.id, "2026-12-12T14:00:00Z", { status: "cancelled" });
    await meeting(naledi.id, "2026-10-01T14:00:00Z", { status: "completed" });
    await meeting(other.id, "2026-12-08T10:00:00Z");

    expect(naledi.feedUrl).toBe(`${SITE}${calendarFeedPath(naledi.token)}`);
    const feed = (await consultantCalendarFeed(database.db, naledi.token, { siteUrl: SITE, now }))!;
    const lines = unfolded(feed);
    expect(lines).toContain("X-WR-CALNAME:Thula consultations: Naledi Dube");
    expect(lines).toContain("METHOD:PUBLISH");
    const [first, second, third, ...rest] = events(feed).map((event) => unfolded(event));
    expect(rest).toEqual([]);
    expect(first).toEqual(
      expect.arrayContaining([
        `UID:consultation-${paid.id}@thula-relocations`,
        "DTSTART:20261208T140000Z",
        "DTEND:20261208T150000Z",
        `SUMMARY:Consultation with ${paid.firstName} ${paid.lastName}`,
        "STATUS:CONFIRMED",
      ]),
    );
    expect(first!.find((line) => line.startsWith("DESCRIPTION:"))).toContain(`Reference ${bookingReference(paid.id)}.`);
    expect(first!.find((line) => line.startsWith("DESCRIPTION:"))).toContain(`Details: ${SITE}/admin/consultations?view=${paid.id}`);
    expect(second).toEqual(expect.arrayContaining([`UID:consultation-${held.id}@thula-relocations`, `SUMMARY:Consultation with ${held.firstName} ${held.lastName} (awaiting payment)`, "STATUS:TENTATIVE"]));
    expect(third).toEqual(expect.arrayContaining([`SUMMARY:Intro call with ${free.firstName} ${free.lastName}`, "DTEND:20261210T091000Z"]));
  });

  it("answers nothing for an address that is unknown, malformed or replaced by 'New Address', and the new address works at once", async () => {
    const johan = await consultant("Johan Venter");
    await meeting(johan.id, "2026-12-08T14:00:00Z");
    expect(await consultantCalendarFeed(database.db, "A".repeat(24), { siteUrl: SITE, now })).toBeUndefined();
    expect(await consultantCalendarFeed(database.db, "../../etc/passwd", { siteUrl: SITE, now })).toBeUndefined();

    const form = new FormData();
    form.set("id", johan.id);
    expect(await renewCalendarFeed(database.db, zanele, form)).toMatchObject({ ok: true, message: "Johan Venter's calendar has a new address: subscribe to it again, the old one no longer works." });
    expect(await consultantCalendarFeed(database.db, johan.token, { siteUrl: SITE, now })).toBeUndefined();
    const renewed = (await consultantsScreen(database.db, new URLSearchParams({ edit: johan.id }), { siteUrl: SITE })).editing!;
    expect(tokenOf(renewed.feedUrl)).not.toBe(johan.token);
    expect(renewed.consultant.version).toBe(1);
    expect(events((await consultantCalendarFeed(database.db, tokenOf(renewed.feedUrl), { siteUrl: SITE, now }))!)).toHaveLength(1);
    expect((await entriesOf(database.db, "consultant", johan.id)).at(-1)).toMatchObject({
      action: "consultant.calendar-renewed",
      summary: "Gave the consultant Johan Venter a new calendar address; the old one no longer works",
    });
  });
});
