import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { consultation } from "../../app/content/site.ts";
import { addDays, SA_TIME_ZONE, todayIn } from "../../app/lib/format.ts";
import type { Db } from "../client.ts";
import { blogPosts, consultantHours, consultants, consultationBookings, ledgerEntries, seminarBookings, seminars, users } from "../schema/index.ts";
import { demoBlogPosts } from "./blog-posts.ts";
import { demoAdminName, demoConsultations, demoSeminarBookings, seatTakingKinds, type DemoSeminarBooking } from "./bookings.ts";
import { demoContacts } from "./contacts.ts";
import { demoLedgerEntries } from "./ledger.ts";
import { demoOrganizerName, demoSeminars, seminarLocation } from "./seminars.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);

/** The app's rules the demo data follows (passed in: db/ sits below the features that own them). */
export type DemoRules = {
  /** How long an unpaid seat is held (the seminars feature's HOLD_MINUTES). */
  holdMinutes: number;
};

/**
 * Fills an empty database with demo data: seminars dated relative to today in South Africa,
 * contacts, bookings and blog posts, in one transaction. Returns false, and changes nothing,
 * when the database already holds seminars, contacts or blog posts.
 */
export async function seedDemoData(db: Db, rules: DemoRules, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two server instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ukrelocate:demo-seed'))`);
    if (!(await isEmpty(tx))) return false;

    const today = todayIn(SA_TIME_ZONE, now);
    const seminarIds = new Map(demoSeminars.map((seminar) => [seminar.key, randomUUID()]));
    const contactIds = new Map(demoContacts.map((contact) => [contact.key, randomUUID()]));

    await tx.insert(seminars).values(
      demoSeminars.map((seminar) => ({
        id: seminarIds.get(seminar.key)!,
        title: seminar.title,
        organizerName: demoOrganizerName,
        description: seminar.description,
        city: seminar.city,
        venueName: seminar.venueName,
        address: seminar.address,
        location: seminarLocation(seminar),
        seminarDate: addDays(today, seminar.dayOffset),
        seminarTime: seminar.seminarTime,
        priceCents: seminar.priceCents,
        maxAttendees: seminar.maxAttendees,
        currentAttendees: seatsTaken(seminar.key),
        isActive: seminar.isActive,
      })),
    );

    await tx.insert(users).values(
      demoContacts.map(({ key, firstSeenDaysAgo, ...details }) => {
        const firstSeen = daysBefore(now, firstSeenDaysAgo);
        return { id: contactIds.get(key)!, ...details, isAdmin: false, createdAt: firstSeen, updatedAt: firstSeen };
      }),
    );

    const seatsBooked = await tx.insert(seminarBookings).values(
      demoSeminarBookings.map((booking) => {
        const seminar = demoSeminars.find((candidate) => candidate.key === booking.seminar)!;
        return {
          userId: contactIds.get(booking.contact)!,
          seminarId: seminarIds.get(booking.seminar)!,
          ...submittedContact(booking.contact),
          notes: booking.notes ?? null,
          amountCents: seminar.priceCents,
          ...seatState(booking, rules, now),
        };
      }),
    ).returning();

    const consultationsBooked = await tx.insert(consultationBookings).values(
      demoConsultations.map((request) => {
        const requestedAt = daysBefore(now, request.requestedDaysAgo);
        const paid = request.consultationType === "paid";
        return {
          userId: contactIds.get(request.contact)!,
          ...submittedContact(request.contact),
          consultationType: request.consultationType,
          description: request.description,
          preferredDatetime: request.preferredTime,
          status: request.status,
          isPaid: request.isPaid,
          amountCents: paid ? consultation.priceCents : 0,
          paidAt: paid && request.isPaid ? minutesAfter(requestedAt, 6) : null,
          adminNotes: request.adminNotes.map((entry) => ({
            datetime: daysBefore(now, entry.daysAgo).toISOString(),
            note: entry.note,
            admin_name: demoAdminName,
          })),
          createdAt: requestedAt,
          updatedAt: requestedAt,
        };
      }),
    ).returning();

    // Two advisers who take consultations in real time slots (issue 17), on the hours the site
    // has always promised: Monday to Friday, 09:00–19:00 UK time.
    const advisers = await tx
      .insert(consultants)
      .values(demoConsultants.map((adviser) => ({ ...adviser, calendarToken: randomBytes(18).toString("base64url") })))
      .returning({ id: consultants.id });
    await tx.insert(consultantHours).values(advisers.flatMap(({ id }) => [1, 2, 3, 4, 5].map((weekday) => ({ consultantId: id, weekday, startTime: "09:00", endTime: "19:00" }))));

    // Every payment received is in the ledger (docs/decisions/015), the demo's too.
    const payments = [...demoLedgerEntries("seminar", seatsBooked), ...demoLedgerEntries("consultation", consultationsBooked)];
    if (payments.length > 0) await tx.insert(ledgerEntries).values(payments);

    await tx.insert(blogPosts).values(
      demoBlogPosts.map(({ publishedDaysAgo, ...post }) => {
        const publishedAt = daysBefore(now, publishedDaysAgo);
        return { ...post, status: "published" as const, publishedAt, createdAt: daysBefore(publishedAt, 2), updatedAt: publishedAt };
      }),
    );

    return true;
  });
}

