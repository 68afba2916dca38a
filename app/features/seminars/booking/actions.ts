import type { FieldErrors } from "~/lib/errors.ts";

// What the booking page's action answers (browser-safe types shared by the action and the UI).

export const bookingIntents = ["book", "pay", "cancel", "join-waitlist"] as const;
export type BookingIntent = (typeof bookingIntents)[number];

/** The seat is held: the page shows the payment dialog. */
export type SeatHeld = {
  intent: "book";
  ok: true;
  bookingId: string;
  amountCents: number;
  /** ISO instant. */
  holdExpiresAt: string;
};

export type BookingActionFailure = {
  intent: BookingIntent | "unknown";
  ok: false;
  message: string;
  fieldErrors: FieldErrors;
  /** What was submitted, to refill the form: nothing typed is lost. */
  values: Record<string, string>;
  /** The seminar filled up: the page shows 'This seminar is fully booked.' instead of the form. */
  fullyBooked?: boolean;
};

/** A full seminar's visitor joined its waitlist (docs/decisions/027); `place` is absent when nothing was saved (a bot's honeypot). */
export type WaitlistJoined = {
  intent: "join-waitlist";
  ok: true;
  place?: number;
  seats: number;
};

export type BookingActionResult = SeatHeld | BookingActionFailure;

/** Every answer the booking page's action gives, the waitlist's included. */
export type BookingPageResult = BookingActionResult | WaitlistJoined;
