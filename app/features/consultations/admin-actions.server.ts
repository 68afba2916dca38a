import type { Db } from "#db/client.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import { pieter } from "~/content/people.ts";
import { consultation } from "~/content/site.ts";
import { changesBetween, type Actor } from "~/features/activity/rules.ts";
import { missingVersionError, recordActivity, staleEditError, type ActivityEntry } from "~/features/activity/service.server.ts";
import { contactName, isAnonymised } from "~/features/contacts/rules.ts";
import { contactById } from "~/features/contacts/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { lockBookingMoney, recordManualPayment, reverseManualPayment } from "~/features/payments/service.server.ts";
import { violates } from "~/lib/db-errors.ts";
import { ConflictError, NotFoundError, ValidationError } from "~/lib/errors.ts";
import { CORRECT_FIELDS } from "~/lib/field-errors.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { editedVersion, formValues, parseForm } from "~/lib/forms.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { consultationIntroEmail, type Adviser } from "./admin-emails.ts";
import {
  appendAdminNote,
  clearCancellation,
  findConsultation,
  insertAdminConsultation,
  removeAdminNote,
  updateConsultationStatus,
  updatePaidFlag,
  type ConsultationDetailsRow,
} from "./admin-queries.server.ts";
import {
  addNoteSchema,
  CONFIRM_NOTE_DELETE,
  createConsultationSchema,
  INVALID_NOTE_INDEX,
  NOTE_DELETE_UNCONFIRMED,
  REFUNDED_BY_REFUND_ONLY,
  SELECT_USER_MESSAGE,
  statusChangeNote,
  statusChangeSchema,
  statusLabels,
  typeLabel,
} from "./admin-schema.ts";
import { consultationPaymentReminderEmail, consultationStatusEmail } from "./emails.ts";
import { allowedStatusTransitions, canChangeStatus, isClosedStatus, isFreeConsultation } from "./rules.ts";

// The admin Consultations screen's writes (docs/product.md §3.5, §5.3, §6.6). Each takes the
// signed-in admin (`actor`) and the posted form, answers { ok, message } or a form failure,
// and throws the errors an admin can cause as UserFacingError. Each change and its activity
// entry are written in one transaction, so an entry exists exactly when its change does
// (docs/decisions/013-activity-log.md); the entry names the consultation by its reference,
// never by the client's details, and never holds a note's text. A change from the details
// dialog is made only at the version the dialog opened: one someone changed since is
// refused, naming who and when (docs/decisions/014-no-lost-updates.md).

export const NOT_FOUND = "Consultation not found. It may have been deleted.";
const ERASED_CLIENT = "This client's details were erased at their request, so they cannot be e-mailed.";
const FREE_HAS_NO_PAYMENT = "Free consultations have no payment status, so they cannot be marked as paid or unpaid.";

/** The adviser who introduces themself in the intro e-mail: the director who meets most families first. */
export const introAdviser: Adviser = { name: pieter.name, role: pieter.role, email: pieter.email };

export function consultationId(form: FormData): string {
  const id = form.get("id");
  if (!isRecordId(id)) throw new NotFoundError(NOT_FOUND);
  return id;
}

/** An activity entry about consultation `id`: `action` is the screen's intent, `summary` says what happened to which reference. */
export function entryAbout(id: string, action: string, summary: (reference: string) => string, changes?: ActivityEntry["changes"]): ActivityEntry {
  return { action: `consultation.${action}`, entityType: "consultation", entityId: id, summary: summary(bookingReference(id)), changes };
}

/** 'PAID, Pending, unpaid': what a consultation was, without whom it was for. */
export function describeConsultation(booking: Pick<ConsultationDetailsRow, "consultationType" | "status" | "isPaid">): string {
  const free = isFreeConsultation(booking.consultationType);
  return [typeLabel(booking.consultationType), statusLabels[booking.status], ...(free ? [] : [booking.isPaid ? "paid" : "unpaid"])].join(", ");
}

/** The consultation, read in the transaction of the change; NotFoundError when it is gone. */
export async function existing(tx: Db, id: string): Promise<ConsultationDetailsRow> {
  const booking = await findConsultation(tx, id);
  if (!booking) throw new NotFoundError(NOT_FOUND);
  return booking;
}

