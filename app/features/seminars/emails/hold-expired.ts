import { brand } from "~/content/site.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { seminarDateLabel, siteLink, type EmailSeminar, seminarDetailRows } from "./facts.ts";

export type SeminarHoldExpired = {
  bookingId: string;
  firstName: string;
  email: string;
  seminar: EmailSeminar;
  siteUrl: string;
};

/** Sent when an unpaid seat hold lapses (30 minutes) and the seat goes back on sale. */
export function seminarHoldExpiredEmail(hold: SeminarHoldExpired): OutboxEmailInput {
  const { seminar } = hold;
  const date = seminarDateLabel(seminar);
  const bookAgainUrl = siteLink(hold.siteUrl, `/events/book/${encodeURIComponent(seminar.id)}`);

  const { html, text } = renderEmail({
    preheader: `Payment wasn't completed within 30 minutes, so we've released your seat. You can book again.`,
    heading: `Your reserved seat has been released`,
    paragraphs: [
      `Hi ${hold.firstName},`,
      `Thank you for your interest in ${seminar.title}. We held a seat for you for 30 minutes, but the payment wasn't completed in that time, so we've released the seat for someone else. You haven't been charged.`,
      "If you'd still like to come, you're very welcome to book again. Seats are sold on a first-come, first-served basis, so we'd suggest doing it soon.",
    ],
    details: [
      ...seminarDetailRows(seminar),
    ],
    cta: { label: "Book your seat again", url: bookAgainUrl },
    footerNote: `Having trouble paying? Reply to this e-mail or write to ${brand.email} and we'll gladly help.`,
  });

  return {
    kind: "seminar-hold-expired",
    to: hold.email,
    subject: `Your seat for ${seminar.title} on ${date} has been released`,
    text,
    html,
    dedupeKey: `seminar-hold-expired:${hold.bookingId}`,
  };
}
