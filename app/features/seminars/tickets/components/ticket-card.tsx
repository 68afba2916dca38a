import { CalendarPlus, Download, MapPin } from "lucide-react";
import { formatLongDate, formatTime } from "~/lib/format.ts";
import type { TicketView } from "../ticket-page.server.ts";
import { seatLabel, venueLine } from "../rules.ts";

// The ticket page (docs/decisions/024): reads on a 390 px phone, prints alone on one A4 page.
// React keeps a hoisted <style> in the head after the page is left, so the rules that hide the
// rest of the page apply only while a ticket is on it.

const printStyle = `
@page { size: A4; margin: 15mm; }
@media print {
  body:has([data-ticket]) * { visibility: hidden; }
  body:has([data-ticket]) [data-ticket], body:has([data-ticket]) [data-ticket] * { visibility: visible; }
  [data-ticket] { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; border: 0; }
  [data-ticket-links] { display: none; }
}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-ink-100 py-3 first:border-t-0">
      <dt className="text-sm text-ink-700">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink-950">{children}</dd>
    </div>
  );
}

export function TicketCard({ ticket }: { ticket: TicketView }) {
  const { seminar } = ticket;
  return (
    <main id="main" className="bg-ink-50/60 px-4 py-10 sm:py-16">
      {/* Hoisted into the head by React (a <style> in the body is invalid HTML). */}
      <style href="ticket-print" precedence="default">
        {printStyle}
      </style>
      <article data-ticket aria-labelledby="ticket-heading" className="mx-auto max-w-xl rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">Seminar ticket</p>
        <h1 id="ticket-heading" className="mt-1 font-display text-2xl font-semibold text-ink-950 sm:text-3xl">
          {seminar.title}
        </h1>
        {ticket.cancelled ? (
          <p role="status" className="mt-5 rounded-xl border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-800">
            This ticket was cancelled. It no longer gives a seat at the seminar.
          </p>
        ) : null}
        <dl className="mt-5">
          <Fact label="Name">{ticket.attendeeName}</Fact>
          <Fact label="Seat">{seatLabel(ticket.seatNumber, ticket.seats)}</Fact>
          <Fact label="Date">{formatLongDate(seminar.seminarDate) ?? seminar.seminarDate}</Fact>
          <Fact label="Time">{formatTime(seminar.seminarTime)} (South African time)</Fact>
          <Fact label="Venue">
            {venueLine(seminar)}{" "}
            <a href={ticket.mapUrl} className="mt-1 inline-flex items-center gap-1 font-normal text-ink-900 underline underline-offset-2" data-ticket-links>
              <MapPin aria-hidden="true" className="size-4" />
              Open in maps
            </a>
          </Fact>
          <Fact label="Booking reference">{ticket.reference}</Fact>
        </dl>
        {ticket.qrSvg ? (
          <div className="mt-4 flex flex-col items-center">
            <div role="img" aria-label={`QR code of ${ticket.attendeeName}'s ticket`} className="size-56 [&>svg]:size-full" dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
            <p className="mt-2 text-center text-sm text-ink-700">Show this code at the door, on your phone or printed.</p>
          </div>
        ) : null}
        {ticket.cancelled ? null : (
          <div data-ticket-links className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href={ticket.calendarPath} download className="inline-flex items-center justify-center gap-2 rounded-xl border border-ink-500 px-4 py-3 font-semibold text-ink-950 hover:bg-ink-50">
              <Download aria-hidden="true" className="size-5" />
              Calendar file (.ics)
            </a>
            <a href={ticket.googleCalendarUrl} rel="noopener noreferrer" target="_blank" className="inline-flex items-center justify-center gap-2 rounded-xl border border-ink-500 px-4 py-3 font-semibold text-ink-950 hover:bg-ink-50">
              <CalendarPlus aria-hidden="true" className="size-5" />
              Add to Google Calendar
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        )}
      </article>
    </main>
  );
}
