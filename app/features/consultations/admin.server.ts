import type { Db } from "#db/client.ts";
import type { AdminNote } from "#db/schema/index.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import { historyOf, type ActivityView } from "~/features/activity/service.server.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { moneyState, type MoneyState } from "~/features/payments/booking-money.ts";
import { contactChoices, type ContactChoice } from "~/features/contacts/service.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import type { BoundedTotal, KeysetNav } from "~/lib/keyset.ts";
import { removalOf } from "./admin-cancel.server.ts";
import {
  anyConsultationExists,
  countConsultations,
  findConsultation,
  findConsultationsOfUser,
  findConsultationsPage,
} from "./admin-queries.server.ts";
import { CONSULTATIONS_PAGE_SIZE, CONTACT_SEARCH_PARAM, consultationListParams, typeLabel, type ConsultationListParams } from "./admin-schema.ts";
import { isClosedStatus, isFreeConsultation, preferredTimeLabel, type ConsultationRemoval } from "./rules.ts";
import { clockIn, meetingTimeText, shortDayIn } from "./slots/display.ts";
import { UK_TIME_ZONE } from "~/lib/format.ts";

// What the admin Consultations screen reads (docs/product.md §3.5): the list, one
// consultation's details with its history, and a contact's consultations for the Users
// screen. Its writes are in admin-actions.server.ts.

export type ConsultationListItem = {
  id: string;
  clientName: string;
  email: string | null;
  phone: string | null;
  typeLabel: "FREE" | "PAID";
  status: ConsultationStatus;
  isPaid: boolean;
  /** Paid consultations only; a free call has no money to show. */
  money: MoneyState;
  /** A booking in a time slot: "Tue 8 Jun, 13:00 UK time". */
  bookedFor: string | null;
  createdAt: Date;
};

export type ConsultationsPage = {
  consultations: ConsultationListItem[];
  /** How many match, counted up to a bound. */
  total: BoundedTotal;
  nav: KeysetNav;
  /** Whether any consultation exists at all (an empty page then means "adjust the filters"). */
  anyExist: boolean;
};

export async function listConsultationsForAdmin(db: Db, params: ConsultationListParams): Promise<ConsultationsPage> {
  const [page, total] = await Promise.all([findConsultationsPage(db, params, CONSULTATIONS_PAGE_SIZE), countConsultations(db, params)]);
  const rows = page.rows;
  const anyExist = rows.length > 0 || (await anyConsultationExists(db));
  return {
    consultations: rows.map((row) => ({
      id: row.id,
      clientName: contactName({ firstName: row.contactFirstName, lastName: row.contactLastName }, "Unknown Client"),
      // An anonymised contact's placeholder address is no address to show.
      email: row.contactAnonymisedAt ? null : row.contactEmail,
      phone: row.contactPhone,
      typeLabel: typeLabel(row.consultationType),
      status: row.status,
      isPaid: row.isPaid,
      money: moneyState(row),
      bookedFor: row.startsAt ? `${shortDayIn(row.startsAt, UK_TIME_ZONE)}, ${clockIn(row.startsAt, UK_TIME_ZONE)} UK time` : null,
      createdAt: row.createdAt,
    })),
    total,
    nav: page.nav,
    anyExist,
  };
}

export type ConsultationDetails = {
  id: string;
  /** The short reference the activity log names it by (docs/decisions/013-activity-log.md). */
  reference: string;
  userId: string;
  clientName: string;
  email: string | null;
  phone: string | null;
  free: boolean;
  typeLabel: "FREE" | "PAID";
  status: ConsultationStatus;
  isPaid: boolean;
  money: MoneyState;
  preferredTime: string;
  /** A booking in a time slot: its time (UK time), consultant and meeting room. */
  booked: { when: string; consultant: string; meetingUrl: string | null } | null;
  description: string | null;
  adminNotes: AdminNote[];
  createdAt: Date;
  paidAt: Date | null;
  /** Paid type, unpaid and still open: a payment reminder makes sense. */
  canRemind: boolean;
  /** The version the dialog shows: its every change is made at it (docs/decisions/014-no-lost-updates.md). */
  version: number;
  /** What is still owed back when it is cancelled (paid and not yet refunded), in cents. */
  refundableCents: number;
  /** Cancelled after paying, and the refund is still to be made. */
  refundDue: boolean;
  cancellation: { at: Date; by: string | null; reason: string | null } | null;
  /** The client asked to be forgotten (docs/decisions/016): no details, no e-mails. */
  anonymised: boolean;
  /** What Delete does: delete it (no money on record), cancel it instead, or neither. */
  removal: ConsultationRemoval;
};

