import { formatRand } from "~/lib/format.ts";

// What 'Delete User' does to a contact (docs/decisions/016-erasure-by-anonymisation.md), in
// words staff read before they confirm and in the answer after. Browser-safe: the dialog and
// the action share them.

export type BookingCounts = { seminarBookings: number; consultations: number };

export type ContactDeletion =
  /** No booking of any kind: the contact is deleted. */
  | { kind: "delete" }
  /** Bookings or payments to keep: their details are erased, the records stay. */
  | ({ kind: "anonymise"; paidCents: number; refundedCents: number; queuedEmails: number } & BookingCounts)
  /** Something still under way for them: staff cancel it first. */
  | ({ kind: "refuse"; upcomingSeats: number; openConsultations: number } & BookingCounts)
  /** Already anonymised: nothing more to erase. */
  | { kind: "anonymised"; at: Date };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "2 bookings (1 seminar booking and 1 consultation)". */
export function bookingsPhrase({ seminarBookings, consultations }: BookingCounts): string {
  const parts = [
    ...(seminarBookings > 0 ? [plural(seminarBookings, "seminar booking")] : []),
    ...(consultations > 0 ? [plural(consultations, "consultation")] : []),
  ];
  const total = seminarBookings + consultations;
  return parts.length > 1 ? `${plural(total, "booking")} (${parts.join(" and ")})` : (parts[0] ?? "no bookings");
}

/** "R1,200.00 paid", "R1,200.00 paid (R200.00 refunded)", or "nothing paid". */
export function paidPhrase({ paidCents, refundedCents }: { paidCents: number; refundedCents: number }): string {
  if (paidCents <= 0) return "nothing paid";
  return refundedCents > 0 ? `${formatRand(paidCents)} paid (${formatRand(refundedCents)} refunded)` : `${formatRand(paidCents)} paid`;
}

/** Why the contact cannot be anonymised yet, and what to do first. */
export function refusalMessage(name: string, { upcomingSeats, openConsultations }: { upcomingSeats: number; openConsultations: number }): string {
  const live = [
    ...(upcomingSeats > 0 ? [`holds ${plural(upcomingSeats, "seat")} at an upcoming seminar`] : []),
    ...(openConsultations > 0 ? [`has ${plural(openConsultations, "consultation")} under way`] : []),
  ].join(" and ");
  const how = [
    ...(upcomingSeats > 0 ? ["cancel the seat (Seminars, Manage Attendees)"] : []),
    ...(openConsultations > 0 ? ["cancel the consultation (its details, Cancel consultation)"] : []),
  ].join(" and ");
  return `${name} still ${live}. Their details cannot be erased while a booking is under way: ${how} first, then delete the contact.`;
}

/** The confirmation's words: what happens when staff confirm. */
export function anonymiseSummary(name: string, plan: Extract<ContactDeletion, { kind: "anonymise" }>): string {
  const emails = plan.queuedEmails > 0 ? ` ${plural(plan.queuedEmails, "e-mail")} to them still waiting in the outbox will not be sent.` : "";
  return `${name} has ${bookingsPhrase(plan)} and ${paidPhrase(plan)}: their details will be anonymised, the bookings and payments kept.${emails}`;
}
