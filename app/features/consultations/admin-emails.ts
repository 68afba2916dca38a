import { consultation } from "~/content/site.ts";
import { renderEmail } from "~/features/mail/templates/layout.ts";
import type { OutboxEmailInput } from "~/features/mail/types.ts";
import { preferredTimeLabel } from "./rules.ts";
import { bookingReference } from "~/lib/ids.ts";

// The e-mails an admin sends from a consultation's details: 'Send intro email' queues the
// adviser's introduction, one per press (docs/product.md §3.5, §8.2). Pure: the service queues them.

export type Adviser = { name: string; role: string; email: string };

export type ConsultationIntroFacts = {
  bookingId: string;
  type: "paid" | "free";
  firstName: string;
  email: string;
  preferredTime: string | null;
  adviser: Adviser;
  siteUrl: string;
  /** When the admin pressed the button: each press queues one e-mail. */
  sentAt: Date;
};


/** Introduces the adviser, what the consultation covers, how to prepare and when we are available. */
export function consultationIntroEmail(facts: ConsultationIntroFacts): OutboxEmailInput {
  const paid = facts.type === "paid";
  const meeting = paid ? `your private ${consultation.minutes}-minute consultation` : `your free ${consultation.freeCallMinutes}-minute intro call`;
  const covers = paid
    ? [
        "Your situation: your right to live and work in the UK, who is moving with you, your work and your savings.",
        "Honest advice on funding, finding work, a first home, a car and the visa or legal steps your family needs.",
        "A written action plan: what to do first, what it costs in rand and in pounds, and what you can safely do yourself.",
      ]
    : [
        "A short conversation about your plans and your timeline.",
        "Whether a seminar, a private consultation or one of our packages suits you best.",
        "Answers to your first questions, with no obligation.",
      ];
  const { html, text } = renderEmail({
    preheader: `${facts.adviser.name} will be your adviser for ${meeting}. Here is what to expect and how to prepare.`,
    heading: `Meet your adviser, ${facts.firstName}`,
    paragraphs: [
      `I'm ${facts.adviser.name}, ${facts.adviser.role} at Thula Relocations, and I'll be your adviser for ${meeting}.`,
      `We meet by ${consultation.medium.toLowerCase()}. We are available ${consultation.availability}; we will agree a time within your preferred window and send you the meeting link.`,
      `If anything changes, or you have a question before we speak, simply reply to this e-mail or write to me at ${facts.adviser.email}.`,
    ],
    details: [
      ["Your adviser", `${facts.adviser.name}, ${facts.adviser.role}`],
      ["Meeting", paid ? `Private consultation, ${consultation.minutes} minutes` : `Free intro call, ${consultation.freeCallMinutes} minutes`],
      ["Availability", consultation.availability],
      ["Preferred time", preferredTimeLabel(facts.preferredTime)],
      ["Reference", bookingReference(facts.bookingId)],
    ],
    sections: [
      { heading: "What we will cover", items: covers },
      {
        heading: "How to prepare",
        items: [
          "Have your passport and any proof of your right to live and work in the UK to hand (British passport, ancestry visa or other visa).",
          "Think about who is moving with you, and when you would like to arrive.",
          "Bring a rough budget: your savings and what you can set aside for the move.",
          "If you are job hunting, have your CV ready; we will look at it together.",
          "Write down your questions, so nothing is forgotten.",
        ],
      },
    ],
    cta: { label: "Read about our consultations", url: `${facts.siteUrl.replace(/\/+$/, "")}/consultations` },
    footerNote: "You received this e-mail because you booked a consultation with us.",
  });
  return {
    kind: "consultation-intro",
    to: facts.email,
    subject: `Meet your adviser for ${paid ? "your consultation" : "your intro call"}`,
    text,
    html,
    dedupeKey: `consultation-intro:${facts.bookingId}:${facts.sentAt.getTime()}`,
  };
}