/** 'Book Consultation': for an existing contact; paid, pending and unpaid unless chosen otherwise. */
export async function createConsultationByAdmin(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, createConsultationSchema);
  if (!parsed.ok) {
    const onlyUser = Object.keys(parsed.fieldErrors).every((field) => field === "userId");
    return onlyUser ? { ...parsed, message: SELECT_USER_MESSAGE } : parsed;
  }
  const contact = await contactById(db, parsed.data.userId);
  // An anonymised contact (docs/decisions/016) is never booked again: the person books anew.
  if (!contact || isAnonymised(contact)) return { ok: false, message: SELECT_USER_MESSAGE, fieldErrors: { userId: [SELECT_USER_MESSAGE] }, values: formValues(form) };
  const { consultationType, status } = parsed.data;
  const amountCents = consultationType === "paid" ? consultation.priceCents : 0;
  const id = await db.transaction(async (tx) => {
    const created = await insertAdminConsultation(tx, parsed.data, contact, amountCents);
    const what = describeConsultation({ consultationType, status, isPaid: consultationType === "free" });
    await recordActivity(tx, actor, entryAbout(created, "create", (reference) => `Booked consultation ${reference} (${what}) for user ${bookingReference(contact.id)}`));
    return created;
  });
  return { ok: true, message: `Consultation booked for ${contactName(contact)}.`, target: id };
}

function noteFailure(form: FormData, parsed: { fieldErrors: Record<string, string[] | undefined>; values: Record<string, string> }): AdminOutcome {
  const first = Object.values(parsed.fieldErrors).flat()[0];
  return { ok: false, message: first ?? CORRECT_FIELDS, fieldErrors: parsed.fieldErrors, values: formValues(form) };
}

/** The dialog's actions that leave the consultation as it was (the e-mails): a refusal never names one. */
const EMAIL_ACTIONS = ["consultation.send-intro-email", "consultation.send-payment-reminder"] as const;

/** The version of the consultation the dialog was opened on; a form without one is refused (docs/decisions/014-no-lost-updates.md). */
export function dialogVersion(form: FormData): number {
  const version = editedVersion(form);
  if (version === undefined) throw missingVersionError("consultation");
  return version;
}

/**
 * Why a write at the dialog's version matched nothing: the consultation is gone (404) or
 * someone changed it since (409, naming who and when). Undefined when it is still at that
 * version, so another condition of the write failed.
 */
export async function refusalOf(tx: Db, id: string, version: number): Promise<Error | undefined> {
  const booking = await existing(tx, id);
  return booking.version === version ? undefined : staleConsultation(tx, id);
}

/** The refusal of a write based on an older version of the consultation, naming who changed it and when. */
export function staleConsultation(tx: Db, id: string) {
  return staleEditError(tx, { entityType: "consultation", entityId: id, noun: "consultation", passOver: EMAIL_ACTIONS });
}

/** Add Note: appended in one statement at the dialog's version, signed with the admin's name. */
export async function addConsultationNote(db: Db, actor: Actor, form: FormData, now = new Date()): Promise<AdminOutcome> {
  const id = consultationId(form);
  const parsed = parseForm(form, addNoteSchema);
  if (!parsed.ok) return noteFailure(form, parsed);
  const version = dialogVersion(form);
  await db.transaction(async (tx) => {
    if (!(await appendAdminNote(tx, id, { datetime: now.toISOString(), note: parsed.data.note, admin_name: actor.name }, version))) {
      throw (await refusalOf(tx, id, version)) ?? new NotFoundError(NOT_FOUND);
    }
    // The note's text may speak of the client: the log only says that one was added.
    await recordActivity(tx, actor, entryAbout(id, "add-note", (reference) => `Added a note to consultation ${reference}`));
  });
  return { ok: true, message: "Note added." };
}

/** Deletes the note at `index` (0-based) once confirmed, at the dialog's version; out of range: 'Invalid note index', nothing changes. */
export async function deleteConsultationNote(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const id = consultationId(form);
  if (form.get("confirm") !== CONFIRM_NOTE_DELETE) throw new ValidationError(NOTE_DELETE_UNCONFIRMED);
  const raw = String(form.get("index") ?? "");
  if (!/^\d{1,6}$/.test(raw)) throw new ValidationError(INVALID_NOTE_INDEX);
  const index = Number(raw);
  const seen = form.get("noteDatetime");
  const expected = typeof seen === "string" && seen ? seen : undefined;
  const version = dialogVersion(form);
  await db.transaction(async (tx) => {
    if (await removeAdminNote(tx, id, version, index, expected)) {
      await recordActivity(tx, actor, entryAbout(id, "delete-note", (reference) => `Deleted a note from consultation ${reference}`));
      return;
    }
    const refusal = await refusalOf(tx, id, version);
    if (refusal) throw refusal;
    const booking = await existing(tx, id);
    if (index >= booking.adminNotes.length) throw new ValidationError(INVALID_NOTE_INDEX);
    throw new ConflictError("That note changed since the page was loaded, so nothing was deleted. Please check the notes and try again.");
  });
  return { ok: true, message: "Note deleted." };
}

