import { z } from "zod";
import { preferredTimes } from "#db/schema/enums.ts";
import { contactDetailsSchema } from "~/features/contacts/schema.ts";

/** The paid and free consultation forms (docs/product.md §6.4): contact details, notes and a time window. */
export const consultationFormSchema = contactDetailsSchema.extend({
  notes: z
    .string()
    .trim()
    .max(2000, "Your notes must be at most 2000 characters.")
    .transform((value) => (value ? value : undefined))
    .optional(),
  preferredTime: z.enum(preferredTimes, { error: "Please choose a preferred time: morning, afternoon or evening." }).default("morning"),
});

export type ConsultationForm = z.infer<typeof consultationFormSchema>;
