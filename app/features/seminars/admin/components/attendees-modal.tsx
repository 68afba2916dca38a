import { BellRing, Search, UserMinus, UserPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { AdminNotice } from "~/components/admin/notice.tsx";
import { TryAgainButton } from "~/components/admin/load-error.tsx";
import { searchWith } from "~/components/admin/url-state.ts";
import { RefundLink } from "~/features/payments/components/refund-dialog.tsx";
import { bookingReference } from "~/lib/ids.ts";
import type { SeminarActionResult, SeminarsModal } from "../actions.server.ts";
import { hasFreeSeat } from "../../seats/rules.ts";
import { attendeesHeading, isPastSeminar } from "../rules.ts";
import type { AttendeeView } from "../attendees.server.ts";
import { BookingHistoryLink, BookingStateBadge, CancellationNote } from "./booking-state.tsx";
import { CancelBookingForm } from "./cancel-booking-form.tsx";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { ActionBanner } from "./action-banner.tsx";
import { DoorCheckIns } from "../../checkin/components/door-check-ins.tsx";

type Props = {
  modal: Extract<SeminarsModal, { kind: "attendees" }>;
  /** The answer to the last attendee action (add, cancel a booking, send reminder). */
  result?: SeminarActionResult;
  closedHref: string;
  /** Today in South Africa: a seminar before it takes no reminders. */
  today: string;
};

const smallButton =
  "inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

/**
 * Manage Attendees (docs/product.md §3.6): 'title - count / max attendees', every booking with
 * its state (and who cancelled it, when and why), 'Send Reminder' and 'Cancel booking' (a form of
 * its own, opened by ?cancelBooking=), and 'Add Attendees' from the contacts. Every change is a
 * form post; the page's data is read again after it, so the counts on the screen are the database's.
 */
export function AttendeesModal({ modal, result, closedHref, today }: Props) {
  const location = useLocation();
  const { attendees, addable, search, seminarId } = modal;
  const title = attendees ? attendeesHeading(attendees.seminar) : "Manage Attendees";
  const cancelling = attendees?.attendees.find((attendee) => attendee.bookingId === modal.cancelBookingId && attendee.cancellable);
  const failedCancel = result && !result.ok && result.intent === "cancel-booking" ? result : undefined;
  return (
    <UrlDialog closedHref={closedHref} title={<span data-testid="attendees-heading">{title}</span>} size="lg">
      {result && !(cancelling && failedCancel) ? <ResultBanner result={result} /> : null}
      {attendees === null ? (
        <div className="space-y-3">
          <ActionBanner title="Failed to load attendees" message="The attendee list could not be read. Please try again." />
          <TryAgainButton />
        </div>
      ) : cancelling ? (
        <CancelBookingForm
          seminarId={seminarId}
          attendee={cancelling}
          failure={failedCancel}
          backHref={`${location.pathname}${searchWith(location.search, { cancelBooking: null })}`}
        />
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <CurrentAttendees seminarId={seminarId} attendees={attendees.attendees} past={isPastSeminar(attendees.seminar, today)} />
          {attendees.seminar.cancelledAt ? (
            <section aria-labelledby="add-attendees-heading" className="min-w-0">
              <h3 id="add-attendees-heading" className="font-sans text-base font-semibold text-ink-950">
                Add Attendees
              </h3>
              <p className="mt-3 rounded-lg bg-ink-100 px-3 py-2 text-sm font-medium text-ink-900">This seminar is cancelled, so no one can be added to it.</p>
            </section>
          ) : (
            <AddAttendees seminarId={seminarId} search={search} addable={addable} full={!hasFreeSeat(attendees.seminar)} />
          )}
        </div>
      )}
    </UrlDialog>
  );
}

function ResultBanner({ result }: { result: SeminarActionResult }) {
  if (!result.ok) return <ActionBanner title={result.title} message={result.message} className="mb-4" />;
  return (
    <AdminNotice tone="success" className="mb-4">
      {result.message}
      {result.intent === "send-reminder" ? (
        <>
          {" "}
          <Link to="/admin/outbox" className="underline underline-offset-2">
            Open the outbox
          </Link>
        </>
      ) : null}
    </AdminNotice>
  );
}

function useSubmitting(intent: string, field: string, value: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData.get(field) === value;
}

function CurrentAttendees({ seminarId, attendees, past }: { seminarId: string; attendees: AttendeeView[]; past: boolean }) {
  const location = useLocation();
  const withSeat = attendees.filter((attendee) => attendee.hasSeat).reduce((seats, attendee) => seats + attendee.seats, 0);
  const noLonger = attendees.filter((attendee) => !attendee.hasSeat).length;
  const checkedIn = attendees.reduce((sum, attendee) => sum + attendee.checkIns.filter((seat) => seat.checkedInAt).length, 0);
  return (
    <section aria-labelledby="current-attendees-heading" className="min-w-0">
      <h3 id="current-attendees-heading" className="font-sans text-base font-semibold text-ink-950">
        Current Attendees
      </h3>
      <p className="mt-0.5 text-xs text-ink-700">
        {withSeat} {withSeat === 1 ? "seat" : "seats"} taken{noLonger > 0 ? `, ${noLonger} ${noLonger === 1 ? "booking" : "bookings"} no longer attending` : ""}
        {checkedIn > 0 ? `; ${checkedIn} checked in at the door` : ""}
        {past ? ". This seminar has taken place: no reminders." : ""}
      </p>
      {attendees.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-ink-200 px-3 py-6 text-center text-sm text-ink-700">No attendees yet</p>
      ) : (
        <ul aria-label="Current attendees" className="mt-3 max-h-[400px] divide-y divide-ink-100 overflow-y-auto rounded-lg border border-ink-100">
          {attendees.map((attendee) => (
            <AttendeeRow
              key={attendee.bookingId}
              seminarId={seminarId}
              attendee={attendee}
              canRemind={attendee.hasSeat && !past}
              cancelHref={`${location.pathname}${searchWith(location.search, { cancelBooking: attendee.bookingId })}`}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AttendeeRow({ seminarId, attendee, canRemind, cancelHref }: { seminarId: string; attendee: AttendeeView; canRemind: boolean; cancelHref: string }) {
  const reminding = useSubmitting("send-reminder", "bookingId", attendee.bookingId);
  const name = `${attendee.firstName} ${attendee.lastName}`;
  return (
    <li className="px-3 py-2.5" data-testid="attendee">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-ink-950">
            {name}
            {attendee.seats > 1 ? <span className="ml-1.5 font-normal text-ink-700">({attendee.seats} seats)</span> : null}
          </p>
          {attendee.attendeeNames.length > 1 ? <p className="text-xs text-ink-700">Tickets: {attendee.attendeeNames.join(", ")}</p> : null}
          <p className="text-xs break-all text-ink-700">{attendee.email}</p>
          {attendee.phone ? <p className="text-xs text-ink-700">{attendee.phone}</p> : null}
        </div>
        <BookingStateBadge state={attendee.state} />
      </div>
      {attendee.hasSeat && attendee.status === "confirmed" ? <DoorCheckIns checkIns={attendee.checkIns} /> : null}
      {attendee.cancellation ? <CancellationNote cancellation={attendee.cancellation} /> : null}
      {!attendee.hasSeat && attendee.status === "pending" ? <p className="mt-1 text-xs text-ink-700">Unpaid hold lapsed: no seat.</p> : null}
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <BookingHistoryLink bookingId={attendee.bookingId} className={`${smallButton} text-ink-900 underline underline-offset-2 hover:bg-ink-100`} />
        {attendee.isPaid ? <RefundLink bookingKind="seminar" bookingId={attendee.bookingId} reference={bookingReference(attendee.bookingId)} /> : null}
        {canRemind ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="send-reminder" />
            <input type="hidden" name="seminarId" value={seminarId} />
            <input type="hidden" name="bookingId" value={attendee.bookingId} />
            <button type="submit" disabled={reminding} className={`${smallButton} bg-ink-100 text-ink-900 hover:bg-ink-200`}>
              <BellRing aria-hidden="true" className="size-3.5" />
              {reminding ? "Sending…" : "Send Reminder"}
              <span className="sr-only"> to {name}</span>
            </button>
          </Form>
        ) : null}
        {attendee.cancellable ? (
          <Link to={cancelHref} replace preventScrollReset className={`${smallButton} text-red-700 hover:bg-red-50`}>
            <UserMinus aria-hidden="true" className="size-3.5" />
            Cancel booking<span className="sr-only"> of {name}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function AddAttendees({
  seminarId,
  search,
  addable,
  full,
}: {
  seminarId: string;
  search: string;
  addable: Extract<SeminarsModal, { kind: "attendees" }>["addable"];
  full: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "who");
  const addingId = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-attendee" ? String(navigation.formData.get("contactId")) : undefined;
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <section aria-labelledby="add-attendees-heading" className="min-w-0">
      <h3 id="add-attendees-heading" className="font-sans text-base font-semibold text-ink-950">
        Add Attendees
      </h3>
      <p className="mt-0.5 text-xs text-ink-700">Added attendees are confirmed and unpaid, at the seminar&apos;s price.</p>
      <Form method="get" role="search" aria-label="Contacts to add" className="mt-3 flex items-center gap-2" preventScrollReset replace>
        {kept.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500" />
          <input
            type="search"
            name="who"
            defaultValue={search}
            placeholder="Search users..."
            aria-label="Search users"
            maxLength={100}
            onChange={(event) => {
              const value = event.currentTarget.value.trim();
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                void navigate(`${location.pathname}${searchWith(location.search, { who: value || null })}`, { replace: true, preventScrollReset: true });
              }, 300);
            }}
            className="block w-full rounded-lg border border-ink-300 bg-white py-2 pr-3 pl-9 text-sm text-ink-950 placeholder:text-ink-500 hover:border-ink-500 focus-visible:border-ink-900"
          />
        </div>
        <button type="submit" className="inline-flex cursor-pointer items-center rounded-lg bg-ink-900 px-3 py-2 text-sm font-semibold text-white hover:bg-ink-800">
          Search
        </button>
      </Form>
      {full ? (
        <p className="mt-3 rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900" data-testid="seminar-full">
          This seminar is full. Remove an attendee or raise Max attendees to add more.
        </p>
      ) : null}
      {addable === null ? (
        <ActionBanner title="Failed to load users" message="The contacts could not be read. Please try again." className="mt-3" />
      ) : addable.contacts.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-ink-200 px-3 py-6 text-center text-sm text-ink-700">No users found</p>
      ) : (
        <Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="add-attendee" />
          <input type="hidden" name="seminarId" value={seminarId} />
          <ul aria-label="Contacts to add" className="max-h-[400px] divide-y divide-ink-100 overflow-y-auto rounded-lg border border-ink-100" data-testid="addable-contacts">
            {addable.contacts.map((contact) => {
              const name = `${contact.firstName} ${contact.lastName}`;
              return (
                <li key={contact.id} className="flex items-center justify-between gap-2 px-3 py-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-950">{name}</p>
                    <p className="text-xs break-all text-ink-700">{contact.email}</p>
                    {contact.phone ? <p className="text-xs text-ink-700">{contact.phone}</p> : null}
                  </div>
                  <button
                    type="submit"
                    name="contactId"
                    value={contact.id}
                    disabled={full || addingId !== undefined}
                    className={`${smallButton} shrink-0 bg-ink-900 text-white hover:bg-ink-800`}
                  >
                    <UserPlus aria-hidden="true" className="size-3.5" />
                    {addingId === contact.id ? "Adding…" : "Add"}
                    <span className="sr-only"> {name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {addable.total > addable.contacts.length ? (
            <p className="mt-2 text-xs text-ink-700">
              Showing {addable.contacts.length} of {addable.total}. Search to narrow the list.
            </p>
          ) : null}
        </Form>
      )}
    </section>
  );
}
