import type { Db } from "#db/client.ts";
import { recordActivity, type Actor } from "~/features/activity/service.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { searchText } from "~/lib/search-text.ts";
import { todayIn, SA_TIME_ZONE } from "~/lib/format.ts";
import { checkInEntry, checkInUndoneEntry } from "./activity-entries.ts";
import {
  checkInsOfBookings,
  clearTicketCheckIn,
  countAttendance,
  findDoorSeminar,
  findDoorTicket,
  findSeminarForDoor,
  markTicketCheckedIn,
  searchDoorTickets,
  type DoorTicketRow,
} from "./queries.server.ts";
import { DOOR_SEARCH_MAX } from "./schema.ts";
import { ticketCodeFrom, type CheckInAnswer, type DoorTicket } from "./rules.ts";

// Door check-in (docs/decisions/025): one conditional UPDATE admits a ticket, and when it
// admits nothing the ticket is read again to say why. Every admission and undo is logged in
// its own transaction (docs/decisions/013): who, which booking and seat, which seminar.

function doorTicket(row: DoorTicketRow): DoorTicket {
  return {
    id: row.id,
    code: row.code,
    attendeeName: row.attendeeName,
    seatNumber: row.seatNumber,
    seats: Math.max(row.seats, row.seatNumber),
    reference: bookingReference(row.bookingId),
    bookerName: `${row.bookerFirstName} ${row.bookerLastName}`.trim(),
    feeUnpaid: row.bookingStatus === "confirmed" && !row.isPaid,
  };
}

/** Where a ticket stands at the door: the one rule the scan and the name search both read. */
function doorState(row: DoorTicketRow): "ready" | "checked-in" | "cancelled" | "not-paid" {
  if (row.cancelledAt || row.bookingStatus === "cancelled" || row.bookingStatus === "refunded") return "cancelled";
  if (row.bookingStatus !== "confirmed") return "not-paid";
  return row.checkedInAt ? "checked-in" : "ready";
}

/** Why a ticket was not admitted, from how it stands now. */
function refusal(row: DoorTicketRow | undefined, seminarId: string): CheckInAnswer {
  if (!row) return { kind: "not-found" };
  if (row.seminarId !== seminarId) return { kind: "other-seminar", seminar: { title: row.seminarTitle, seminarDate: row.seminarDate, city: row.seminarCity } };
  const ticket = doorTicket(row);
  const state = doorState(row);
  if (state === "cancelled" || state === "not-paid") return { kind: state, ticket };
  if (state === "checked-in") return { kind: "already", ticket, checkedInAt: row.checkedInAt!.toISOString(), checkedInBy: row.checkedInBy ?? "someone" };
  // Admitted by nobody and refused by nothing: only a change between the update and this read does that.
  return { kind: "not-found" };
}

/**
 * Checks a ticket in at the door of `seminarId`, by its code or its page's address. The
 * staff member's name goes on the ticket; exactly one of any number of simultaneous tries wins.
 */
export async function checkInTicket(db: Db, actor: Actor, { seminarId, code: typed }: { seminarId: string; code: string }): Promise<CheckInAnswer> {
  const code = ticketCodeFrom(typed);
  if (!code || !isRecordId(seminarId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    const admitted = await markTicketCheckedIn(tx, { seminarId, code, staffName: actor.name });
    const row = await findDoorTicket(tx, { code });
    if (!admitted || !row) return refusal(row, seminarId);
    await recordActivity(tx, actor, checkInEntry(row));
    return { kind: "checked-in", ticket: doorTicket(row) };
  });
}

/** 'Undo check-in' for a mistake: clears the ticket's check-in if it has one, and logs it. */
export async function undoCheckIn(db: Db, actor: Actor, { seminarId, ticketId }: { seminarId: string; ticketId: string }): Promise<CheckInAnswer> {
  if (!isRecordId(seminarId) || !isRecordId(ticketId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    const before = await findDoorTicket(tx, { id: ticketId });
    if (!before || before.seminarId !== seminarId) return { kind: "not-found" };
    const cleared = await clearTicketCheckIn(tx, { seminarId, ticketId });
    if (!cleared) return { kind: "not-checked-in", ticket: doorTicket(before) };
    await recordActivity(tx, actor, checkInUndoneEntry(before));
    return { kind: "undone", ticket: doorTicket(before) };
  });
}

/** A row of the name search: the ticket and where it stands at the door. */
export type DoorSearchRow = DoorTicket & {
  state: ReturnType<typeof doorState>;
  checkedInAt: string | null;
  checkedInBy: string | null;
};

function searchRow(row: DoorTicketRow): DoorSearchRow {
  return { ...doorTicket(row), state: doorState(row), checkedInAt: row.checkedInAt?.toISOString() ?? null, checkedInBy: row.checkedInBy };
}

export const DOOR_SEARCH_SHOWN = 30;

export type DoorPage = {
  seminar: { id: string; title: string; seminarDate: string; seminarTime: string; venueName: string; city: string; cancelled: boolean };
  attendance: { checkedIn: number; seats: number };
  search: { q: string; rows: DoorSearchRow[] } | null;
};

/** What /admin/check-in/:seminarId shows; undefined for no such seminar. */
export async function doorPage(db: Db, seminarId: string, q: string | null): Promise<DoorPage | undefined> {
  if (!isRecordId(seminarId)) return undefined;
  const seminar = await findSeminarForDoor(db, seminarId);
  if (!seminar) return undefined;
  const search = searchText(q, DOOR_SEARCH_MAX);
  const [attendance, rows] = await Promise.all([countAttendance(db, seminarId), search ? searchDoorTickets(db, seminarId, search, DOOR_SEARCH_SHOWN) : Promise.resolve(null)]);
  const { cancelledAt, ...shown } = seminar;
  return { seminar: { ...shown, seminarTime: shown.seminarTime.slice(0, 5), cancelled: cancelledAt !== null }, attendance, search: rows ? { q: search, rows: rows.map(searchRow) } : null };
}

export type BookingCheckIn = { seatNumber: number; attendeeName: string; checkedInAt: string | null; checkedInBy: string | null };

/** Each booking's tickets (not cancelled) with their check-in, for the attendee list. */
export async function checkInsByBooking(db: Db, bookingIds: readonly string[]): Promise<Map<string, BookingCheckIn[]>> {
  const byBooking = new Map<string, BookingCheckIn[]>();
  for (const row of await checkInsOfBookings(db, bookingIds)) {
    const list = byBooking.get(row.bookingId) ?? [];
    list.push({ seatNumber: row.seatNumber, attendeeName: row.attendeeName, checkedInAt: row.checkedInAt?.toISOString() ?? null, checkedInBy: row.checkedInBy });
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}

export type DoorAttendance = { seminar: { id: string; title: string; seminarDate: string; city: string }; today: boolean; checkedIn: number; seats: number };

/** The dashboard's door figure: today's seminar (South African date), else the latest one held. */
export async function latestDoorAttendance(db: Db, now = new Date()): Promise<DoorAttendance | null> {
  const today = todayIn(SA_TIME_ZONE, now);
  const seminar = await findDoorSeminar(db, today);
  if (!seminar) return null;
  const attendance = await countAttendance(db, seminar.id);
  return { seminar: { id: seminar.id, title: seminar.title, seminarDate: seminar.seminarDate, city: seminar.city }, today: seminar.seminarDate === today, ...attendance };
}
