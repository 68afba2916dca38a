import type { WaitlistStatus } from "./rules.ts";

// The staff waitlist screen's data (browser-safe).

export type StaffWaitlistEntry = {
  id: string;
  name: string;
  email: string;
  seats: number;
  status: WaitlistStatus;
  /** ISO instant, for an offer. */
  offerExpiresAt: string | null;
  withdrawnBy: string | null;
  version: number;
};

export type StaffWaitlist = {
  seminar: { id: string; title: string; seminarDate: string; seatsLeft: number; maxAttendees: number };
  entries: StaffWaitlistEntry[];
};

/** The staff screen's form intents (the authorisation matrix posts each one). */
export const waitlistAdminIntents = ["move-up", "move-down", "send-offer", "withdraw"] as const;
