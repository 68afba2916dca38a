import { z } from "zod";
import { bookingNotesSchema, contactDetailsSchema } from "~/features/contacts/schema.ts";

export const seminarIdSchema = z.guid("Seminar not found");

/** The seminar booking form (docs/product.md §6.3): contact details plus optional notes. */
export const seminarBookingFormSchema = contactDetailsSchema.extend({
  notes: bookingNotesSchema,
});

export type SeminarBookingForm = z.infer<typeof seminarBookingFormSchema>;

export type SeminarBookingInput = {
  seminarId: string;
  contact: Omit<SeminarBookingForm, "notes">;
  notes?: string;
};
