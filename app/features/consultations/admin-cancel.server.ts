import type { Db } from "#db/client.ts";
import { violates } from "~/lib/db-errors.ts";
import { type Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { closeOpenCheckouts, hasCheckoutOrPayment, type PaymentProvider } from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { formValues, parseForm } from "~/lib/forms.server.ts";
import { bookingReference } from "~/lib/ids.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import {
  changeConsultationStatus,
  consultationId,
  describeConsultation,
  dialogVersion,
  entryAbout,
  existing,
  NOT_FOUND,
  refusalOf,
  staleConsultation,
} from "./admin-actions.server.ts";
import { appendAdminNote, cancelConsultationRow, deleteConsultationRow, lockConsultationRow, type ConsultationDetailsRow } from "./admin-queries.server.ts";
import { cancelConsultationSchema, REFUND_CHOICE_REQUIRED, statusChangeNote, statusLabels } from "./admin-schema.ts";
import { consultationCancelledEmail } from "./emails.ts";
import { consultationRemoval, hasMoneyOnRecord, isFreeConsultation, type ConsultationRemoval } from "./rules.ts";

// The admin's Delete on a consultation (docs/product.md §3.5, docs/decisions/015): one with no
// money on record is deleted; one whose checkout started or whose money arrived is cancelled
// instead (who, when, why; a refund owed unless staff say no; open checkouts closed; the client
// told), and stays on record. Cancelled in the status menu is the same cancellation.

export type CancelContext = { provider: PaymentProvider; siteUrl: string; now?: Date };

/** Whether the consultation may be deleted, must be cancelled instead, or stays as it is. */
export async function removalOf(db: Db, booking: Pick<ConsultationDetailsRow, "id" | "status" | "consultationType" | "isPaid" | "paidAt">): Promise<ConsultationRemoval> {
  return consultationRemoval(booking.status, hasMoneyOnRecord(booking, await hasCheckoutOrPayment(db, "consultation", booking.id)));
}

/** What was paid and what is still refundable, in cents (a free call has neither). */
function moneyOf(booking: ConsultationDetailsRow): { paidCents: number; refundableCents: number } {
  const paidCents = booking.isPaid && !isFreeConsultation(booking.consultationType) ? booking.amountCents : 0;
  return { paidCents, refundableCents: Math.max(0, paidCents - booking.refundedCents) };
}

/** The database refused the delete (a checkout opened meanwhile, docs/decisions/015). */
function isKeptByTrigger(error: unknown): boolean {
  return violates(error, "23001");
}

const KEPT_ON_RECORD = "This consultation has a checkout or a payment on record, so it cannot be deleted. Cancel it instead.";

/** Delete: only a consultation with no checkout and no payment on record; anything else is refused (409). */
export async function deleteConsultation(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const id = consultationId(form);
  let booking: ConsultationDetailsRow;
  try {
    booking = await db.transaction(async (tx) => {
      if (!(await lockConsultationRow(tx, id))) throw new NotFoundError(NOT_FOUND);
      const found = await existing(tx, id);
      if ((await removalOf(tx, found)) !== "delete") throw new ConflictError(KEPT_ON_RECORD);
      if (!(await deleteConsultationRow(tx, id))) throw new NotFoundError(NOT_FOUND);
      // What it was stays in the log; who it was for does not (only the contact's reference).
      const summary = (reference: string) => `Deleted consultation ${reference} (${describeConsultation(found)}) of user ${bookingReference(found.userId)}`;
      await recordActivity(tx, actor, entryAbout(id, "delete", summary));
      return found;
    });
  } catch (error) {
    if (isKeptByTrigger(error)) throw new ConflictError(KEPT_ON_RECORD);
    throw error;
  }
  const who = contactName({ firstName: booking.contactFirstName, lastName: booking.contactLastName }, "Unknown Client");
  return { ok: true, message: `The consultation of ${who} was deleted.` };
}