/** Why a status change is refused (409), with the changes the table allows from the current status. */
function statusChangeRefusal(from: ConsultationStatus, to: ConsultationStatus): string {
  if (to === "refunded" && from !== "refunded") return REFUNDED_BY_REFUND_ONLY;
  if (from === to) return `This consultation is already ${statusLabels[from]}, so nothing was changed.`;
  const targets = new Intl.ListFormat("en-GB", { type: "disjunction" }).format(allowedStatusTransitions[from].map((status) => statusLabels[status]));
  const allowed = targets ? `From ${statusLabels[from]} it can change to ${targets}.` : `${statusLabels[from]} is final.`;
  return `A ${statusLabels[from].toLowerCase()} consultation cannot be changed to ${statusLabels[to]}. ${allowed}`;
}

/**
 * Sets the status at the dialog's version, if allowedStatusTransitions allows the change from
 * the current one, with its activity entry; then appends 'Consultation status changed to "…"'
 * with the admin's name and the time, after the change is committed, so the status stands
 * even if the note cannot be saved. A refused change writes nothing.
 */
export const TIME_TAKEN_SINCE = "Its time has been booked by someone else since it was closed or cancelled, so it cannot be reopened. Book a new consultation instead.";

export async function changeConsultationStatus(db: Db, actor: Actor, form: FormData, { siteUrl, now = new Date() }: MailContext): Promise<AdminOutcome> {
  const id = consultationId(form);
  const parsed = parseForm(form, statusChangeSchema);
  if (!parsed.ok) return noteFailure(form, parsed);
  const { status } = parsed.data;
  // Cancelling records who, when and why and tells the client: cancelConsultation does it.
  if (status === "cancelled") throw new ConflictError("A consultation is cancelled with a reason: use Cancel consultation.");
  const version = dialogVersion(form);
  await db.transaction(async (tx) => {
    const booking = await existing(tx, id);
    if (booking.version !== version) throw await staleConsultation(tx, id);
    if (!canChangeStatus(booking.status, status)) throw new ConflictError(statusChangeRefusal(booking.status, status));
    const updated = await updateConsultationStatus(tx, id, { version, from: booking.status, to: status }).catch((error: unknown) => {
      // Reopening a closed or cancelled meeting whose time was booked by someone else since (docs/decisions/035).
      if (violates(error, "23P01", "consultation_bookings_no_overlap")) throw new ConflictError(TIME_TAKEN_SINCE);
      throw error;
    });
    if (!updated) {
      // Deleted meanwhile: 404; changed by someone else meanwhile: 409, naming them.
      throw (await refusalOf(tx, id, version)) ?? new ConflictError("The status changed since the page was loaded, so nothing was changed. Please check it and try again.");
    }
    if (booking.status === "cancelled") await clearCancellation(tx, id);
    // The client hears of it (an erased one never: docs/decisions/016).
    if (!booking.contactAnonymisedAt && status !== "refunded") {
      const { email, firstName } = recipientOf(booking);
      const type = isFreeConsultation(booking.consultationType) ? "free" : "paid";
      await queueEmail(tx, consultationStatusEmail({ bookingId: id, type, firstName, email, status, siteUrl, changedAt: now }));
    }
    const changes = { status: { before: booking.status, after: status } };
    await recordActivity(tx, actor, entryAbout(id, "change-status", (reference) => `Changed consultation ${reference} to "${statusLabels[status]}"`, changes));
  });
  try {
    await appendAdminNote(db, id, { datetime: now.toISOString(), note: statusChangeNote(status), admin_name: actor.name });
  } catch (error) {
    log.error("The status-change note could not be saved; the status change stands", { consultationId: id, status, ...errorFields(error) });
    return { ok: true, message: `Status changed to ${statusLabels[status]}, but the note about it could not be saved.` };
  }
  return { ok: true, message: `Status changed to ${statusLabels[status]}.` };
}

