import { and, asc, eq, gt, inArray, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { consultants, consultationBookings } from "#db/schema/index.ts";
import type { Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { zonedWallTimeToUtc } from "~/features/mail/zoned-time.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { violates } from "~/lib/db-errors.ts";
import { ConflictError, NotFoundError, StaleEditError } from "~/lib/errors.ts";
import { addDays, todayIn, UK_TIME_ZONE } from "~/lib/format.ts";
import { parseForm } from "~/lib/forms.server.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { withManageUrl } from "../manage/links.server.ts";
import { CLOSED_STATUSES, isClosedStatus } from "../rules.ts";
import { minutesOf, spansOn, weekdayOf } from "./availability.ts";
import { meetingRoomFor, slotFactsOf, type ConsultationSlotSettings } from "./booking.server.ts";
import { clockIn, meetingTimeText, shortDayIn } from "./display.ts";
import { slotRoomChangedEmail } from "./emails.ts";
import { consultantCalendars } from "./slots.server.ts";

// The portal's week calendar (issue 17): each consultant's hours and meetings, day by day, in
// UK time, with the free time left; a meeting opens its details, and can be given to another
// consultant (the database refuses one whose time is already taken).

export type WeekMeeting = { id: string; time: string; client: string; type: "Paid" | "Free"; held: boolean; version: number };
export type WeekDayCell = { date: string; hours: string; meetings: WeekMeeting[]; freeMinutes: number };
export type WeekView = {
  week: string;
  label: string;
  previous: string;
  next: string;
  days: Array<{ date: string; label: string }>;
  rows: Array<{ consultant: { id: string; name: string }; days: WeekDayCell[] }>;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The Monday (UK calendar) of the week `week` falls in, or of this week. */
function mondayOf(week: string | null, now: Date): string {
  const date = week && ISO_DATE.test(week) && !Number.isNaN(Date.parse(`${week}T00:00:00Z`)) ? week : todayIn(UK_TIME_ZONE, now);
  return addDays(date, 1 - weekdayOf(date));
}

export async function consultationWeek(db: Db, search: URLSearchParams, now = new Date()): Promise<WeekView> {
  const monday = mondayOf(search.get("week"), now);
  const dates = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const from = zonedWallTimeToUtc(monday, "00:00", UK_TIME_ZONE);
  const until = zonedWallTimeToUtc(addDays(monday, 7), "00:00", UK_TIME_ZONE);
  // Paid and free hours alike: every active consultant, whatever they take.
  const calendars = new Map([...(await consultantCalendars(db, "paid", { from, until })), ...(await consultantCalendars(db, "free", { from, until }))].map((calendar) => [calendar.id, calendar]));
  const people = await db.select({ id: consultants.id, name: consultants.name }).from(consultants).where(eq(consultants.isActive, true)).orderBy(asc(consultants.name));
  const meetings = people.length
    ? await db
        .select({
          id: consultationBookings.id,
          consultantId: consultationBookings.consultantId,
          startsAt: consultationBookings.startsAt,
          endsAt: consultationBookings.endsAt,
          firstName: consultationBookings.firstName,
          lastName: consultationBookings.lastName,
          type: consultationBookings.consultationType,
          isPaid: consultationBookings.isPaid,
          holdExpiresAt: consultationBookings.holdExpiresAt,
          version: consultationBookings.version,
        })
        .from(consultationBookings)
        .where(
          and(
            inArray(
              consultationBookings.consultantId,
              people.map((person) => person.id),
            ),
            isNotNull(consultationBookings.startsAt),
            notInArray(consultationBookings.status, [...CLOSED_STATUSES]),
            lt(consultationBookings.startsAt, until),
            gt(consultationBookings.endsAt, from),
          ),
        )
        .orderBy(asc(consultationBookings.startsAt))
    : [];
  return {
    week: monday,
    label: `Week of ${shortDayIn(from, UK_TIME_ZONE)} ${monday.slice(0, 4)}`,
    previous: addDays(monday, -7),
    next: addDays(monday, 7),
    days: dates.map((date) => ({ date, label: shortDayIn(zonedWallTimeToUtc(date, "12:00", UK_TIME_ZONE), UK_TIME_ZONE) })),
    rows: people.map((person) => {
      const calendar = calendars.get(person.id);
      return {
        consultant: person,
        days: dates.map((date) => {
          const spans = calendar ? spansOn(calendar, date) : [];
          const mine = meetings.filter((meeting) => meeting.consultantId === person.id && todayIn(UK_TIME_ZONE, meeting.startsAt!) === date);
          const worked = spans.reduce((total, span) => total + minutesOf(span.end) - minutesOf(span.start), 0);
          const booked = mine.reduce((total, meeting) => total + (meeting.endsAt!.getTime() - meeting.startsAt!.getTime()) / 60_000, 0);
          const zone = calendar && calendar.timeZone !== UK_TIME_ZONE ? ` (${calendar.timeZone})` : "";
          return {
            date,
            hours: spans.length ? `${spans.map((span) => `${span.start}–${span.end}`).join(", ")}${zone}` : "Not working",
            freeMinutes: Math.max(0, worked - booked),
            meetings: mine.map((meeting) => ({
              id: meeting.id,
              time: `${clockIn(meeting.startsAt!, UK_TIME_ZONE)}–${clockIn(meeting.endsAt!, UK_TIME_ZONE)}`,
              client: `${meeting.firstName} ${meeting.lastName}`,
              type: meeting.type === "paid" ? "Paid" : "Free",
              held: !meeting.isPaid && meeting.holdExpiresAt !== null,
              version: meeting.version,
            })),
          };
        }),
      };
    }),
  };
}

const reassignSchema = z.object({
  id: z.uuid({ error: "That consultation was not found." }),
  version: z.coerce.number().int().positive(),
  consultantId: z.uuid({ error: "Please choose a consultant." }),
});

/**
 * Gives a booked meeting to another consultant, at the same time: under the row lock, over
 * the version shown; refused when that consultant's time is taken. The log says who moved it;
 * when the new consultant meets in their own fixed room, the client gets the new link (and,
 * with a link signer, the link to move or cancel the meeting, as in every other e-mail of it).
 */
export async function reassignConsultation(db: Db, actor: Actor, form: FormData, { siteUrl, settings, links }: { siteUrl: string; settings: Pick<ConsultationSlotSettings, "videoRoomBaseUrl">; links?: LinkSigner }): Promise<AdminOutcome> {
  const parsed = parseForm(form, reassignSchema);
  if (!parsed.ok) return parsed;
  const { id, version, consultantId } = parsed.data;
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, id)).for("update");
    if (!booking?.startsAt || !booking.consultantId) throw new NotFoundError("That consultation was not found.");
    if (booking.version !== version) throw new StaleEditError("This consultation changed since the calendar was opened. Here it is as it stands now.");
    if (isClosedStatus(booking.status) || booking.status === "completed") throw new ConflictError("Only a meeting still to come can be given to another consultant.");
    if (booking.consultantId === consultantId) return { ok: true, message: "That consultant already has this meeting." };
    const people = await tx.select().from(consultants).where(inArray(consultants.id, [booking.consultantId, consultantId]));
    const from = people.find((person) => person.id === booking.consultantId);
    const to = people.find((person) => person.id === consultantId && person.isActive);
    if (!to) throw new NotFoundError("That consultant was not found, or does not take bookings.");
    // The new consultant's own room, if they have one; the meeting's room otherwise stays, so the client's link still works.
    const meetingUrl = to.meetingUrl ?? (from?.meetingUrl && booking.meetingUrl === from.meetingUrl ? meetingRoomFor(null, settings.videoRoomBaseUrl) : booking.meetingUrl);
    let moved: typeof consultationBookings.$inferSelect;
    try {
      moved = await tx.transaction(async (attempt) => {
        await attempt.execute(sql`select pg_advisory_xact_lock(hashtext('consultations:slot'), hashtext(${consultantId}))`);
        const [row] = await attempt
          .update(consultationBookings)
          .set({ consultantId, meetingUrl, version: sql`${consultationBookings.version} + 1` })
          .where(and(eq(consultationBookings.id, id), eq(consultationBookings.version, version)))
          .returning();
        return row!;
      });
    } catch (error) {
      if (violates(error, "23P01", "consultation_bookings_no_overlap")) throw new ConflictError(`${to.name} already has a meeting then. Choose someone else.`);
      throw error;
    }
    await recordActivity(tx, actor, {
      action: "consultation.reassigned",
      entityType: "consultation",
      entityId: id,
      summary: `Gave consultation ${bookingReference(id)} (${meetingTimeText(booking.startsAt, UK_TIME_ZONE)}) to ${to.name}${from ? ` instead of ${from.name}` : ""}`,
      changes: { consultant: { before: from?.name ?? null, after: to.name } },
    });
    if (meetingUrl !== booking.meetingUrl) await queueEmail(tx, slotRoomChangedEmail({ ...slotFactsOf(moved, siteUrl), ...withManageUrl(siteUrl, links, id) }));
    return { ok: true, message: `The meeting now goes to ${to.name}.` };
  });
}
