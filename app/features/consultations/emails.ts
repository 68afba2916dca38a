import { priceNoteInline } from "~/content/consultations.ts";
import { brand, consultation } from "~/content/site.ts";
import { renderEmail } from "~/features/mail/templates/layout.ts";
import type { OutboxEmailInput } from "~/features/mail/types.ts";
import { formatRand } from "~/lib/format.ts";
import { preferredTimeLabel } from "./rules.ts";
import { bookingReference } from "~/lib/ids.ts";

// The consultation e-mails. Pure: they build the outbox entry; the service queues it.

export type ConsultationEmailFacts = {
  bookingId: string;
  type: "paid" | "free";
  firstName: string;
  email: string;
  preferredTime: string | null;
  preferredContact: string;
  siteUrl: string;
};


/** The address a visitor (or an admin's reminder) uses to pay for a consultation online. */
export function consultationPaymentUrl(siteUrl: string, bookingId: string): string {
  return `${siteUrl}/consultations/pay/${encodeURIComponent(bookingId)}`;
}

const contactWay: Record<string, string> = { email: "by e-mail", phone: "by phone", whatsapp: "on WhatsApp" };

export function consultationRequestedEmail(facts: ConsultationEmailFacts): OutboxEmailInput {
  const paid = facts.type === "paid";
  const what = paid
    ? `a private ${consultation.minutes}-minute consultation (${formatRand(consultation.priceCents)}, ${priceNoteInline})`
    : `a free ${consultation.freeCallMinutes}-minute intro call`;
  const { html, text } = renderEmail({
    preheader: `We've received your request for ${what}. We'll be in touch within 24-48 hours.`,
    heading: `Thank you, ${facts.firstName}: your request is in`,
    paragraphs: [
      `We've received your request for ${what} with one of our relocation advisers.`,
      `${consultation.responsePromise} ${contactWay[facts.preferredContact] ?? "by e-mail"} to agree a time within your preferred window. Meetings are held as an ${consultation.medium.toLowerCase()}, ${consultation.availability}.`,
      ...(paid
        ? [`You can pay online now, or when we confirm your time. Your consultation is confirmed once it is paid.`]
        : [`The call is free and there is no obligation: it is a chance to tell us about your plans and hear how we can help.`]),
    ],
    details: [
      ["Requested", paid ? `Private consultation, ${consultation.minutes} minutes` : `Free intro call, ${consultation.freeCallMinutes} minutes`],
      ...(paid ? ([["Fee", `${formatRand(consultation.priceCents)} (${priceNoteInline})`]] as Array<[string, string]>) : []),
      ["Preferred time", preferredTimeLabel(facts.preferredTime)],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    sections: [
      {
        heading: "What happens next",
        items: [
          "An adviser reviews your notes so the time is spent on your situation.",
          `We contact you ${contactWay[facts.preferredContact] ?? "by e-mail"} within 24-48 hours to agree a time.`,
          "You receive a video-meeting link for the agreed time.",
        ],
      },
    ],
    cta: paid ? { label: `Pay ${formatRand(consultation.priceCents)} online`, url: consultationPaymentUrl(facts.siteUrl, facts.bookingId) } : undefined,
    footerNote: "You received this e-mail because you asked for a consultation on our website.",
  });
  return {
    kind: paid ? "consultation-requested" : "intro-call-requested",
    to: facts.email,
    subject: paid ? "We've received your consultation request" : "We've received your request for a free intro call",
    text,
    html,
    dedupeKey: `consultation-requested:${facts.bookingId}`,
  };
}

export function consultationPaymentReminderEmail(facts: Omit<ConsultationEmailFacts, "type" | "preferredContact">, sentAt: Date): OutboxEmailInput {
  const { html, text } = renderEmail({
    preheader: `Your private consultation is waiting for payment: ${formatRand(consultation.priceCents)}.`,
    heading: `A reminder about your consultation, ${facts.firstName}`,
    paragraphs: [
      `Your private ${consultation.minutes}-minute consultation is reserved, but we have not received payment yet.`,
      `You can pay ${formatRand(consultation.priceCents)} (${priceNoteInline}) securely online with the button below.`,
    ],
    details: [
      ["Preferred time", preferredTimeLabel(facts.preferredTime)],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    cta: { label: `Pay ${formatRand(consultation.priceCents)} online`, url: consultationPaymentUrl(facts.siteUrl, facts.bookingId) },
    footerNote: "You received this e-mail because you booked a consultation with us.",
  });
  return {
    kind: "consultation-payment-reminder",
    to: facts.email,
    subject: "Reminder: your consultation is waiting for payment",
    text,
    html,
    // Admins may send more than one reminder; each press queues one.
    dedupeKey: `consultation-payment-reminder:${facts.bookingId}:${sentAt.getTime()}`,
  };
}

/**
 * The receipt for a consultation paid online. A payment for a consultation already cancelled
 * or closed (`afterClosing`) is kept on record and owed back (docs/decisions/015): the payer is
 * told so rather than thanked for a meeting that will not happen.
 */
export function consultationPaidEmail(facts: { bookingId: string; firstName: string; email: string; amountCents: number; siteUrl: string; afterClosing?: boolean }): OutboxEmailInput {
  const amount = formatRand(facts.amountCents);
  const { html, text } = renderEmail({
    preheader: facts.afterClosing ? `We've received ${amount}; your consultation had been cancelled, so it will be refunded in full.` : `We've received your payment of ${amount}. Thank you.`,
    heading: facts.afterClosing ? "Payment received: a full refund will follow" : `Payment received, thank you ${facts.firstName}`,
    paragraphs: facts.afterClosing
      ? [
          `Hi ${facts.firstName},`,
          `We've received your payment of ${amount} for a private ${consultation.minutes}-minute consultation, but it reached us after that consultation had been cancelled.`,
          `We will refund the full ${amount} to the way you paid, and we'll let you know when the refund is on its way. You don't need to do anything. If you'd still like a consultation, please book a new one or reply to this e-mail.`,
        ]
      : [
          `We've received your payment of ${amount} for your private ${consultation.minutes}-minute consultation.`,
          "If we have not agreed a time yet, we will be in touch within 24-48 hours.",
        ],
    details: [
      ["Amount paid", amount],
      ["Reference", bookingReference(facts.bookingId)],
      ...(facts.afterClosing ? ([["Refund", amount]] as Array<[string, string]>) : []),
    ],
    footerNote: "Keep this e-mail as your receipt.",
  });
  return {
    kind: "consultation-paid",
    to: facts.email,
    subject: facts.afterClosing ? "Payment received for a cancelled consultation: full refund to follow" : "Payment received for your consultation",
    text,
    html,
    dedupeKey: `consultation-paid:${facts.bookingId}`,
  };
}

export type ConsultationRefund = {
  refundId: string;
  bookingId: string;
  firstName: string;
  email: string;
  /** This refund, what has been refunded in all (this one included) and what was paid. */
  amountCents: number;
  refundedCents: number;
  paidCents: number;
  fully: boolean;
  /** Back to the card (a provider's refund), or paid back by staff outside the website. */
  toCard: boolean;
};

/** Sent for every refund of a consultation (the `consultation-refunded` e-mail): once per refund. */
export function consultationRefundedEmail(refund: ConsultationRefund): OutboxEmailInput {
  const amount = formatRand(refund.amountCents);
  const where = refund.toCard
    ? "It goes back to the card you paid with; banks usually take 5 to 10 working days to show it on your statement."
    : "We have paid it back to you directly, as agreed with you.";
  const standing = refund.fully
    ? "Your consultation payment is now fully refunded."
    : `So far ${formatRand(refund.refundedCents)} of the ${formatRand(refund.paidCents)} you paid has been refunded.`;
  const { html, text } = renderEmail({
    preheader: `We've refunded ${amount} of your consultation payment.`,
    heading: `Your refund of ${amount} is on its way`,
    paragraphs: [`Hi ${refund.firstName},`, `We've refunded ${amount} of your payment for your private ${consultation.minutes}-minute consultation. ${where}`, standing],
    details: [
      ["Refunded now", amount],
      ["Refunded in total", `${formatRand(refund.refundedCents)} of ${formatRand(refund.paidCents)}`],
      ["Reference", bookingReference(refund.bookingId)],
    ],
    footerNote: "You received this e-mail because you paid for a consultation with us. Questions about your refund? Reply to this e-mail.",
  });
  return {
    kind: "consultation-refunded",
    to: refund.email,
    subject: `Refund of ${amount} for your consultation`,
    text,
    html,
    dedupeKey: `consultation-refunded:${refund.refundId}`,
  };
}

export type ConsultationCancelledFacts = {
  bookingId: string;
  type: "paid" | "free";
  firstName: string;
  email: string;
  /** What was paid, in cents (0 when nothing was). */
  paidCents: number;
  /** What is owed back now (0 when nothing is, or staff decided no refund is due). */
  refundCents: number;
  siteUrl: string;
  /** When it was cancelled: a consultation reopened and cancelled again gets a second e-mail. */
  cancelledAt: Date;
};

/**
 * Sent when staff cancel a consultation (docs/product.md §3.5, §8.2): what was cancelled and
 * what happens to the money. The team's reason stays with the team: it is not in the e-mail.
 */
export function consultationCancelledEmail(facts: ConsultationCancelledFacts): OutboxEmailInput {
  const paid = facts.type === "paid";
  const what = paid ? `your private ${consultation.minutes}-minute consultation` : `your free ${consultation.freeCallMinutes}-minute intro call`;
  const money =
    facts.refundCents > 0
      ? `You paid ${formatRand(facts.paidCents)}. We will refund ${formatRand(facts.refundCents)} to the way you paid and let you know when it is on its way. You don't need to do anything.`
      : facts.paidCents > 0
        ? "If you have a question about your payment, simply reply to this e-mail."
        : paid
          ? "You have not been charged for it, so there is nothing to refund."
          : "The call was free, so there is nothing to pay or refund.";
  const { html, text } = renderEmail({
    preheader: `We've cancelled ${what}.`,
    heading: `Your ${paid ? "consultation" : "intro call"} has been cancelled`,
    paragraphs: [
      `Hi ${facts.firstName},`,
      `This is to let you know that ${what} with ${brand.name} has been cancelled.`,
      money,
      "If this is not what you expected, or you would like to book again, reply to this e-mail and we will help.",
    ],
    details: [
      ["Cancelled", paid ? `Private consultation, ${consultation.minutes} minutes` : `Free intro call, ${consultation.freeCallMinutes} minutes`],
      ["Reference", bookingReference(facts.bookingId)],
      ...(facts.refundCents > 0 ? ([["Refund", formatRand(facts.refundCents)]] as Array<[string, string]>) : []),
    ],
    cta: { label: "Book a new consultation", url: `${facts.siteUrl.replace(/\/+$/, "")}/consultations` },
    footerNote: "You received this e-mail because you booked a consultation with us.",
  });
  return {
    kind: "consultation-cancelled",
    to: facts.email,
    subject: paid ? "Your consultation has been cancelled" : "Your intro call has been cancelled",
    text,
    html,
    dedupeKey: `consultation-cancelled:${facts.bookingId}:${facts.cancelledAt.getTime()}`,
  };
}

/** The statuses a client hears about from a plain status change (cancelling and refunding have their own e-mails). */
export type NotifiedStatus = "pending" | "confirmed" | "completed" | "closed";

export type ConsultationStatusFacts = {
  bookingId: string;
  type: "paid" | "free";
  firstName: string;
  email: string;
  status: NotifiedStatus;
  siteUrl: string;
  /** When it changed: a consultation confirmed, reopened and confirmed again gets a second e-mail. */
  changedAt: Date;
};

const statusWords: Record<NotifiedStatus, { heading: (what: string) => string; subject: (what: string) => string; body: (what: string) => string }> = {
  confirmed: {
    heading: (what) => `Your ${what} is confirmed`,
    subject: (what) => `Your ${what} is confirmed`,
    body: (what) => `Good news: your ${what} with ${brand.name} is confirmed. Your adviser will contact you at the time you agreed; if you need to move it, simply reply to this e-mail.`,
  },
  completed: {
    heading: () => "Thank you for talking with us",
    subject: (what) => `Your ${what} is complete`,
    body: (what) => `Thank you for your ${what} with ${brand.name}. If anything comes up as you plan your move, reply to this e-mail and we will gladly help.`,
  },
  closed: {
    heading: (what) => `Your ${what} request is closed`,
    subject: (what) => `Your ${what} request is closed`,
    body: (what) => `We've closed your ${what} request with ${brand.name}. If you still need help, reply to this e-mail or book again whenever suits you.`,
  },
  pending: {
    heading: (what) => `Your ${what} request is open again`,
    subject: (what) => `Your ${what} request is open again`,
    body: (what) => `We've reopened your ${what} request with ${brand.name}. We will be in touch within 24-48 hours to agree a time.`,
  },
};

/**
 * Sent when staff change a consultation's status (docs/product.md §3.5, §8.2): the client hears
 * of every change that matters to them. Cancelling and refunding send their own e-mails.
 */
export function consultationStatusEmail(facts: ConsultationStatusFacts): OutboxEmailInput {
  const what = facts.type === "paid" ? "consultation" : "intro call";
  const words = statusWords[facts.status];
  const { html, text } = renderEmail({
    preheader: words.body(what).split(". ")[0]! + ".",
    heading: words.heading(what),
    paragraphs: [`Hi ${facts.firstName},`, words.body(what)],
    details: [
      [facts.type === "paid" ? "Consultation" : "Intro call", facts.type === "paid" ? `Private consultation, ${consultation.minutes} minutes` : `Free intro call, ${consultation.freeCallMinutes} minutes`],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    ...(facts.status === "closed" || facts.status === "completed" ? { cta: { label: "Book a consultation", url: `${facts.siteUrl.replace(/\/+$/, "")}/consultations` } } : {}),
    footerNote: "You received this e-mail because you booked a consultation with us.",
  });
  return {
    kind: `consultation-${facts.status === "pending" ? "reopened" : facts.status}`,
    to: facts.email,
    subject: words.subject(what),
    text,
    html,
    dedupeKey: `consultation-status:${facts.bookingId}:${facts.status}:${facts.changedAt.getTime()}`,
  };
}
