import { z } from "zod";
import { preferredTimes } from "#db/schema/enums.ts";
import { bookingNotesSchema, contactDetailsSchema } from "~/features/contacts/schema.ts";
import { VISITOR_TIME_ZONES } from "./slots/display.ts";

/** The paid and free consultation forms (docs/product.md §6.4): contact details, notes and a time window. */
export const consultationFormSchema = contactDetailsSchema.extend({
  notes: bookingNotesSchema,
  preferredTime: z.enum(preferredTimes, { error: "Please choose a preferred time: morning, afternoon or evening." }).default("morning"),
});

export type ConsultationForm = z.infer<typeof consultationFormSchema>;

/** The same form for a chosen time slot (issue 17): contact details and notes, the slot's start and the zone it was chosen in. */
export const slotBookingFormSchema = contactDetailsSchema.extend({
  notes: bookingNotesSchema,
  slot: z.iso.datetime({ error: "Please choose a time from the list." }).transform((value) => new Date(value)),
  timeZone: z.enum(VISITOR_TIME_ZONES.map((zone) => zone.value) as [string, ...string[]], { error: "Please choose a time zone from the list." }).default("Africa/Johannesburg"),
});

export type SlotBookingForm = z.infer<typeof slotBookingFormSchema>;
