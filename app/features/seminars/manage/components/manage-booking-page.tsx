import { MapPin, Ticket } from "lucide-react";
import { Form } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import type { FormFailure } from "~/lib/action-result.ts";
import { formatRand } from "~/lib/format.ts";
import type { ManageBookingView } from "../page.server.ts";
import { attendeeNameField, MANAGE_INTENTS } from "../schema.ts";

// "Manage my booking" (docs/decisions/026): details, tickets, names and cancelling. Plain
// forms that post and answer with the page, so it all works without JavaScript; the page
// offers only what the server would accept.

export type ManageAnswer = { ok: true; intent: string; message: string } | (FormFailure & { intent?: string });

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-ink-100 py-3 first:border-t-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-ink-700">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink-950 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

function Answer({ answer }: { answer: ManageAnswer }) {
  if (answer.ok) {
    return (
      <p role="status" className="mt-6 rounded-xl border-2 border-green-700 bg-green-50 p-4 font-semibold text-green-900">
        {answer.message}
      </p>
    );
  }
  return (
    <p role="alert" className="mt-6 rounded-xl border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-800">
      {answer.message}
    </p>
  );
}

function NamesForm({ names, answer }: { names: NonNullable<ManageBookingView["names"]>; answer: ManageAnswer | undefined }) {
  const failed = answer && !answer.ok && answer.intent === MANAGE_INTENTS.rename ? answer : undefined;
  return (
    <section aria-labelledby="names-heading" className="mt-8">
      <h2 id="names-heading" className="font-display text-xl font-semibold text-ink-950">
        Names on the tickets
      </h2>
      <p className="mt-1 text-ink-700">You can change them until the seminar starts.</p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={MANAGE_INTENTS.rename} />
        {/* A refused form keeps the version it was typed on: saving again is refused until the page is reloaded (docs/decisions/014). */}
        <input type="hidden" name="version" value={failed?.values.version ?? names.version} />
        {names.values.map((name, index) => {
          const field = attendeeNameField(index + 1);
          const error = failed?.fieldErrors[field]?.[0];
          return (
            <div key={field}>
              <label htmlFor={field} className="block font-semibold text-ink-950">
                Seat {index + 1} name
              </label>
              <input
                type="text"
                id={field}
                name={field}
                defaultValue={failed?.values[field] ?? name}
                required
                maxLength={100}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field}-error` : undefined}
                className="mt-1 w-full rounded-lg border border-ink-500 px-3 py-2 text-ink-950"
              />
              {error ? (
                <p id={`${field}-error`} className="mt-1 text-sm font-semibold text-red-800">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className={buttonClasses("dark", "md")}>
          Save names
        </button>
      </Form>
    </section>
  );
}

function CancelSection({ view }: { view: ManageBookingView }) {
  const { cancel } = view;
  if (!cancel.open) {
    return (
      <section aria-labelledby="cancel-heading" className="mt-8">
        <h2 id="cancel-heading" className="font-display text-xl font-semibold text-ink-950">
          Cancelling
        </h2>
        <p className="mt-2 text-ink-800">{cancel.reason}</p>
      </section>
    );
  }
  const standing = view.tickets.filter((ticket) => !ticket.cancelled);
  const refundWords = (cents: number) => (cents > 0 ? `refund ${formatRand(cents)}` : "nothing to refund");
  return (
    <section aria-labelledby="cancel-heading" className="mt-8">
      <h2 id="cancel-heading" className="font-display text-xl font-semibold text-ink-950">
        Cancel
      </h2>
      <p className="mt-1 text-ink-700">Free cancellation with a full refund until {cancel.until}. After that, cancelling online is no longer possible.</p>
      {cancel.bySeat ? (
        <ul className="mt-4 space-y-3">
          {standing.map((ticket) => (
            <li key={ticket.seatNumber}>
              <Form method="post">
                <input type="hidden" name="intent" value={MANAGE_INTENTS.cancelSeat} />
                <input type="hidden" name="seat" value={ticket.seatNumber} />
                <button type="submit" className={buttonClasses("secondary", "md", "w-full sm:w-auto")}>
                  Cancel {ticket.label.toLowerCase()} ({ticket.attendeeName}): {refundWords(cancel.seatRefundCents)}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={MANAGE_INTENTS.cancelBooking} />
        <button type="submit" className="inline-flex items-center justify-center rounded-xl border-2 border-red-800 px-4 py-3 font-semibold text-red-800 hover:bg-red-50">
          Cancel the whole booking: {refundWords(cancel.bookingRefundCents)}
        </button>
      </Form>
    </section>
  );
}

export function ManageBookingPage({ view, answer }: { view: ManageBookingView; answer: ManageAnswer | undefined }) {
  const { seminar } = view;
  return (
    <main id="main" className="bg-ink-50/60 px-4 py-10 sm:py-16">
      <article aria-labelledby="manage-heading" className="mx-auto max-w-2xl rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">Your booking {view.reference}</p>
        <h1 id="manage-heading" className="mt-1 font-display text-2xl font-semibold text-ink-950 sm:text-3xl">
          {seminar.title}
        </h1>
        {view.state === "upcoming" ? null : (
          <p className={`mt-5 rounded-xl border-2 p-4 font-semibold ${view.state === "cancelled" ? "border-red-700 bg-red-50 text-red-800" : "border-ink-500 bg-ink-50 text-ink-900"}`}>
            {view.state === "cancelled" ? "This booking is cancelled." : "This seminar has taken place."}
          </p>
        )}
        {answer ? <Answer answer={answer} /> : null}
        <dl className="mt-5">
          <Fact label="Status">{view.statusLabel}</Fact>
          <Fact label="Date">{seminar.date}</Fact>
          <Fact label="Time">{seminar.time}</Fact>
          <Fact label="Venue">
            {seminar.venue}{" "}
            <a href={seminar.mapUrl} className="mt-1 inline-flex items-center gap-1 font-normal text-ink-900 underline underline-offset-2">
              <MapPin aria-hidden="true" className="size-4" />
              Open in maps
            </a>
          </Fact>
          <Fact label="Seats">{view.seats}</Fact>
          <Fact label="Amount paid">{view.isPaid ? formatRand(view.paidCents) : "Nothing yet"}</Fact>
          {view.refundedCents > 0 ? <Fact label="Refunded">{formatRand(view.refundedCents)}</Fact> : null}
        </dl>

        {view.tickets.length > 0 ? (
          <section aria-labelledby="tickets-heading" className="mt-8">
            <h2 id="tickets-heading" className="font-display text-xl font-semibold text-ink-950">
              Tickets
            </h2>
            <ul className="mt-3 divide-y divide-ink-100">
              {view.tickets.map((ticket) => (
                <li key={ticket.seatNumber} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>
                    <span className="font-semibold text-ink-950">{ticket.attendeeName}</span> <span className="text-ink-700">· {ticket.label}</span>
                    {ticket.cancelled ? <span className="ml-2 font-semibold text-red-800">Cancelled</span> : null}
                  </span>
                  <a href={ticket.path} className="inline-flex items-center gap-1 text-ink-900 underline underline-offset-2">
                    <Ticket aria-hidden="true" className="size-4" />
                    Open ticket<span className="sr-only">: {ticket.attendeeName}, {ticket.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {view.names ? <NamesForm names={view.names} answer={answer} /> : null}
        <CancelSection view={view} />
      </article>
    </main>
  );
}
