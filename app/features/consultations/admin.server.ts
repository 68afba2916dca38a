import type { Db } from "#db/client.ts";
import type { AdminNote } from "#db/schema/index.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { pieter } from "~/content/people.ts";
import { consultation } from "~/content/site.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { contactById, contactOptions, type ContactOption } from "~/features/contacts/service.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { ConflictError, NotFoundError, ValidationError } from "~/lib/errors.ts";
import { CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { formValues, parseForm } from "~/lib/forms.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { consultationIntroEmail, type Adviser } from "./admin-emails.ts";
import {
  anyConsultationExists,
  appendAdminNote,
  countConsultations,
  deleteConsultationRow,
  deleteConsultationsOfUser,
  findConsultation,
  findConsultationsOfUser,
  findConsultationsPage,
  insertAdminConsultation,
  removeAdminNote,
  updateConsultationStatus,
  updatePaidFlag,
} from "./admin-queries.server.ts";
import {
  addNoteSchema,
  CONSULTATIONS_PAGE_SIZE,
  consultationListParams,
  createConsultationSchema,
  INVALID_NOTE_INDEX,
  SELECT_USER_MESSAGE,
  statusChangeNote,
  statusChangeSchema,
  statusLabels,
  typeLabel,
  type ConsultationListParams,
} from "./admin-schema.ts";
import { consultationPaymentReminderEmail } from "./emails.ts";
import { allowedStatusTransitions, canChangeStatus, isClosedStatus, isFreeConsultation, preferredTimeLabel } from "./rules.ts";

// The admin Consultations screen's use cases (docs/product.md §3.5, §5.3, §6.6).
// Each intent handler takes the posted form and answers { ok, message } or a form failure;
// errors an admin can cause are thrown as UserFacingError.

const NOT_FOUND = "Consultation not found. It may have been deleted.";
const FREE_HAS_NO_PAYMENT = "Free consultations have no payment status, so they cannot be marked as paid or unpaid.";

/** The adviser who introduces themself in the intro e-mail: the director who meets most families first. */
export const introAdviser: Adviser = { name: pieter.name, role: pieter.role, email: pieter.email };

export type ConsultationListItem = {
  id: string;
  clientName: string;
  email: string | null;
  phone: string | null;
  typeLabel: "FREE" | "PAID";
  status: ConsultationStatus;
  isPaid: boolean;
  createdAt: Date;
};

export type ConsultationsPage = {
  consultations: ConsultationListItem[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Whether any consultation exists at all (an empty page then means "adjust the filters"). */
  anyExist: boolean;
};

export async function listConsultationsForAdmin(db: Db, params: ConsultationListParams): Promise<ConsultationsPage> {
  const pageSize = CONSULTATIONS_PAGE_SIZE;
  const total = await countConsultations(db, params);
  const pageCount = Math.max(Math.ceil(total / pageSize), 1);
  const page = Math.min(params.page, pageCount);
  const rows = total === 0 ? [] : await findConsultationsPage(db, params, { limit: pageSize, offset: (page - 1) * pageSize });
  const anyExist = total > 0 || (await anyConsultationExists(db));
  return {
    consultations: rows.map((row) => ({
      id: row.id,
      clientName: contactName({ firstName: row.contactFirstName, lastName: row.contactLastName }, "Unknown Client"),
      email: row.contactEmail,
      phone: row.contactPhone,
      typeLabel: typeLabel(row.consultationType),
      status: row.status,
      isPaid: row.isPaid,
      createdAt: row.createdAt,
    })),
    total,
    page,
    pageCount,
    pageSize,
    anyExist,
  };
}

export type ConsultationDetails = {
  id: string;
  userId: string;
  clientName: string;
  email: string | null;
  phone: string | null;
  free: boolean;
  typeLabel: "FREE" | "PAID";
  status: ConsultationStatus;
  isPaid: boolean;
  preferredTime: string;
  description: string | null;
  adminNotes: AdminNote[];
  createdAt: Date;
  paidAt: Date | null;
  /** Paid type, unpaid and still open: a payment reminder makes sense. */
  canRemind: boolean;
};

export async function consultationForAdmin(db: Db, id: string): Promise<ConsultationDetails | undefined> {
  if (!isRecordId(id)) return undefined;
  const row = await findConsultation(db, id);
  if (!row) return undefined;
  const free = isFreeConsultation(row.consultationType);
  return {
    id: row.id,
    userId: row.userId,
    clientName: contactName({ firstName: row.contactFirstName, lastName: row.contactLastName }, "Unknown Client"),
    email: row.contactEmail ?? row.bookingEmail,
    phone: row.contactPhone,
    free,
    typeLabel: typeLabel(row.consultationType),
    status: row.status,
    isPaid: row.isPaid,
    preferredTime: preferredTimeLabel(row.preferredDatetime),
    description: row.description?.trim() ? row.description : null,
    adminNotes: Array.isArray(row.adminNotes) ? row.adminNotes : [],
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    canRemind: !free && !row.isPaid && !isClosedStatus(row.status),
  };
}

/** The contacts 'Book Consultation' offers. */
export function contactsForBooking(db: Db): Promise<ContactOption[]> {
  return contactOptions(db);
}

function consultationId(form: FormData): string {
  const id = form.get("id");
  if (!isRecordId(id)) throw new NotFoundError(NOT_FOUND);
  return id;
}

/** 'Book Consultation': for an existing contact; paid, pending and unpaid unless chosen otherwise. */
export async function createConsultationByAdmin(db: Db, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, createConsultationSchema);
  if (!parsed.ok) {
    const onlyUser = Object.keys(parsed.fieldErrors).every((field) => field === "userId");
    return onlyUser ? { ...parsed, message: SELECT_USER_MESSAGE } : parsed;
  }
  const contact = await contactById(db, parsed.data.userId);
  if (!contact) return { ok: false, message: SELECT_USER_MESSAGE, fieldErrors: { userId: [SELECT_USER_MESSAGE] }, values: formValues(form) };
  const amountCents = parsed.data.consultationType === "paid" ? consultation.priceCents : 0;
  const id = await insertAdminConsultation(db, parsed.data, contact, amountCents);
  return { ok: true, message: `Consultation booked for ${contactName(contact)}.`, target: id };
}

function noteFailure(form: FormData, parsed: { fieldErrors: Record<string, string[] | undefined>; values: Record<string, string> }): AdminOutcome {
  const first = Object.values(parsed.fieldErrors).flat()[0];
  return { ok: false, message: first ?? CORRECT_FIELDS, fieldErrors: parsed.fieldErrors, values: formValues(form) };
}

/** Add Note: appended in one statement, so notes added at the same moment are all kept. */
export async function addConsultationNote(db: Db, form: FormData, now = new Date()): Promise<AdminOutcome> {
  const id = consultationId(form);
  const parsed = parseForm(form, addNoteSchema);
  if (!parsed.ok) return noteFailure(form, parsed);
  const added = await appendAdminNote(db, id, { datetime: now.toISOString(), note: parsed.data.note, admin_name: parsed.data.adminName });
  if (!added) throw new NotFoundError(NOT_FOUND);
  return { ok: true, message: "Note added." };
}

/** Deletes the note at `index` (0-based); out of range: 'Invalid note index', nothing changes. */
export async function deleteConsultationNote(db: Db, form: FormData): Promise<AdminOutcome> {
  const id = consultationId(form);
  const raw = String(form.get("index") ?? "");
  if (!/^\d{1,6}$/.test(raw)) throw new ValidationError(INVALID_NOTE_INDEX);
  const index = Number(raw);
  const seen = form.get("noteDatetime");
  const expected = typeof seen === "string" && seen ? seen : undefined;
  if (await removeAdminNote(db, id, index, expected)) return { ok: true, message: "Note deleted." };
  const booking = await findConsultation(db, id);
  if (!booking) throw new NotFoundError(NOT_FOUND);
  if (index >= booking.adminNotes.length) throw new ValidationError(INVALID_NOTE_INDEX);
  throw new ConflictError("That note changed since the page was loaded, so nothing was deleted. Please check the notes and try again.");
}

/** Why a status change is refused (409), with the changes the table allows from the current status. */
function statusChangeRefusal(from: ConsultationStatus, to: ConsultationStatus): string {
  if (from === to) return `This consultation is already ${statusLabels[from]}, so nothing was changed.`;
  const targets = new Intl.ListFormat("en-GB", { type: "disjunction" }).format(allowedStatusTransitions[from].map((status) => statusLabels[status]));
  const allowed = targets ? `From ${statusLabels[from]} it can change to ${targets}.` : `${statusLabels[from]} is final.`;
  return `A ${statusLabels[from].toLowerCase()} consultation cannot be changed to ${statusLabels[to]}. ${allowed}`;
}

/**
 * Sets the status, if allowedStatusTransitions allows the change from the current one,
 * then appends 'Consultation status changed to "…"' with the admin's name and the time:
 * two statements, so the status stands even if the note cannot be saved. A refused change
 * writes nothing.
 */
export async function changeConsultationStatus(db: Db, form: FormData, now = new Date()): Promise<AdminOutcome> {
  const id = consultationId(form);
  const parsed = parseForm(form, statusChangeSchema);
  if (!parsed.ok) return noteFailure(form, parsed);
  const { status, adminName } = parsed.data;
  const booking = await findConsultation(db, id);
  if (!booking) throw new NotFoundError(NOT_FOUND);
  if (!canChangeStatus(booking.status, status)) throw new ConflictError(statusChangeRefusal(booking.status, status));
  if (!(await updateConsultationStatus(db, id, { from: booking.status, to: status }))) {
    if (!(await findConsultation(db, id))) throw new NotFoundError(NOT_FOUND);
    throw new ConflictError("The status changed since the page was loaded, so nothing was changed. Please check it and try again.");
  }
  try {
    await appendAdminNote(db, id, { datetime: now.toISOString(), note: statusChangeNote(status), admin_name: adminName });
  } catch (error) {
    log.error("The status-change note could not be saved; the status change stands", { consultationId: id, status, ...errorFields(error) });
    return { ok: true, message: `Status changed to ${statusLabels[status]}, but the note about it could not be saved.` };
  }
  return { ok: true, message: `Status changed to ${statusLabels[status]}.` };
}

/** Mark as Paid / Mark as Unpaid: paid-type consultations only. */
export async function setConsultationPaid(db: Db, form: FormData, paid: boolean, now = new Date()): Promise<AdminOutcome> {
  const id = consultationId(form);
  if (await updatePaidFlag(db, id, paid, { now, priceCents: consultation.priceCents })) {
    return { ok: true, message: paid ? "Marked as paid." : "Marked as unpaid." };
  }
  if (!(await findConsultation(db, id))) throw new NotFoundError(NOT_FOUND);
  throw new ConflictError(FREE_HAS_NO_PAYMENT);
}

export async function deleteConsultation(db: Db, form: FormData): Promise<AdminOutcome> {
  const id = consultationId(form);
  const booking = await findConsultation(db, id);
  if (!booking || !(await deleteConsultationRow(db, id))) throw new NotFoundError(NOT_FOUND);
  const who = contactName({ firstName: booking.contactFirstName, lastName: booking.contactLastName }, "Unknown Client");
  return { ok: true, message: `The consultation of ${who} was deleted.` };
}

type MailContext = { siteUrl: string; now?: Date };

function recipientOf(booking: NonNullable<Awaited<ReturnType<typeof findConsultation>>>) {
  return { email: booking.contactEmail ?? booking.bookingEmail, firstName: booking.contactFirstName ?? booking.bookingFirstName };
}

/** 'Send intro email': queues the adviser's introduction (one per press). */
export async function sendConsultationIntroEmail(db: Db, form: FormData, { siteUrl, now = new Date() }: MailContext): Promise<AdminOutcome> {
  const id = consultationId(form);
  const booking = await findConsultation(db, id);
  if (!booking) throw new NotFoundError(NOT_FOUND);
  const { email, firstName } = recipientOf(booking);
  await queueEmail(
    db,
    consultationIntroEmail({
      bookingId: id,
      type: isFreeConsultation(booking.consultationType) ? "free" : "paid",
      firstName,
      email,
      preferredTime: booking.preferredDatetime,
      adviser: introAdviser,
      siteUrl,
      sentAt: now,
    }),
  );
  return { ok: true, message: `Intro email queued for ${email}` };
}

/** 'Send payment reminder': paid-type, unpaid and still open; the e-mail carries the pay-online link. */
export async function sendConsultationPaymentReminder(db: Db, form: FormData, { siteUrl, now = new Date() }: MailContext): Promise<AdminOutcome> {
  const id = consultationId(form);
  const booking = await findConsultation(db, id);
  if (!booking) throw new NotFoundError(NOT_FOUND);
  if (isFreeConsultation(booking.consultationType)) throw new ConflictError("Free consultations have nothing to pay, so no payment reminder was sent.");
  if (booking.isPaid) throw new ConflictError("This consultation is already paid, so no payment reminder was sent.");
  if (isClosedStatus(booking.status)) {
    throw new ConflictError(`This consultation is ${statusLabels[booking.status].toLowerCase()}, so no payment reminder was sent.`);
  }
  const { email, firstName } = recipientOf(booking);
  await queueEmail(db, consultationPaymentReminderEmail({ bookingId: id, firstName, email, preferredTime: booking.preferredDatetime, siteUrl }, now));
  return { ok: true, message: `Payment reminder queued for ${email}` };
}

export type ContactConsultationItem = {
  id: string;
  typeLabel: "FREE" | "PAID";
  status: ConsultationStatus;
  isPaid: boolean;
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
    free: isFreeConsultation(row.consultationType),
    preferredTime: preferredTimeLabel(row.preferredDatetime),
    createdAt: row.createdAt,
  }));
}

/** Part of deleting a contact: call inside the caller's transaction. Returns how many were deleted. */
export function deleteConsultationsOfContact(tx: Db, userId: string): Promise<number> {
  return deleteConsultationsOfUser(tx, userId);
}

/** Everything /admin/consultations shows for this URL: the filtered page and whichever modal is open. */
export async function consultationsScreen(db: Db, search: URLSearchParams) {
  const filters = consultationListParams(search);
  const [list, details, deleting, contacts] = await Promise.all([
    listConsultationsForAdmin(db, filters),
    search.has("view") ? consultationForAdmin(db, search.get("view") ?? "") : undefined,
    search.has("delete") ? consultationForAdmin(db, search.get("delete") ?? "") : undefined,
    search.has("new") ? contactsForBooking(db) : undefined,
  ]);
  return {
    filters,
    ...list,
    details: details ?? null,
    /** ?view=<id> names a consultation that no longer exists. */
    missing: (search.has("view") && !details) || (search.has("delete") && !deleting),
    deleting: deleting ? { id: deleting.id, clientName: deleting.clientName, createdAt: deleting.createdAt } : null,
    contacts: contacts ?? [],
  };
}
