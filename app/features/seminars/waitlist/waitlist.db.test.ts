import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, seminarBookings, seminarTickets, seminarWaitlistEntries } from "#db/schema/index.ts";
import { entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { StaleEditError } from "~/lib/errors.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { anonymiseSeminarBookingsOfContact } from "../admin/contact-erasure.server.ts";
import { holdSeat, releaseHold } from "../seats/holds.server.ts";
import { claimOffer, leaveWaitlist, offerView } from "./claim.server.ts";
import { AlreadyWaitingError, joinWaitlist, moveInWaitlist, sendOfferNow, withdrawFromWaitlist } from "./line.server.ts";
import { serveAllWaitlists, serveWaitlist, type WaitlistRuntime } from "./offers.server.ts";

const database = useTestDatabase();
const siteUrl = "https://thula.example";
const rt: WaitlistRuntime = { siteUrl, offerHours: 24, signer: createLinkSigner("waitlist-test-secret-of-enough-length") };
const HOUR = 60 * 60_000;
let counter = 0;

const person = (seats = 1) => {
  counter += 1;
  return { firstName: `Waiter${counter}`, lastName: "Nkosi", email: `waiter${counter}@example.co.za`, phone: "+27 82 555 0123", seats };
};

/** A seminar of `max` seats, all taken by one held booking (returned, to free them later). */
async function fullSeminar(max = 2) {
  const { db } = database;
  const seminar = await insertSeminar(db, { maxAttendees: max });
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: `holder${++counter}@example.com` }, seats: max, attendeeNames: Array.from({ length: max }, (_, n) => `Seat ${n + 1}`) }, { siteUrl });
  return { seminar, hold };
}