export async function consultationForAdmin(db: Db, id: string): Promise<ConsultationDetails | undefined> {
  if (!isRecordId(id)) return undefined;
  const row = await findConsultation(db, id);
  if (!row) return undefined;
  const free = isFreeConsultation(row.consultationType);
  const anonymised = row.contactAnonymisedAt !== null;
  const paidCents = row.isPaid && !free ? row.amountCents : 0;
  return {
    id: row.id,
    reference: bookingReference(row.id),
    userId: row.userId,
    clientName: contactName({ firstName: row.contactFirstName, lastName: row.contactLastName }, "Unknown Client"),
    email: row.contactEmail ?? row.bookingEmail,
    phone: row.contactPhone,
    free,
    typeLabel: typeLabel(row.consultationType),
    status: row.status,
    isPaid: row.isPaid,
    money: moneyState(row),
    preferredTime: preferredTimeLabel(row.preferredDatetime),
    booked: row.startsAt ? { when: meetingTimeText(row.startsAt, UK_TIME_ZONE), consultant: row.consultantName ?? "Unknown", meetingUrl: row.meetingUrl } : null,
    description: row.description?.trim() ? row.description : null,
    adminNotes: Array.isArray(row.adminNotes) ? row.adminNotes : [],
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    canRemind: !free && !row.isPaid && !isClosedStatus(row.status) && !anonymised,
    version: row.version,
    refundableCents: Math.max(0, paidCents - row.refundedCents),
    refundDue: row.refundDue,
    cancellation: row.cancelledAt ? { at: row.cancelledAt, by: row.cancelledBy, reason: row.cancelReason } : null,
    anonymised,
    removal: await removalOf(db, row),
  };
}

/** The contacts 'Book Consultation' offers first: the newest, or those matching ?user-search= (docs/decisions/032). */
export function contactsForBooking(db: Db, search: URLSearchParams): Promise<{ q: string; choices: ContactChoice[] }> {
  return contactChoices(db, search.get(CONTACT_SEARCH_PARAM));
}

export type ContactConsultationItem = {
  id: string;
  typeLabel: "FREE" | "PAID";
  status: ConsultationStatus;
  isPaid: boolean;
  money: MoneyState;
  free: boolean;
  preferredTime: string;
  createdAt: Date;
};

/** A contact's consultations, newest first (the Users screen's count modal). */
export async function consultationsOfContact(db: Db, userId: string): Promise<ContactConsultationItem[]> {
  const rows = await findConsultationsOfUser(db, userId);
  return rows.map((row) => ({
    id: row.id,
    typeLabel: typeLabel(row.consultationType),
    status: row.status,
    isPaid: row.isPaid,
    money: moneyState(row),
    free: isFreeConsultation(row.consultationType),
    preferredTime: preferredTimeLabel(row.preferredDatetime),
    createdAt: row.createdAt,
  }));
}


/** What the Delete and Cancel dialogs need of a consultation. */
export type RemovalView = Pick<ConsultationDetails, "id" | "clientName" | "createdAt" | "status" | "free" | "refundableCents" | "removal" | "version">;

function removalView({ id, clientName, createdAt, status, free, refundableCents, removal, version }: ConsultationDetails): RemovalView {
  return { id, clientName, createdAt, status, free, refundableCents, removal, version };
}

/** Everything /admin/consultations shows for this URL: the filtered page and whichever modal is open. */
export async function consultationsScreen(db: Db, search: URLSearchParams) {
  const filters = consultationListParams(search);
  const viewed = search.get("view") ?? "";
  const [list, details, history, deleting, cancelling, contacts] = await Promise.all([
    listConsultationsForAdmin(db, filters),
    search.has("view") ? consultationForAdmin(db, viewed) : undefined,
    isRecordId(viewed) ? historyOf(db, "consultation", viewed) : ([] as ActivityView[]),
    search.has("delete") ? consultationForAdmin(db, search.get("delete") ?? "") : undefined,
    search.has("cancel") ? consultationForAdmin(db, search.get("cancel") ?? "") : undefined,
    search.has("new") ? contactsForBooking(db, search) : undefined,
  ]);
  return {
    filters,
    ...list,
    details: details ?? null,
    /** The shown consultation's history, newest first (the activity log's entries about it). */
    history: details ? history : [],
    /** ?view=<id> names a consultation that no longer exists. */
    missing: (search.has("view") && !details) || (search.has("delete") && !deleting) || (search.has("cancel") && !cancelling),
    deleting: deleting ? removalView(deleting) : null,
    cancelling: cancelling ? removalView(cancelling) : null,
    contacts: contacts ?? { q: "", choices: [] },
  };
}