/** The demo's consultants: UK hours, no fixed room (each meeting gets a room of its own). */
const demoConsultants = [
  { name: "Naledi Dube", email: "naledi.dube@thularelocations.co.uk", timeZone: "Europe/London" },
  { name: "Pieter van Wyk", email: "pieter.vanwyk@thularelocations.co.uk", timeZone: "Europe/London" },
];

async function isEmpty(db: Db): Promise<boolean> {
  const [seminar] = await db.select({ id: seminars.id }).from(seminars).limit(1);
  const [contact] = await db.select({ id: users.id }).from(users).limit(1);
  const [post] = await db.select({ id: blogPosts.id }).from(blogPosts).limit(1);
  return !seminar && !contact && !post;
}

/** Confirmed bookings plus live holds (docs/product.md §7.1). */
function seatsTaken(seminarKey: string): number {
  return demoSeminarBookings.filter((booking) => booking.seminar === seminarKey && seatTakingKinds.includes(booking.kind)).length;
}

/** A booking keeps the contact's details as they were submitted (docs/product.md §6.2). */
function submittedContact(contactKey: string) {
  const contact = demoContacts.find((candidate) => candidate.key === contactKey)!;
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
    preferredContact: contact.preferredContact,
  };
}

function seatState(booking: DemoSeminarBooking, rules: DemoRules, now: Date) {
  switch (booking.kind) {
    case "paid": {
      const bookedAt = daysBefore(now, booking.bookedDaysAgo);
      const paidAt = minutesAfter(bookedAt, 4);
      return { status: "confirmed" as const, isPaid: true, paidAt, holdExpiresAt: null, createdAt: bookedAt, updatedAt: paidAt };
    }
    case "hold": {
      // Started a few minutes ago, so the hold is still live when the demo opens.
      const bookedAt = new Date(now.getTime() - 5 * MINUTE);
      const holdExpiresAt = minutesAfter(bookedAt, rules.holdMinutes);
      return { status: "pending" as const, isPaid: false, paidAt: null, holdExpiresAt, createdAt: bookedAt, updatedAt: bookedAt };
    }
    case "added-by-admin": {
      const bookedAt = daysBefore(now, booking.bookedDaysAgo);
      return { status: "confirmed" as const, isPaid: false, paidAt: null, holdExpiresAt: null, createdAt: bookedAt, updatedAt: bookedAt };
    }
    case "lapsed": {
      const bookedAt = daysBefore(now, booking.bookedDaysAgo);
      const lapsedAt = minutesAfter(bookedAt, rules.holdMinutes);
      return { status: "cancelled" as const, isPaid: false, paidAt: null, holdExpiresAt: null, createdAt: bookedAt, updatedAt: lapsedAt };
    }
  }
}
