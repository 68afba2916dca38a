import { brand } from "~/content/site.ts";
import { formatRand, saClockTime } from "~/lib/format.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { seminarDateLabel, seminarDetailRows, siteLink, type EmailSeminar } from "./facts.ts";

// What a person on a seminar's waitlist is told (docs/decisions/027): they joined, seats are
// offered to them, the offer passed, or they left the line. Each once per entry (dedupe key).

export type WaitlistEmailEntry = {
  entryId: string;
  firstName: string;
  email: string;
  seats: number;
  seminar: EmailSeminar;
  siteUrl: string;
};

const seatsLabel = (seats: number) => (seats === 1 ? "1 seat" : `${seats} seats`);

/** Where the offer's claim link points: the signed token opens only this entry. */
export function waitlistOfferPath(token: string): string {
  return `/waitlist/offer/${encodeURIComponent(token)}`;
}

/** "You're on the waitlist", with the place in line. */
export function waitlistJoinedEmail(entry: WaitlistEmailEntry & { place: number }): OutboxEmailInput {
  const { seminar } = entry;
  const { html, text } = renderEmail({
    preheader: `You're number ${entry.place} in line for ${seminar.title}. We'll e-mail you if seats free up.`,
    heading: "You're on the waitlist",
    paragraphs: [
      `Hi ${entry.firstName},`,
      `${seminar.title} is fully booked, so we've put you on its waitlist for ${seatsLabel(entry.seats)}. You're number ${entry.place} in line.`,
      "If seats free up, we'll e-mail you an offer that holds them for you for a limited time; you then pay to confirm. You don't need to do anything until then.",
    ],
    details: [...seminarDetailRows(seminar), ["Seats wanted", seatsLabel(entry.seats)], ["Place in line", String(entry.place)]],
    footerNote: `Changed your plans? Reply to this e-mail or write to ${brand.email} and we'll take you off the list.`,
  });
  return {
    kind: "seminar-waitlist-joined",
    to: entry.email,
    subject: `You're on the waitlist for ${seminar.title} on ${seminarDateLabel(seminar)}`,
    text,
    html,
    dedupeKey: `seminar-waitlist-joined:${entry.entryId}`,
  };
}

/** Seats are held for them: the claim link, the amount and when the offer lapses. */
export function waitlistOfferEmail(entry: WaitlistEmailEntry & { token: string; amountCents: number; expiresAt: Date }): OutboxEmailInput {
  const { seminar } = entry;
  const until = `${saClockTime(entry.expiresAt) ?? entry.expiresAt.toISOString()} (South African time)`;
  const { html, text } = renderEmail({
    preheader: `${seatsLabel(entry.seats)} at ${seminar.title} are held for you until ${until}.`,
    heading: "Seats are free: they're held for you",
    paragraphs: [
      `Hi ${entry.firstName},`,
      `Good news: ${seatsLabel(entry.seats)} at ${seminar.title} became free, and as you were next on the waitlist we're holding ${entry.seats === 1 ? "it" : "them"} for you until ${until}.`,
      "Open your offer to give the names on the tickets and pay to confirm. If you don't claim it by then, the seats go to the next person in line.",
    ],
    details: [...seminarDetailRows(seminar), ["Seats", seatsLabel(entry.seats)], ["Amount", formatRand(entry.amountCents)], ["Held until", until]],
    cta: { label: "Claim your seats", url: siteLink(entry.siteUrl, waitlistOfferPath(entry.token)) },
    footerNote: `Can't come after all? Open the offer and choose "Leave the waitlist", so the seats go to someone else. Questions: ${brand.email}.`,
  });
  return {
    kind: "seminar-waitlist-offer",
    to: entry.email,
    subject: `Seats for ${seminar.title} are held for you until ${until}`,
    text,
    html,
    dedupeKey: `seminar-waitlist-offer:${entry.entryId}`,
  };
}

/** The offer was not claimed in time; the seats went to the next in line. */
export function waitlistOfferLapsedEmail(entry: WaitlistEmailEntry): OutboxEmailInput {
  const { seminar } = entry;
  const { html, text } = renderEmail({
    preheader: `Your offer for ${seminar.title} has passed.`,
    heading: "Your offer has passed",
    paragraphs: [
      `Hi ${entry.firstName},`,
      `We held ${seatsLabel(entry.seats)} at ${seminar.title} for you, but the offer wasn't claimed in time, so the seats have gone to the next person on the waitlist. You haven't been charged.`,
      "If you'd still like to come, you can join the waitlist again, or book if seats are on sale.",
    ],
    details: seminarDetailRows(seminar),
    cta: { label: "See the seminar", url: siteLink(entry.siteUrl, `/events/book/${encodeURIComponent(seminar.id)}`) },
    footerNote: `Questions? Write to ${brand.email}.`,
  });
  return {
    kind: "seminar-waitlist-offer-lapsed",
    to: entry.email,
    subject: `Your offer for ${seminar.title} has passed`,
    text,
    html,
    dedupeKey: `seminar-waitlist-offer-lapsed:${entry.entryId}`,
  };
}

/** They left the waitlist (themselves, or staff took them off); an offer they held is released. */
export function waitlistLeftEmail(entry: WaitlistEmailEntry & { byStaff: boolean }): OutboxEmailInput {
  const { seminar } = entry;
  const { html, text } = renderEmail({
    preheader: `You're no longer on the waitlist for ${seminar.title}.`,
    heading: "You've left the waitlist",
    paragraphs: [
      `Hi ${entry.firstName},`,
      entry.byStaff
        ? `Our team has taken you off the waitlist for ${seminar.title}. If you think this is a mistake, just reply to this e-mail.`
        : `As you asked, we've taken you off the waitlist for ${seminar.title}. Any seats held for you have gone to the next person in line.`,
    ],
    details: seminarDetailRows(seminar),
    footerNote: `Questions? Write to ${brand.email}.`,
  });
  return {
    kind: "seminar-waitlist-left",
    to: entry.email,
    subject: `You've left the waitlist for ${seminar.title}`,
    text,
    html,
    dedupeKey: `seminar-waitlist-left:${entry.entryId}`,
  };
}
