import { createEvents, type EventAttributes } from "ics";
import type { Db } from "#db/client.ts";
import { bookingReference } from "~/lib/ids.ts";
import { isFreeConsultation } from "../rules.ts";
import { findConsultantByCalendarToken, findFeedMeetings, type FeedMeeting } from "./queries.server.ts";

// A consultant's private calendar feed (issue 17, docs/decisions/035): an iCalendar address
// Google Calendar or Outlook subscribes to, listing the consultant's meetings. The address holds
// a secret; a new one (from the portal) revokes the old address at once.

/** How far back the feed reaches: a month of past meetings stays in a subscribed calendar. */
const PAST_DAYS = 31;
/** The most meetings one feed lists (about a year of a full diary). */
const FEED_LIMIT = 2000;
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

export function calendarFeedPath(token: string): string {
  return `/calendars/${encodeURIComponent(token)}/consultations.ics`;
}

function meetingEvent(meeting: FeedMeeting, { siteUrl, room }: { siteUrl: string; room: string | null }): EventAttributes {
  // The room fixed when the slot was taken; a meeting from before slots, the consultant's room.
  const meetingUrl = meeting.meetingUrl ?? room;
  const kind = isFreeConsultation(meeting.consultationType) ? "Intro call" : "Consultation";
  const awaitingPayment = !meeting.isPaid && meeting.holdExpiresAt !== null;
  const details = `${siteUrl}/admin/consultations?view=${encodeURIComponent(meeting.id)}`;
  return {
    uid: `consultation-${meeting.id}@thula-relocations`,
    start: meeting.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: meeting.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${kind} with ${meeting.firstName} ${meeting.lastName}${awaitingPayment ? " (awaiting payment)" : ""}`,
    description: [
      `Reference ${bookingReference(meeting.id)}.`,
      `E-mail: ${meeting.email}`,
      meeting.phone ? `Phone: ${meeting.phone}` : undefined,
      meeting.description ? `\n${meeting.description}` : undefined,
      `\nDetails: ${details}`,
    ]
      .filter(Boolean)
      .join("\n"),
    ...(meetingUrl ? { location: meetingUrl, url: meetingUrl } : {}),
    status: awaitingPayment ? "TENTATIVE" : "CONFIRMED",
    busyStatus: "BUSY",
    lastModified: meeting.updatedAt.getTime(),
  };
}

/** The feed of the consultant this secret belongs to; undefined for an unknown or revoked one. */
export async function consultantCalendarFeed(db: Db, token: string, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<string | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const consultant = await findConsultantByCalendarToken(db, token);
  if (!consultant) return undefined;
  const meetings = await findFeedMeetings(db, consultant.id, { from: new Date(now.getTime() - PAST_DAYS * 86_400_000), now, limit: FEED_LIMIT });
  const { error, value } = createEvents(
    meetings.map((meeting) => meetingEvent(meeting, { siteUrl, room: consultant.meetingUrl })),
    { productId: "-//Thula Relocations//Consultations//EN", method: "PUBLISH", calName: `Thula consultations: ${consultant.name}` },
  );
  if (error || !value) throw new Error(`Could not build the calendar feed: ${error?.message ?? "empty calendar"}`);
  return value;
}
