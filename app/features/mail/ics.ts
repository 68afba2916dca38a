import { createEvent, type EventAttributes } from "ics";
import { venueWithAddress } from "~/lib/address.ts";
import { SA_TIME_ZONE } from "~/lib/format.ts";
import { zonedWallTimeToUtc } from "./zoned-time.ts";

export type SeminarInvitation = {
  /** Stable per booking, so a re-sent invitation updates the same calendar entry. */
  uid: string;
  title: string;
  description: string;
  /** "YYYY-MM-DD", South African calendar date. */
  seminarDate: string;
  /** "HH:MM" or "HH:MM:SS", South African wall-clock time. */
  seminarTime: string;
  durationMinutes: number;
  venueName: string;
  address: string;
  city: string;
  organizerEmail: string;
  organizerName?: string;
  attendeeEmail: string;
  attendeeName: string;
  url: string;
  /** DTSTAMP; now unless a test pins it. */
  createdAt?: Date;
};

/** An iCalendar file (METHOD:PUBLISH, one VEVENT, times in UTC) for a booked seminar seat. */
export function seminarInvitation(invitation: SeminarInvitation): string {
  const start = zonedWallTimeToUtc(invitation.seminarDate, invitation.seminarTime, SA_TIME_ZONE);
  const end = new Date(start.getTime() + invitation.durationMinutes * 60_000);
  const attributes: EventAttributes & { timestamp: number } = {
    productId: "-//Thula Relocations//Seminars//EN",
    method: "PUBLISH",
    uid: invitation.uid,
    timestamp: (invitation.createdAt ?? new Date()).getTime(),
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: invitation.title,
    description: invitation.description,
    location: venueWithAddress(invitation.venueName, invitation.address, invitation.city),
    url: invitation.url,
    status: "CONFIRMED",
    busyStatus: "BUSY",
    organizer: { name: invitation.organizerName ?? "Thula Relocations", email: invitation.organizerEmail },
    attendees: [{ name: invitation.attendeeName, email: invitation.attendeeEmail, rsvp: false, partstat: "ACCEPTED", role: "REQ-PARTICIPANT" }],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`Could not create the seminar invitation: ${error?.message ?? "empty calendar"}`);
  return value;
}

export type MeetingInvitation = {
  /** Stable per booking: a moved meeting updates the same calendar entry. */
  uid: string;
  /** Raised with every change of time (RFC 5545 SEQUENCE), so calendars take the newest. */
  sequence: number;
  title: string;
  description: string;
  start: Date;
  end: Date;
  /** The video meeting: the event's location and link. */
  meetingUrl: string;
  organizerEmail: string;
  attendeeEmail: string;
  attendeeName: string;
  /** A cancelled meeting: calendars that hold the entry mark it cancelled. */
  cancelled?: boolean;
  /** DTSTAMP; now unless a test pins it. */
  createdAt?: Date;
};

/** An iCalendar file (one VEVENT, times in UTC, so every calendar shows it in its own zone) for an online meeting. */
export function meetingInvitation(invitation: MeetingInvitation): string {
  const attributes: EventAttributes & { timestamp: number } = {
    productId: "-//Thula Relocations//Consultations//EN",
    method: invitation.cancelled ? "CANCEL" : "PUBLISH",
    uid: invitation.uid,
    sequence: invitation.sequence,
    timestamp: (invitation.createdAt ?? new Date()).getTime(),
    start: invitation.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: invitation.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: invitation.title,
    description: invitation.description,
    location: invitation.meetingUrl,
    url: invitation.meetingUrl,
    status: invitation.cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: invitation.cancelled ? "FREE" : "BUSY",
    organizer: { name: "Thula Relocations", email: invitation.organizerEmail },
    attendees: [{ name: invitation.attendeeName, email: invitation.attendeeEmail, rsvp: false, partstat: "ACCEPTED", role: "REQ-PARTICIPANT" }],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`Could not create the meeting invitation: ${error?.message ?? "empty calendar"}`);
  return value;
}
