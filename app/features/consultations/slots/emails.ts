import { priceNoteInline } from "~/content/consultations.ts";
import { brand, consultation } from "~/content/site.ts";
import { meetingInvitation } from "~/features/mail/ics.ts";
import { renderEmail } from "~/features/mail/templates/layout.ts";
import type { OutboxEmailInput } from "~/features/mail/types.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { meetingTimeText } from "./display.ts";

// The e-mails of a consultation booked into a time slot (issue 17). Pure: they build the
// outbox entry; the services queue it. Every time is written in the visitor's zone with UK
// time beside it, and the calendar file carries the instant in UTC, so each calendar shows it
// in its own zone.

export type SlotEmailFacts = {
  bookingId: string;
  type: "paid" | "free";
  firstName: string;
  lastName: string;
  email: string;
  startsAt: Date;
  endsAt: Date;
  /** The zone the visitor chose the time in. */
  timeZone: string;
  meetingUrl: string;
  amountCents: number;
  siteUrl: string;
  /** Raised with every change of time: the calendar entry's SEQUENCE. */
  version: number;
  /** The signed link to move or cancel the meeting online. */
  manageUrl?: string;
};

/** The e-mail's button to the page where the client moves or cancels the meeting, when it has the link. */
function manageLinks(manageUrl: string | undefined) {
  return manageUrl ? { links: [{ label: "Move or cancel", url: manageUrl }] } : {};
}

function meetingName(type: "paid" | "free"): string {
  return type === "paid" ? `Private consultation (${consultation.minutes} minutes)` : `Free intro call (${consultation.freeCallMinutes} minutes)`;
}

/** The calendar file of the meeting: one entry per booking, updated in place when it moves. */
export function slotCalendarAttachment(facts: SlotEmailFacts, cancelled = false) {
  const calendar = meetingInvitation({
    uid: `consultation-${facts.bookingId}@thula-relocations`,
    sequence: facts.version,
    title: `${meetingName(facts.type)} with ${brand.name}`,
    description: `Join the video meeting: ${facts.meetingUrl}\nReference ${bookingReference(facts.bookingId)}.`,
    start: facts.startsAt,
    end: facts.endsAt,
    meetingUrl: facts.meetingUrl,
    organizerEmail: brand.email,
    attendeeEmail: facts.email,
    attendeeName: `${facts.firstName} ${facts.lastName}`,
    cancelled,
  });
  return {
    filename: facts.type === "paid" ? "thula-consultation.ics" : "thula-intro-call.ics",
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
    contentBase64: Buffer.from(calendar, "utf8").toString("base64"),
  };
}

/** The meeting is booked: a free call at once, a paid consultation once paid. Carries the time in both zones, the meeting link and the calendar file. */
export function slotBookedEmail(facts: SlotEmailFacts): OutboxEmailInput {
  const paid = facts.type === "paid";
  const when = meetingTimeText(facts.startsAt, facts.timeZone);
  const { html, text } = renderEmail({
    preheader: `You're booked: ${when}. Your video-meeting link is inside.`,
    heading: `You're booked, ${facts.firstName}`,
    paragraphs: [
      paid
        ? `Thank you for your payment. Your private ${consultation.minutes}-minute consultation with one of our relocation advisers is confirmed.`
        : `Your free ${consultation.freeCallMinutes}-minute intro call with one of our relocation advisers is confirmed.`,
      `It takes place online. At the time below, open the meeting link in your browser: there is nothing to install. The attached calendar file adds it to your calendar at the right hour.`,
    ],
    details: [
      ["When", when],
      ["Length", `${paid ? consultation.minutes : consultation.freeCallMinutes} minutes`],
      ["Meeting link", facts.meetingUrl],
      ...(paid ? ([["Amount paid", `${formatRand(facts.amountCents)} (${priceNoteInline})`]] as Array<[string, string]>) : []),
      ["Reference", bookingReference(facts.bookingId)],
    ],
    sections: [
      {
        heading: "Before we meet",
        items: [
          "Have your questions ready, and anything you know about your right to live and work in the UK.",
          "Find a quiet place with a good connection; a laptop or phone with a camera works well.",
          facts.manageUrl
            ? `Need another time, or can't make it? Use "Move or cancel" below, or reply to this e-mail.`
            : `Need to move or cancel? Reply to this e-mail or write to ${brand.email} and we'll help.`,
        ],
      },
    ],
    ...manageLinks(facts.manageUrl),
    cta: { label: "Open the meeting link", url: facts.meetingUrl },
    footerNote: `You received this e-mail because you booked a ${paid ? "consultation" : "free intro call"} on our website.`,
  });
  return {
    kind: paid ? "consultation-booked" : "intro-call-booked",
    to: facts.email,
    subject: paid ? `Your consultation is booked: ${when}` : `Your free intro call is booked: ${when}`,
    text,
    html,
    attachments: [slotCalendarAttachment(facts)],
    dedupeKey: `slot-booked:${facts.bookingId}:${facts.version}`,
  };
}