const entry = async (id: string) => (await database.db.select().from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.id, id)))[0]!;
const mailsTo = (email: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
const tokenOf = (entryId: string) => rt.signer.sign("waitlist-offer", entryId);

describe(`the seminar waitlist (${testEngine})`, () => {
  it("joins the line with a place and an e-mail, and refuses a second active place for the same address", async () => {
    const { db } = database;
    const { seminar } = await fullSeminar();
    const first = person(2);
    const joined = await joinWaitlist(db, seminar.id, first, { siteUrl });
    expect(joined.place).toBe(1);
    expect((await joinWaitlist(db, seminar.id, person(), { siteUrl })).place).toBe(2);
    const again = joinWaitlist(db, seminar.id, { ...first, email: first.email.toUpperCase() }, { siteUrl });
    await expect(again).rejects.toBeInstanceOf(AlreadyWaitingError);
    await expect(again).rejects.toThrow("already on the waitlist for this seminar with this e-mail address (number 1 in line)");
    const mails = await mailsTo(first.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["seminar-waitlist-joined"]);
    expect(mails[0]!.textBody).toContain("You're number 1 in line");
    expect((await entriesOf(db, "seminar_waitlist_entry", joined.entryId)).map((e) => e.action)).toEqual(["seminar_waitlist.join"]);
  });

  it("offers freed seats to the first in line as a held booking until the offer's expiry, with a signed claim link", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(2);
    const first = person(2);
    const joined = await joinWaitlist(db, seminar.id, first, { siteUrl });
    const now = new Date();
    expect(await serveWaitlist(db, seminar.id, rt, now)).toEqual({ offered: 0, lapsed: 0 });
    await releaseHold(db, hold.bookingId);
    // The sweeper's pass finds this seminar (people waiting, seats free) in its one query.
    expect((await serveAllWaitlists(db, rt, now)).offered).toBeGreaterThanOrEqual(1);
    const offered = await entry(joined.entryId);
    expect(offered.status).toBe("offered");
    expect(offered.offerExpiresAt!.getTime()).toBe(now.getTime() + 24 * HOUR);
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, offered.offerBookingId!));
    expect(booking).toMatchObject({ status: "pending", isPaid: false, seats: 2, amountCents: seminar.priceCents * 2, email: first.email });
    expect(booking!.holdExpiresAt).toEqual(offered.offerExpiresAt);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(2);
    const offerMail = (await mailsTo(first.email)).find((mail) => mail.kind === "seminar-waitlist-offer")!;
    expect(offerMail.textBody).toContain(`${siteUrl}/waitlist/offer/${tokenOf(joined.entryId)}`);
    expect(await offerView(db, rt, tokenOf(joined.entryId), now)).toMatchObject({ state: "offered", seats: 2, amountCents: seminar.priceCents * 2 });
    // Nothing more to do for this seminar.
    expect(await serveWaitlist(db, seminar.id, rt, now)).toEqual({ offered: 0, lapsed: 0 });
  });

  it("never holds an offer past the seminar's start", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(1);
    const joined = await joinWaitlist(db, seminar.id, person(), { siteUrl });
    await releaseHold(db, hold.bookingId);
    // Six hours before a start eight days away, a 24-hour offer would end… well before; ask for a week.
    await serveWaitlist(db, seminar.id, { ...rt, offerHours: 24 * 14 });
    const offered = await entry(joined.entryId);
    const start = new Date(`${seminar.seminarDate}T${seminar.seminarTime.slice(0, 5)}:00+02:00`);
    expect(offered.offerExpiresAt!.getTime()).toBe(start.getTime());
  });

  it("passes over an entry wanting more seats than are free, and offers the next that fits", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(2);
    const family = await joinWaitlist(db, seminar.id, person(3), { siteUrl });
    const couple = await joinWaitlist(db, seminar.id, person(2), { siteUrl });
    await releaseHold(db, hold.bookingId);
    await serveWaitlist(db, seminar.id, rt);
    expect((await entry(family.entryId)).status).toBe("waiting");
    expect((await entry(couple.entryId)).status).toBe("offered");
  });

  it("an offer not claimed in time lapses, its holder is told, and the seats go to the next in line", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(1);
    const first = person();
    const a = await joinWaitlist(db, seminar.id, first, { siteUrl });
    const b = await joinWaitlist(db, seminar.id, person(), { siteUrl });
    await releaseHold(db, hold.bookingId);
    await serveWaitlist(db, seminar.id, rt);
    expect((await entry(b.entryId)).status).toBe("waiting");
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await serveWaitlist(db, seminar.id, rt, later)).toEqual({ offered: 1, lapsed: 1 });
    const lapsed = await entry(a.entryId);
    expect(lapsed.status).toBe("lapsed");
    const [oldBooking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, lapsed.offerBookingId!));
    expect(oldBooking!.status).toBe("cancelled");
    expect((await entry(b.entryId)).status).toBe("offered");
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    // "Your offer has passed", not the 30-minute hold's "seat released".
    expect((await mailsTo(first.email)).map((mail) => mail.kind).sort()).toEqual(["seminar-waitlist-joined", "seminar-waitlist-offer", "seminar-waitlist-offer-lapsed"]);
    expect(await offerView(db, rt, tokenOf(a.entryId), later)).toMatchObject({ state: "lapsed" });
    expect((await entriesOf(db, "seminar_waitlist_entry", a.entryId)).map((e) => e.action)).toContain("seminar_waitlist.offer-lapsed");
  });

  it("claiming: names on the tickets, the test checkout's Pay, and the booking confirms with tickets; the entry is booked", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(2);
    const joined = await joinWaitlist(db, seminar.id, person(2), { siteUrl });
    await releaseHold(db, hold.bookingId);
    // Hours after the offer (long past a hold's first 30 minutes), the checkout still opens.
    const offeredAt = new Date(Date.now() - 5 * HOUR);
    await serveWaitlist(db, seminar.id, rt, offeredAt);
    const token = tokenOf(joined.entryId);
    await expect(claimOffer(db, createTestProvider(db, siteUrl), rt, token, {})).rejects.toThrow("Please correct the names on the tickets.");
    const provider = createTestProvider(db, siteUrl);
    const { url } = await claimOffer(db, provider, rt, token, { ticketName2: "Lindiwe Nkosi" });
    expect(url).toMatch(/\/checkout\/test\//);
    const offered = await entry(joined.entryId);
    // The offer's hold is never cut short by the checkout.
    const [held] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, offered.offerBookingId!));
    expect(held!.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(offered.offerExpiresAt!.getTime());
    await payTestCheckout(db, provider, paidItems(siteUrl), url.split("/").pop()!);
    expect((await entry(joined.entryId)).status).toBe("booked");
    const [paid] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, offered.offerBookingId!));
    expect(paid).toMatchObject({ status: "confirmed", isPaid: true, attendeeNames: [`${offered.firstName} Nkosi`, "Lindiwe Nkosi"] });
    expect(await db.select().from(seminarTickets).where(eq(seminarTickets.bookingId, paid!.id))).toHaveLength(2);
    expect(await offerView(db, rt, token)).toMatchObject({ state: "booked" });
    await expect(claimOffer(db, provider, rt, token, {})).rejects.toThrow("already paid");
  });

  it("leaving the waitlist with an offer frees its seats for the next in line; a wrong link opens nothing", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(1);
    const a = await joinWaitlist(db, seminar.id, person(), { siteUrl });
    const b = await joinWaitlist(db, seminar.id, person(), { siteUrl });
    await releaseHold(db, hold.bookingId);
    await serveWaitlist(db, seminar.id, rt);
    await expect(offerView(db, rt, `${a.entryId}.${"x".repeat(43)}`)).rejects.toThrow("not valid");
    await expect(offerView(db, rt, createLinkSigner("another").sign("waitlist-offer", a.entryId))).rejects.toThrow("not valid");
    await leaveWaitlist(db, rt, tokenOf(a.entryId));
    const left = await entry(a.entryId);
    expect(left).toMatchObject({ status: "withdrawn", withdrawnBy: "Customer" });
    const [released] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, left.offerBookingId!));
    expect(released!.status).toBe("cancelled");
    expect((await entry(b.entryId)).status).toBe("offered");
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    expect(await offerView(db, rt, tokenOf(a.entryId))).toMatchObject({ state: "withdrawn" });
    // Leaving twice changes nothing.
    await leaveWaitlist(db, rt, tokenOf(a.entryId));
    expect((await entry(a.entryId)).version).toBe(left.version);
  });

  it("staff move a place up; a move based on a stale version is refused and changes nothing", async () => {
    const { db } = database;
    const { seminar } = await fullSeminar(1);
    const a = await joinWaitlist(db, seminar.id, person(), { siteUrl });
    const b = await joinWaitlist(db, seminar.id, person(), { siteUrl });
    const seenB = await entry(b.entryId);
    await moveInWaitlist(db, testActor, { entryId: b.entryId, direction: "up", version: seenB.version });
    expect((await entry(b.entryId)).position).toBeLessThan((await entry(a.entryId)).position);
    const stale = moveInWaitlist(db, testActor, { entryId: b.entryId, direction: "down", version: seenB.version });
    await expect(stale).rejects.toBeInstanceOf(StaleEditError);
    await expect(stale).rejects.toThrow("Zanele Dube changed this waitlist entry");
    expect((await entry(b.entryId)).position).toBeLessThan((await entry(a.entryId)).position);
    await expect(moveInWaitlist(db, testActor, { entryId: b.entryId, direction: "up", version: (await entry(b.entryId)).version })).rejects.toThrow("already first in line");
    expect((await entriesOf(db, "seminar_waitlist_entry", b.entryId)).map((e) => e.action)).toContain("seminar_waitlist.move");
  });

  it("staff send an offer by hand when the seats are free, refuse it when they are not, and withdraw a place", async () => {
    const { db } = database;
    const { seminar, hold } = await fullSeminar(2);
    const a = await joinWaitlist(db, seminar.id, person(1), { siteUrl });
    const b = await joinWaitlist(db, seminar.id, person(2), { siteUrl });
    await expect(sendOfferNow(db, testActor, { entryId: b.entryId, version: (await entry(b.entryId)).version }, rt)).rejects.toThrow("Only 0 seats are free and this place wants 2");
    await releaseHold(db, hold.bookingId);
    // Out of turn, by staff's choice (the sweeper has not run).
    await sendOfferNow(db, testActor, { entryId: b.entryId, version: (await entry(b.entryId)).version }, rt);
    expect((await entry(b.entryId)).status).toBe("offered");
    expect((await entry(a.entryId)).status).toBe("waiting");
    await withdrawFromWaitlist(db, { entryId: b.entryId, actor: testActor, version: (await entry(b.entryId)).version }, { siteUrl });
    expect((await entry(b.entryId))).toMatchObject({ status: "withdrawn", withdrawnBy: "Zanele Dube" });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect((await entriesOf(db, "seminar_waitlist_entry", b.entryId)).map((e) => `${e.actorName}: ${e.action}`)).toEqual(
      expect.arrayContaining(["Zanele Dube: seminar_waitlist.offer", "Zanele Dube: seminar_waitlist.withdraw"]),
    );
  });

  it("erasing a contact anonymises their waitlist places and ends one still waiting", async () => {
    const { db } = database;
    const { seminar } = await fullSeminar(1);
    const who = person();
    const joined = await joinWaitlist(db, seminar.id, who, { siteUrl });
    const { userId } = await entry(joined.entryId);
    const erased = await db.transaction((tx) => anonymiseSeminarBookingsOfContact(tx, userId, { firstName: "Erased", lastName: "Contact", email: `erased-${userId}@invalid` }));
    expect(erased.emails).toContain(who.email);
    expect(await entry(joined.entryId)).toMatchObject({ firstName: "Erased", lastName: "Contact", phone: null, status: "withdrawn", withdrawnBy: "System" });
  });

  it("offers and bookings racing for the same few seats never oversell", async () => {
    const { db } = database;
    for (let round = 0; round < 5; round += 1) {
      const { seminar, hold } = await fullSeminar(4);
      for (let n = 0; n < 6; n += 1) await joinWaitlist(db, seminar.id, person(1 + (n % 2)), { siteUrl });
      await releaseHold(db, hold.bookingId);
      // The sweeper on two instances, staff's hand and 12 visitors, at once.
      const racers = [
        serveWaitlist(db, seminar.id, rt),
        serveAllWaitlists(db, rt),
        ...Array.from({ length: 12 }, (_, n) => holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: `racer${round}.${n}@example.com` } }, { siteUrl })),
      ];
      await Promise.allSettled(racers);
      const after = (await seminarById(db, seminar.id))!;
      const live = await db.select().from(seminarBookings).where(and(eq(seminarBookings.seminarId, seminar.id), eq(seminarBookings.status, "pending")));
      const seatsHeld = live.reduce((sum, booking) => sum + booking.seats, 0);
      expect(after.currentAttendees).toBeLessThanOrEqual(after.maxAttendees);
      expect(seatsHeld).toBe(after.currentAttendees);
      expect(after.currentAttendees).toBe(4);
    }
  });
});
