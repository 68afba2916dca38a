import { z } from "zod";
import { requiredTicketName } from "../schema.ts";
import { MAX_SEATS_PER_BOOKING } from "../seats/rules.ts";

// The manage page's forms (docs/decisions/026), shared by the page and its action.

export const MANAGE_INTENTS = { rename: "rename", cancelSeat: "cancel-seat", cancelBooking: "cancel-booking" } as const;

/** The form field holding the name on the `index`-th standing seat (1-based, in seat order). */
export const attendeeNameField = (index: number) => `name${index}`;

const nameOnTicket = requiredTicketName("Please enter a name for every seat.");

/** "Save names": one name per standing seat, in seat order, and the booking's version the form was opened at. */
export function renameFormSchema(seats: number) {
  const names = Object.fromEntries(Array.from({ length: seats }, (_, index) => [attendeeNameField(index + 1), nameOnTicket]));
  return z.object({
    version: z.coerce.number({ message: "This form is out of date. Please reload the page." }).int().min(0),
    ...names,
  });
}

/** "Cancel this seat": the seat's number on its ticket. */
export const cancelSeatFormSchema = z.object({
  seat: z.coerce.number({ message: "Choose the seat to cancel." }).int().min(1).max(MAX_SEATS_PER_BOOKING),
});
