import { brand } from "~/content/site.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { seatLabel, ticketUrl } from "../tickets/rules.ts";
import { manageOr, seminarDateLabel, seminarDetailRows, siteLink, type EmailSeminar } from "./facts.ts";

/** Names a customer changed on their manage page (docs/decisions/026), with the tickets as they now read. */
export type NamesChanged = {
  bookingId: string;
  /** The booking's version after the change: one e-mail per change. */
  version: number;
  firstName: string;
  email: string;
  seminar: EmailSeminar;
  siteUrl: string;
  manageUrl?: string;
  /** The standing tickets, in seat order, with their names now. */
  tickets: ReadonlyArray<{ code: string; seatNumber: number; attendeeName: string }>;
  seats: number;
};

/**
 * The customer's own change of the names on their tickets (`seminar-names-changed`): each
 * seat's name now and its ticket page. Tells them, and anyone sharing the inbox, that it
 * happened; the tickets' codes do not change, so saved tickets still work.
 */
export function seminarNamesChangedEmail(changed: NamesChanged): OutboxEmailInput {
  const { seminar } = changed;
  const date = seminarDateLabel(seminar);
  const { html, text } = renderEmail({
    preheader: `The names on your tickets for ${seminar.title} on ${date} are updated.`,
    heading: "The names on your tickets are updated",
    paragraphs: [
      `Hi ${changed.firstName},`,
      `As you asked, we've updated the names on your tickets for ${seminar.title} on ${date}. Each ticket's page shows its new name; the QR codes are unchanged, so tickets you have saved still work.`,
    ],
    details: [
      ...seminarDetailRows(seminar),
      ["Booking reference", bookingReference(changed.bookingId)],
      ...changed.tickets.map((ticket): [string, string] => [seatLabel(ticket.seatNumber, changed.seats), ticket.attendeeName]),
    ],
    links: changed.tickets.map((ticket) => ({ label: `Ticket for ${ticket.attendeeName}`, url: ticketUrl(changed.siteUrl, ticket.code) })),
    cta: manageOr(changed.manageUrl, { label: "See upcoming seminars", url: siteLink(changed.siteUrl, "/events") }),
    footerNote: `You're receiving this e-mail because the names on a ${brand.name} seminar booking were changed online. Didn't do this? Reply to this e-mail or write to ${brand.email} at once.`,
  });
  return {
    kind: "seminar-names-changed",
    to: changed.email,
    subject: `Names updated: ${seminar.title} on ${date}`,
    text,
    html,
    dedupeKey: `seminar-names-changed:${changed.bookingId}:${changed.version}`,
  };
}
