import type { EmailAttachment } from "#db/schema/outbox.ts";

export type { EmailAttachment };

/** An e-mail ready for the outbox: what the templates build and queueEmail stores. */
export type OutboxEmailInput = {
  /** What the e-mail is, e.g. "seminar-booking-confirmed". */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** The same key is queued once, however often the causing event is replayed. */
  dedupeKey?: string;
};
