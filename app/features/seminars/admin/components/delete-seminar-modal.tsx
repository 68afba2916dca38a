import { CalendarX2, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminTextField } from "~/components/admin/fields.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { formatRand } from "~/lib/format.ts";
import type { AdminSeminarView } from "../seminars.server.ts";
import type { CancellationPreview } from "../cancellations.server.ts";
import type { SeminarActionResult } from "../actions.server.ts";
import { CANCEL_REASON_MAX } from "../cancel-schema.ts";
import { seminarTitleLabel, seminarWhenLabel } from "../rules.ts";
import { CancellationNote } from "./booking-state.tsx";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { ActionBanner } from "./action-banner.tsx";

type Props = { seminar: AdminSeminarView; preview: CancellationPreview; result?: SeminarActionResult; closedHref: string };

const dangerButton = "inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70";

/**
 * ?delete=<id>: a seminar nobody booked is deleted ('Delete this seminar?'); one with any
 * booking is cancelled instead ('Cancel this seminar?', docs/decisions/015), never erased.
 */
export function DeleteSeminarModal(props: Props) {
  return props.preview.bookings === 0 ? <DeleteSeminarDialog {...props} /> : <CancelSeminarDialog {...props} />;
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function DeleteSeminarDialog({ seminar, result, closedHref }: Props) {
  const deleting = useSubmitting("delete-seminar");
  return (
    <UrlDialog closedHref={closedHref} title="Delete this seminar?" size="sm">
      {result && !result.ok ? <ActionBanner title={result.title} message={result.message} className="mb-4" /> : null}
      <p className="text-sm text-ink-800">
        <strong className="font-semibold text-ink-950">{seminarTitleLabel(seminar.title)}</strong>, {seminarWhenLabel(seminar)}, has no bookings, so it is removed
        for good. This cannot be undone.
      </p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete-seminar" />
        <input type="hidden" name="seminarId" value={seminar.id} />
        <Link to={closedHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
          Keep seminar
        </Link>
        <button type="submit" disabled={deleting} className={dangerButton}>
          <Trash2 aria-hidden="true" className="size-4" />
          {deleting ? "Deleting…" : "Delete seminar"}
        </button>
      </Form>
    </UrlDialog>
  );
}

function attendeesSentence({ attendees, paidAttendees, refundCents, bookings }: CancellationPreview): string {
  if (attendees === 0) return `Nobody holds a seat now, so no one is e-mailed. Its ${bookings} earlier ${bookings === 1 ? "booking stays" : "bookings stay"} on record.`;
  const seats = `${attendees} ${attendees === 1 ? "attendee holds a seat" : "attendees hold a seat"}`;
  const paid =
    paidAttendees === 0
      ? "none of them paid, so no refunds are due"
      : `${paidAttendees} of them paid (${formatRand(refundCents)} in all): ${paidAttendees === 1 ? "that booking is" : "those bookings are"} marked Refund due and told the refund is on its way`;
  return `${seats}; ${paid}. Each attendee is e-mailed that the seminar is cancelled.`;
}

function CancelSeminarDialog({ seminar, preview, result, closedHref }: Props) {
  const cancelling = useSubmitting("cancel-seminar");
  const failure = result && !result.ok ? result : undefined;
  const title = seminarTitleLabel(seminar.title);
  return (
    <UrlDialog closedHref={closedHref} title="Cancel this seminar?" size="sm">
      {failure ? <ActionBanner title={failure.title} message={failure.message} className="mb-4" /> : null}
      {seminar.cancelledAt ? (
        <>
          <p className="text-sm text-ink-800">
            <strong className="font-semibold text-ink-950">{title}</strong> is already cancelled.
          </p>
          <CancellationNote cancellation={{ cancelledAt: seminar.cancelledAt, cancelledBy: seminar.cancelledBy, cancelReason: seminar.cancelReason }} className="mt-2 text-sm text-ink-800" />
        </>
      ) : preview.past ? (
        <p className="text-sm text-ink-800">
          <strong className="font-semibold text-ink-950">{title}</strong> has already taken place, so it cannot be cancelled, and it has bookings, so it is not
          deleted. Untick Active in the edit form to hide it.
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-800">
            <strong className="font-semibold text-ink-950">{title}</strong>, {seminarWhenLabel(seminar)}, has bookings, so it is cancelled rather than deleted: it
            leaves the events page for good and is kept, with every booking, as a record.
          </p>
          <p className="mt-3 text-sm font-medium text-ink-950" data-testid="cancel-seminar-summary">
            {attendeesSentence(preview)}
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="cancel-seminar" />
            <input type="hidden" name="seminarId" value={seminar.id} />
            <AdminTextField
              id="cancel-seminar-reason"
              name="cancel_reason"
              label="Reason for cancelling"
              required
              rows={3}
              maxLength={CANCEL_REASON_MAX}
              defaultValue={failure?.values.cancel_reason}
              errors={failure?.fieldErrors.cancel_reason}
              hint="Kept on the seminar and its bookings for staff; it is not sent to attendees."
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={closedHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
                Keep seminar
              </Link>
              <button type="submit" disabled={cancelling} className={dangerButton}>
                <CalendarX2 aria-hidden="true" className="size-4" />
                {cancelling ? "Cancelling…" : "Cancel seminar"}
              </button>
            </div>
          </Form>
        </>
      )}
    </UrlDialog>
  );
}
