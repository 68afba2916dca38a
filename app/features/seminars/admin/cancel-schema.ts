import { z } from "zod";

// The cancel forms of the admin seminar screens (docs/decisions/015, docs/product.md §3.6),
// browser-safe: the dialogs and the actions share these rules.

const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

export const CANCEL_REASON_MAX = 500;
const REASON_REQUIRED = "Please give a reason for cancelling.";

const cancelReason = z.preprocess(
  single,
  z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(CANCEL_REASON_MAX, `Must be at most ${CANCEL_REASON_MAX} characters`),
);

/** 'Cancel seminar': why (kept on the seminar and its bookings for staff; never e-mailed). */
export const cancelSeminarFormSchema = z.object({ cancel_reason: cancelReason });

/** 'Cancel booking': why, and for a paid booking whether its refund is due ("yes" unless the form says "no"). */
export const cancelBookingFormSchema = z.object({
  cancel_reason: cancelReason,
  refund_due: z.preprocess(single, z.enum(["yes", "no"]).optional()).transform((value) => value !== "no"),
});

/**
 * Edit Seminar made a seminar with live bookings inactive: the admin's explicit answer to
 * "what happens to them?" (cancel the seminar, or keep them and only hide it from the site).
 */
export const liveBookingsChoices = ["cancel", "keep"] as const;
export type LiveBookingsChoiceValue = (typeof liveBookingsChoices)[number];

export const liveBookingsFormSchema = z
  .object({
    onLiveBookings: z.preprocess(single, z.enum(liveBookingsChoices).optional()),
    cancel_reason: z.preprocess(single, z.string().trim().max(CANCEL_REASON_MAX, `Must be at most ${CANCEL_REASON_MAX} characters`).optional()),
  })
  .superRefine((form, ctx) => {
    if (form.onLiveBookings === "cancel" && !form.cancel_reason) ctx.addIssue({ code: "custom", path: ["cancel_reason"], message: REASON_REQUIRED });
  });
