import { z } from "zod";
import { contactDetailsSchema } from "~/features/contacts/schema.ts";
import { MAX_SEATS_PER_BOOKING } from "../seats/rules.ts";
import { SEAT_NUMBERS, ticketNameField } from "../schema.ts";

// The waitlist's forms, shared by the browser and the actions (docs/decisions/027).

const seatsMessage = `Please choose from 1 to ${MAX_SEATS_PER_BOOKING} seats.`;

/** "Join the waitlist": who is waiting and how many seats they want. */
export const waitlistJoinFormSchema = contactDetailsSchema.pick({ firstName: true, lastName: true, email: true, phone: true }).extend({
  seats: z.coerce.number({ error: seatsMessage }).int(seatsMessage).min(1, seatsMessage).max(MAX_SEATS_PER_BOOKING, seatsMessage).default(1),
});

export type WaitlistJoinForm = z.infer<typeof waitlistJoinFormSchema>;

const ticketName = z.string().trim().max(100, "A name on a ticket must be at most 100 characters.").optional();

/**
 * "Pay and confirm" on an offer: one name per seat offered (seat 1 may be left for the
 * holder's own name). The seats are the offer's, so the names are checked against them by
 * `claimNames`, not sent with the form.
 */
export const offerClaimFormSchema = z.object({
  ticketName1: ticketName,
  ticketName2: ticketName,
  ticketName3: ticketName,
  ticketName4: ticketName,
  ticketName5: ticketName,
  ticketName6: ticketName,
});

export type OfferClaimForm = z.infer<typeof offerClaimFormSchema>;

/** The names on an offer's tickets, one per seat, or the fields' errors. */
export function claimNames(form: OfferClaimForm, seats: number, holderName: string): { ok: true; names: string[] } | { ok: false; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const names: string[] = [];
  for (const seat of SEAT_NUMBERS) {
    const field = ticketNameField(seat);
    const name = form[field];
    if (seat > seats) {
      if (name) fieldErrors[field] = [`Your offer is for ${seats} ${seats === 1 ? "seat" : "seats"}: leave seat ${seat}'s name empty.`];
      continue;
    }
    if (seat === 1) names.push(name || holderName);
    else if (name) names.push(name);
    else fieldErrors[field] = [`Please enter the name on the ticket for seat ${seat}.`];
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, names };
}
