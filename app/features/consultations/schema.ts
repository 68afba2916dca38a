import { z } from "zod";
import { preferredTimes } from "#db/schema/enums.ts";
import { bookingNotesSchema, contactDetailsSchema } from "~/features/contacts/schema.ts";

/** The paid and free consultation forms (docs/product.md §6.4): contact details, notes and a time window. */
export const consultationFormSchema = contactDetailsSchema.extend({
  notes: bookingNotesSchema,
  preferredTime: z.enum(preferredTimes, { error: "Please choose a preferred time: morning, afternoon or evening." }).default("morning"),
});

export type ConsultationForm = z.infer<typeof consultationFormSchema>;
