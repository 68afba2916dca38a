import { z } from "zod";
import { bookingNotesSchema, contactDetailsSchema } from "~/features/contacts/schema.ts";
import { withoutInvisibleCharacters } from "~/lib/visible-text.ts";
import { MAX_SEATS_PER_BOOKING } from "./seats/rules.ts";

export const seminarIdSchema = z.guid("Seminar not found");

/** Seat numbers a booking may have, 1 to MAX_SEATS_PER_BOOKING. */
export const SEAT_NUMBERS = [1, 2, 3, 4, 5, 6] as const satisfies { length: typeof MAX_SEATS_PER_BOOKING };
export type SeatNumber = (typeof SEAT_NUMBERS)[number];

/** The form field holding the name on seat `seat`'s ticket. */
export const ticketNameField = (seat: SeatNumber) => `ticketName${seat}` as const;

const TICKET_NAME_MAX = "A name on a ticket must be at most 100 characters.";

/** A name on a ticket, as every form takes it: invisible characters out, trimmed, at most 100 characters; may be empty. */
export const ticketName = z.string().transform(withoutInvisibleCharacters).pipe(z.string().trim().max(100, TICKET_NAME_MAX)).optional();

/** A name on a ticket that must be given (`message` when it is empty, or only invisible characters). */
export const requiredTicketName = (message: string) => z.string().transform(withoutInvisibleCharacters).pipe(z.string().trim().min(1, message).max(100, TICKET_NAME_MAX));

/** The six optional name fields, ticketName1 … ticketName6. */
export const ticketNameFields = Object.fromEntries(SEAT_NUMBERS.map((seat) => [ticketNameField(seat), ticketName])) as Record<ReturnType<typeof ticketNameField>, typeof ticketName>;

const seatsMessage = `Please choose from 1 to ${MAX_SEATS_PER_BOOKING} seats.`;

/** How many seats: 1 to MAX_SEATS_PER_BOOKING, one when not given. */
export const seatsField = z.coerce.number({ error: seatsMessage }).int(seatsMessage).min(1, seatsMessage).max(MAX_SEATS_PER_BOOKING, seatsMessage).default(1);

/**
 * The seminar booking form (docs/product.md §6.3): contact details, optional notes, the seats
 * (1 to 6, one by default) and exactly one name per seat. Seat 1's name is the booker's when
 * left empty; a name beyond the seats chosen is refused rather than dropped (docs/decisions/024).
 */
export const seminarBookingFormSchema = contactDetailsSchema
  .extend({
    notes: bookingNotesSchema,
    seats: seatsField,
    ...ticketNameFields,
  })
  .superRefine((form, ctx) => {
    // A seat count already refused says so on its own; the names are checked against a valid one.
    if (!(SEAT_NUMBERS as readonly number[]).includes(form.seats)) return;
    for (const seat of SEAT_NUMBERS.slice(1)) {
      const field = ticketNameField(seat);
      if (seat <= form.seats && !form[field]) ctx.addIssue({ code: "custom", path: [field], message: `Please enter the name on the ticket for seat ${seat}.` });
      if (seat > form.seats && form[field]) {
        ctx.addIssue({ code: "custom", path: [field], message: `You chose ${form.seats} ${form.seats === 1 ? "seat" : "seats"}: leave seat ${seat}'s name empty, or choose more seats.` });
      }
    }
  })
  .transform(({ ticketName1, ticketName2, ticketName3, ticketName4, ticketName5, ticketName6, ...form }) => {
    const names = [ticketName1 || `${form.firstName} ${form.lastName}`, ticketName2, ticketName3, ticketName4, ticketName5, ticketName6];
    return { ...form, attendeeNames: names.slice(0, form.seats).map((name) => name ?? "") };
  });

export type SeminarBookingForm = z.infer<typeof seminarBookingFormSchema>;

export type SeminarBookingInput = {
  seminarId: string;
  contact: Omit<SeminarBookingForm, "notes" | "seats" | "attendeeNames">;
  notes?: string;
  /** 1 to MAX_SEATS_PER_BOOKING; one when not given. */
  seats?: number;
  /** One per seat, in seat order; the booker's name on one seat when not given. */
  attendeeNames?: string[];
};
