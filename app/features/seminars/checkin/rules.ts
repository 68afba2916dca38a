import { formatAdminDate, formatAdminTime } from "~/components/admin/dates.ts";
import { isTicketCode } from "../tickets/rules.ts";

// Door check-in (docs/decisions/025), browser-safe: what staff typed or scanned as a ticket
// code, and what each answer says. The words are the answer; the colour and icon only repeat them.

/**
 * The ticket code in what was typed, scanned or pasted: the bare code, or the ticket page's
 * address (what the QR code encodes) from any host. Undefined when it holds no code.
 */
export function ticketCodeFrom(input: string): string | undefined {
  const text = input.trim();
  const fromUrl = /\/tickets\/([^/?#\s]+)/.exec(text)?.[1];
  let code = fromUrl ?? text;
  try {
    code = decodeURIComponent(code);
  } catch {
    return undefined;
  }
  return isTicketCode(code) ? code : undefined;
}

/** One ticket as the door sees it. `seats`: how many tickets its booking has ("seat 2 of 3"). */
export type DoorTicket = {
  id: string;
  code: string;
  attendeeName: string;
  seatNumber: number;
  seats: number;
  /** Booking reference, e.g. "3F2A9C1E". */
  reference: string;
  bookerName: string;
  /** Confirmed by staff with the fee still to pay: admitted, but the door may want to collect it. */
  feeUnpaid: boolean;
};

export type CheckInAnswer =
  | { kind: "checked-in"; ticket: DoorTicket }
  | { kind: "already"; ticket: DoorTicket; checkedInAt: string; checkedInBy: string }
  | { kind: "other-seminar"; seminar: { title: string; seminarDate: string; city: string } }
  | { kind: "cancelled"; ticket: DoorTicket }
  | { kind: "not-paid"; ticket: DoorTicket }
  | { kind: "not-found" }
  | { kind: "undone"; ticket: DoorTicket }
  | { kind: "not-checked-in"; ticket: DoorTicket };

export type AnswerTone = "success" | "warning" | "danger" | "neutral";

export type AnswerWords = { tone: AnswerTone; headline: string; detail: string | null };

/** "Thandi Nkosi, seat 2 of 3". */
export function seatOf(ticket: Pick<DoorTicket, "attendeeName" | "seatNumber" | "seats">): string {
  return `${ticket.attendeeName}, seat ${ticket.seatNumber} of ${ticket.seats}`;
}

/** What the door reads, in large type: the headline says it all, the detail adds who or which. */
export function answerWords(answer: CheckInAnswer): AnswerWords {
  switch (answer.kind) {
    case "checked-in":
      return {
        tone: "success",
        headline: `Checked in: ${seatOf(answer.ticket)}`,
        detail: answer.ticket.feeUnpaid ? `Booked by staff: the fee is still to pay (booking ${answer.ticket.reference}).` : `Booking ${answer.ticket.reference}.`,
      };
    case "already":
      return {
        tone: "warning",
        headline: `Already checked in at ${formatAdminTime(answer.checkedInAt)} by ${answer.checkedInBy}`,
        detail: `${seatOf(answer.ticket)} (${formatAdminDate(answer.checkedInAt)}). Do not admit this ticket again.`,
      };
    case "other-seminar":
      return {
        tone: "danger",
        headline: "Ticket for another seminar",
        detail: `This ticket is for “${answer.seminar.title}” in ${answer.seminar.city} on ${formatAdminDate(`${answer.seminar.seminarDate}T12:00:00Z`)}.`,
      };
    case "cancelled":
      return { tone: "danger", headline: "Booking cancelled", detail: `${seatOf(answer.ticket)}: this ticket was cancelled (booking ${answer.ticket.reference}).` };
    case "not-paid":
      return { tone: "danger", headline: "Not paid", detail: `${seatOf(answer.ticket)}: booking ${answer.ticket.reference} is not confirmed, its payment has not arrived.` };
    case "not-found":
      return { tone: "danger", headline: "Ticket not found", detail: "No ticket has that code. Check the code, or search by name." };
    case "undone":
      return { tone: "neutral", headline: `Check-in undone: ${seatOf(answer.ticket)}`, detail: "The ticket can be checked in again." };
    case "not-checked-in":
      return { tone: "warning", headline: "Not checked in", detail: `${seatOf(answer.ticket)} was not checked in, so there was nothing to undo.` };
  }
}

/** "Checked in: 12 of 40 seats". */
export function attendanceLabel({ checkedIn, seats }: { checkedIn: number; seats: number }): string {
  return `Checked in: ${checkedIn} of ${seats} ${seats === 1 ? "seat" : "seats"}`;
}

/** The CSV's "Checked in" cell: "2 of 3". */
export function checkedInCell(checkedIn: number, seats: number): string {
  return `${checkedIn} of ${seats}`;
}

/** The door's address for a seminar. */
export function checkInPath(seminarId: string): string {
  return `/admin/check-in/${seminarId}`;
}