/** A paid time held for checkout lapsed unpaid: the time is free again, and nothing was charged. */
export function slotHoldLapsedEmail(facts: Pick<SlotEmailFacts, "bookingId" | "firstName" | "email" | "startsAt" | "timeZone" | "siteUrl">): OutboxEmailInput {
  const when = meetingTimeText(facts.startsAt, facts.timeZone);
  const { html, text } = renderEmail({
    preheader: "We released the time we held for you: nothing was charged.",
    heading: `The time we held for you has been released, ${facts.firstName}`,
    paragraphs: [
      `We held ${when} for your private consultation while you paid, but the payment was not completed in time, so the time is free for others again.`,
      "Nothing was charged. If you still want a consultation, choose a time again: it takes a minute.",
    ],
    details: [["Reference", bookingReference(facts.bookingId)]],
    cta: { label: "Choose a time", url: `${facts.siteUrl}/consultations/book` },
    footerNote: "You received this e-mail because you started booking a consultation on our website.",
  });
  return {
    kind: "consultation-hold-lapsed",
    to: facts.email,
    subject: "The consultation time we held for you has been released",
    text,
    html,
    dedupeKey: `consultation-hold-lapsed:${facts.bookingId}`,
  };
}

/** The meeting moved to another time: the new time in both zones, and a calendar file that updates the old entry. */
export function slotMovedEmail(facts: SlotEmailFacts, previousStart: Date): OutboxEmailInput {
  const when = meetingTimeText(facts.startsAt, facts.timeZone);
  const { html, text } = renderEmail({
    preheader: `Your ${meetingName(facts.type).toLowerCase()} now takes place ${when}.`,
    heading: `Your meeting has moved, ${facts.firstName}`,
    paragraphs: [
      `Your ${meetingName(facts.type).toLowerCase()} has moved from ${meetingTimeText(previousStart, facts.timeZone)} to the time below.`,
      "The attached calendar file updates the entry already in your calendar.",
    ],
    details: [
      ["New time", when],
      ["Meeting link", facts.meetingUrl],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    ...manageLinks(facts.manageUrl),
    cta: { label: "Open the meeting link", url: facts.meetingUrl },
    footerNote: "You received this e-mail because your consultation booked on our website was moved.",
  });
  return {
    kind: "consultation-moved",
    to: facts.email,
    subject: `Your meeting has moved: ${when}`,
    text,
    html,
    attachments: [slotCalendarAttachment(facts)],
    dedupeKey: `consultation-moved:${facts.bookingId}:${facts.version}`,
  };
}

/** The client cancelled online: what is refunded, and a calendar file that removes the entry. */
export function slotCancelledEmail(facts: SlotEmailFacts, refundCents: number): OutboxEmailInput {
  const when = meetingTimeText(facts.startsAt, facts.timeZone);
  const { html, text } = renderEmail({
    preheader: `Your ${meetingName(facts.type).toLowerCase()} on ${when} is cancelled.`,
    heading: `Your meeting is cancelled, ${facts.firstName}`,
    paragraphs: [
      `As you asked, we have cancelled your ${meetingName(facts.type).toLowerCase()} on ${when}.`,
      refundCents > 0
        ? `${formatRand(refundCents)} is being refunded to the card you paid with; we'll e-mail you once it is on its way.`
        : "Nothing was charged for it.",
      "The attached calendar file removes it from your calendar. You are welcome to book again at any time.",
    ],
    details: [["Reference", bookingReference(facts.bookingId)]],
    cta: { label: "Book another time", url: `${facts.siteUrl}/consultations/${facts.type === "paid" ? "book" : "book-free"}` },
    footerNote: "You received this e-mail because you cancelled a consultation booked on our website.",
  });
  return {
    kind: "consultation-cancelled-online",
    to: facts.email,
    subject: "Your consultation is cancelled",
    text,
    html,
    attachments: [slotCalendarAttachment(facts, true)],
    dedupeKey: `consultation-cancelled-online:${facts.bookingId}`,
  };
}

/** The reminder `offsetHours` before the meeting: the time in both zones and the meeting link. */
export function slotReminderEmail(facts: SlotEmailFacts, offsetHours: number): OutboxEmailInput {
  const when = meetingTimeText(facts.startsAt, facts.timeZone);
  const soon = offsetHours <= 1 ? "in about an hour" : offsetHours <= 24 ? "tomorrow" : `in ${Math.round(offsetHours / 24)} days`;
  const { html, text } = renderEmail({
    preheader: `Your ${meetingName(facts.type).toLowerCase()} is ${soon}: ${when}.`,
    heading: `See you ${soon}, ${facts.firstName}`,
    paragraphs: [
      `A reminder of your ${meetingName(facts.type).toLowerCase()} with ${brand.name}: ${when}.`,
      "At the time, open the meeting link below in your browser: there is nothing to install. A quiet place and a good connection help.",
    ],
    details: [
      ["When", when],
      ["Meeting link", facts.meetingUrl],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    ...manageLinks(offsetHours > 1 ? facts.manageUrl : undefined),
    cta: { label: "Open the meeting link", url: facts.meetingUrl },
    footerNote: "You received this e-mail because you booked a consultation on our website.",
  });
  return {
    kind: "consultation-reminder",
    to: facts.email,
    subject: `Reminder: your ${meetingName(facts.type).toLowerCase()} ${soon === "tomorrow" ? "is tomorrow" : `is ${soon}`}`,
    text,
    html,
    // Once per meeting time and offset: a meeting moved later gets its reminders again.
    dedupeKey: `consultation-reminder:${offsetHours}h:${facts.bookingId}:${facts.startsAt.toISOString()}`,
  };
}

/** The meeting went to another adviser with their own room: the same time, a new link. */
export function slotRoomChangedEmail(facts: SlotEmailFacts): OutboxEmailInput {
  const when = meetingTimeText(facts.startsAt, facts.timeZone);
  const { html, text } = renderEmail({
    preheader: `Your meeting on ${when} has a new link.`,
    heading: `A new meeting link, ${facts.firstName}`,
    paragraphs: [`Your ${meetingName(facts.type).toLowerCase()} stays at ${when}, but it now takes place in the room below. The attached calendar file updates your calendar.`],
    details: [
      ["When", when],
      ["New meeting link", facts.meetingUrl],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    cta: { label: "Open the meeting link", url: facts.meetingUrl },
    ...manageLinks(facts.manageUrl),
    footerNote: "You received this e-mail because you booked a consultation on our website.",
  });
  return {
    kind: "consultation-room-changed",
    to: facts.email,
    subject: `A new link for your meeting on ${when}`,
    text,
    html,
    attachments: [slotCalendarAttachment(facts)],
    dedupeKey: `consultation-room-changed:${facts.bookingId}:${facts.version}`,
  };
}
