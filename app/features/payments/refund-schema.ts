import { z } from "zod";
import { bookingKinds, type BookingKind } from "#db/schema/enums.ts";
import { decimalToCents } from "~/lib/format.ts";

// The refund dialog's form (browser-safe): the dialog and the action read it alike.

export const REFUND_INTENT = "refund-booking";
/** The URL parameter that opens the refund dialog: `?refund=seminar:<id>` or `?refund=consultation:<id>`. */
export const REFUND_PARAM = "refund";
export const REFUND_REASON_MAX = 500;

export const REFUND_MESSAGES = {
  amountRequired: "Enter the amount to refund, in rand.",
  amountFormat: "Enter the amount in rand, like 500 or 500.00.",
  amountPositive: "Enter an amount of at least R0.01 to refund.",
  reasonRequired: "Give a reason for the refund.",
  reasonTooLong: `Keep the reason to ${REFUND_REASON_MAX} characters.`,
  stale: "This refund form is out of date. Please open the refund again.",
} as const;

const text = (message: string) => z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string({ error: message }));

export const refundFormSchema = z.object({
  bookingKind: text(REFUND_MESSAGES.stale).pipe(z.enum(bookingKinds, { error: REFUND_MESSAGES.stale })),
  bookingId: text(REFUND_MESSAGES.stale).pipe(z.uuid({ error: REFUND_MESSAGES.stale })),
  idempotencyKey: text(REFUND_MESSAGES.stale).pipe(z.uuid({ error: REFUND_MESSAGES.stale })),
  amount: text(REFUND_MESSAGES.amountRequired).transform((value, ctx) => {
    const trimmed = value.trim().replace(/^R\s*/i, "");
    if (!trimmed) {
      ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.amountRequired });
      return z.NEVER;
    }
    const cents = decimalToCents(trimmed);
    if (cents === undefined) {
      ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.amountFormat });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.amountPositive });
      return z.NEVER;
    }
    return cents;
  }),
  reason: text(REFUND_MESSAGES.reasonRequired)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, REFUND_MESSAGES.reasonRequired).max(REFUND_REASON_MAX, REFUND_MESSAGES.reasonTooLong)),
});

export type RefundForm = z.output<typeof refundFormSchema>;

/** `seminar:<id>` → the booking it names; undefined for anything else. */
export function parseRefundTarget(value: string | null | undefined): { bookingKind: BookingKind; bookingId: string } | undefined {
  const match = /^(seminar|consultation):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(value ?? "");
  const bookingKind = bookingKinds.find((kind) => kind === match?.[1]);
  return bookingKind && match ? { bookingKind, bookingId: match[2]!.toLowerCase() } : undefined;
}

/** The value of REFUND_PARAM that opens the dialog for a booking. */
export function refundTarget(bookingKind: BookingKind, bookingId: string): string {
  return `${bookingKind}:${bookingId}`;
}