/**
 * Cancel consultation, at the version the dialog opened (docs/decisions/014): a pending or
 * confirmed consultation becomes cancelled with the admin's name, the time and the reason; a paid one owes its refund unless staff chose "waived"; open
 * checkouts are closed before (so no payment starts) and after (one opened in between); the
 * client is e-mailed in the same transaction; one activity entry. Then, as a status change
 * does, the note 'Consultation status changed to "cancelled"' is appended.
 */
export async function cancelConsultation(db: Db, actor: Actor, form: FormData, { provider, siteUrl, now = new Date() }: CancelContext): Promise<AdminOutcome> {
  const id = consultationId(form);
  const parsed = parseForm(form, cancelConsultationSchema);
  if (!parsed.ok) return parsed;
  const version = dialogVersion(form);
  const before = await existing(db, id);
  if (before.version !== version) throw await staleConsultation(db, id);
  refuseUnlessCancellable(before);
  if (moneyOf(before).refundableCents > 0 && !parsed.data.refund) {
    return { ok: false, message: REFUND_CHOICE_REQUIRED, fieldErrors: { refund: [REFUND_CHOICE_REQUIRED] }, values: formValues(form) };
  }
  await closeOpenCheckouts(db, provider, "consultation", [id]);
  const refundDue = await db.transaction(async (tx) => {
    if (!(await lockConsultationRow(tx, id))) throw new NotFoundError(NOT_FOUND);
    const booking = await existing(tx, id);
    if (booking.version !== version) throw await staleConsultation(tx, id);
    refuseUnlessCancellable(booking);
    const { paidCents, refundableCents } = moneyOf(booking);
    const owed = refundableCents > 0 && parsed.data.refund !== "waived";
    const cancellation = { version, from: booking.status, at: now, by: actor.name, reason: parsed.data.reason, refundDue: owed };
    if (!(await cancelConsultationRow(tx, id, cancellation))) throw (await refusalOf(tx, id, version)) ?? new NotFoundError(NOT_FOUND);
    if (!booking.contactAnonymisedAt) {
      await queueEmail(
        tx,
        consultationCancelledEmail({
          bookingId: id,
          type: isFreeConsultation(booking.consultationType) ? "free" : "paid",
          firstName: booking.contactFirstName ?? booking.bookingFirstName,
          email: booking.contactEmail ?? booking.bookingEmail,
          paidCents,
          refundCents: owed ? refundableCents : 0,
          siteUrl,
          cancelledAt: now,
        }),
      );
    }
    const refund = refundableCents > 0 ? (owed ? "; refund due" : "; no refund due") : "";
    const changes = { status: { before: booking.status, after: "cancelled" }, ...(owed ? { refundDue: { before: false, after: true } } : {}) };
    // The reason stays on the consultation: staff may have written about the client in it.
    await recordActivity(tx, actor, entryAbout(id, "cancel", (reference) => `Cancelled consultation ${reference} (${describeConsultation(booking)})${refund}`, changes));
    return owed;
  });
  await closeOpenCheckouts(db, provider, "consultation", [id]);
  const message = `Consultation cancelled.${refundDue ? " A refund is due." : ""}`;
  try {
    await appendAdminNote(db, id, { datetime: now.toISOString(), note: statusChangeNote("cancelled"), admin_name: actor.name });
  } catch (error) {
    log.error("The cancellation note could not be saved; the cancellation stands", { consultationId: id, ...errorFields(error) });
    return { ok: true, message: `${message} The note about it could not be saved.` };
  }
  return { ok: true, message };
}

function refuseUnlessCancellable(booking: ConsultationDetailsRow) {
  if (booking.status === "pending" || booking.status === "confirmed") return;
  throw new ConflictError(`A ${statusLabels[booking.status].toLowerCase()} consultation cannot be cancelled.`);
}

/** Update Status: choosing Cancelled is the cancellation (reason, refund, e-mail); any other status a plain change. */
export function changeConsultationStatusOrCancel(db: Db, actor: Actor, form: FormData, context: CancelContext): Promise<AdminOutcome> {
  if (form.get("status") === "cancelled") return cancelConsultation(db, actor, form, context);
  return changeConsultationStatus(db, actor, form, context);
}
