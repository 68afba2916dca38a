import { z } from "zod";
import { contactDetailsSchema } from "~/features/contacts/schema.ts";
import { SEAT_NUMBERS, seatsField, ticketNameField, ticketNameFields } from "../schema.ts";

// The waitlist's forms, shared by the browser and the actions (docs/decisions/027).

/** "Join the waitlist": who is waiting and how many seats they want. */
export const waitlistJoinFormSchema = contactDetailsSchema.pick({ firstName: true, lastName: true, email: true, phone: true }).extend({
  seats: seatsField,
});

export type WaitlistJoinForm = z.infer<typeof waitlistJoinFormSchema>;

/**
 * "Pay and confirm" on an offer: one name per seat offered (seat 1 may be left for the
 * holder's own name). The seats are the offer's, so the names are checked against them by
 * `claimNames`, not sent with the form.
 */
export const offerClaimFormSchema = z.object(ticketNameFields);

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