/**
 * Mark as Paid / Mark as Unpaid at the dialog's version: paid-type consultations only. Money
 * staff record by hand is a manual payment in the ledger, and "unpaid" takes it back; a payment
 * made online is refused here (it needs a real refund).
 */
export async function setConsultationPaid(db: Db, actor: Actor, form: FormData, paid: boolean, now = new Date()): Promise<AdminOutcome> {
  const id = consultationId(form);
  const version = dialogVersion(form);
  await db.transaction(async (tx) => {
    const money = { bookingKind: "consultation", bookingId: id } as const;
    await lockBookingMoney(tx, money);
    const booking = await existing(tx, id);
    if (booking.version !== version) throw await staleConsultation(tx, id);
    const changed = booking.isPaid !== paid && !isFreeConsultation(booking.consultationType);
    if (changed && !paid) await reverseManualPayment(tx, money, { actor, now });
    if (!(await updatePaidFlag(tx, id, version, paid, { now, priceCents: consultation.priceCents }))) throw (await refusalOf(tx, id, version)) ?? new ConflictError(FREE_HAS_NO_PAYMENT);
    if (changed && paid) await recordManualPayment(tx, money, { amountCents: booking.amountCents > 0 ? booking.amountCents : consultation.priceCents, actor, now });
    const changes = changesBetween({ paid: booking.isPaid }, { paid }, { fields: ["paid"] });
    await recordActivity(tx, actor, entryAbout(id, paid ? "mark-paid" : "mark-unpaid", (reference) => `Marked consultation ${reference} as ${paid ? "paid" : "unpaid"}`, changes));
  });
  return { ok: true, message: paid ? "Marked as paid." : "Marked as unpaid." };
}

type MailContext = { siteUrl: string; now?: Date };

/** The client to write to; an anonymised one (docs/decisions/016) is never e-mailed. */
function recipientOf(booking: ConsultationDetailsRow) {
  if (booking.contactAnonymisedAt) throw new ConflictError(ERASED_CLIENT);
  return { email: booking.contactEmail ?? booking.bookingEmail, firstName: booking.contactFirstName ?? booking.bookingFirstName };
}

/** 'Send intro email': queues the adviser's introduction (one per press). */
export async function sendConsultationIntroEmail(db: Db, actor: Actor, form: FormData, { siteUrl, now = new Date() }: MailContext): Promise<AdminOutcome> {
  const id = consultationId(form);
  const email = await db.transaction(async (tx) => {
    const booking = await existing(tx, id);
    const recipient = recipientOf(booking);
    await queueEmail(
      tx,
      consultationIntroEmail({
        bookingId: id,
        type: isFreeConsultation(booking.consultationType) ? "free" : "paid",
        ...recipient,
        preferredTime: booking.preferredDatetime,
        adviser: introAdviser,
        siteUrl,
        sentAt: now,
      }),
    );
    await recordActivity(tx, actor, entryAbout(id, "send-intro-email", (reference) => `Queued the intro e-mail of consultation ${reference}`));
    return recipient.email;
  });
  return { ok: true, message: `Intro email queued for ${email}` };
}

/** 'Send payment reminder': paid-type, unpaid and still open; the e-mail carries the pay-online link. */
export async function sendConsultationPaymentReminder(db: Db, actor: Actor, form: FormData, { siteUrl, now = new Date() }: MailContext): Promise<AdminOutcome> {
  const id = consultationId(form);
  const email = await db.transaction(async (tx) => {
    const booking = await existing(tx, id);
    if (isFreeConsultation(booking.consultationType)) throw new ConflictError("Free consultations have nothing to pay, so no payment reminder was sent.");
    if (booking.isPaid) throw new ConflictError("This consultation is already paid, so no payment reminder was sent.");
    if (isClosedStatus(booking.status)) {
      throw new ConflictError(`This consultation is ${statusLabels[booking.status].toLowerCase()}, so no payment reminder was sent.`);
    }
    const recipient = recipientOf(booking);
    await queueEmail(tx, consultationPaymentReminderEmail({ bookingId: id, ...recipient, preferredTime: booking.preferredDatetime, siteUrl }, now));
    await recordActivity(tx, actor, entryAbout(id, "send-payment-reminder", (reference) => `Queued a payment reminder for consultation ${reference}`));
    return recipient.email;
  });
  return { ok: true, message: `Payment reminder queued for ${email}` };
}
