import { Download, Search, X } from "lucide-react";
import type { ChangeEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { bookingListSearch, bookingStateFilterLabels, bookingStateFilters, hasBookingFilters, type BookingListQuery } from "../schema.ts";
import type { SeminarFilterChoices } from "../seminar-choices.ts";
import { SeminarFilter } from "./seminar-filter.tsx";

type Props = {
  query: BookingListQuery;
  seminarFilter: SeminarFilterChoices;
};

const control =
  "block w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900";
const label = "block text-xs font-semibold tracking-wide text-ink-800 uppercase";

/**
 * Search (name, e-mail, phone, seminar) and the seminar, state and paid filters: one GET
 * form, so the URL holds them and the page works without JavaScript (with it, a changed
 * filter applies at once). 'Export CSV' downloads every row these filters match.
 */
export function BookingFilters({ query, seminarFilter }: Props) {
  const submit = useSubmit();
  const exportHref = `/admin/bookings${bookingListSearch(query, { format: "csv" })}`;
  const applyNow = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form && void submit(event.currentTarget.form, { preventScrollReset: true });
  return (
    <div className="space-y-3 rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
      <Form method="get" action="/admin/bookings" role="search" aria-label="Seminar bookings" className="grid items-end gap-3 md:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div>
          <label htmlFor="bookings-q" className={label}>
            Search
          </label>
          <div className="relative mt-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500" />
            <input
              key={query.q}
              id="bookings-q"
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Name, e-mail, phone or seminar"
              maxLength={100}
              className={`${control} pl-9 placeholder:text-ink-500`}
            />
          </div>
        </div>
        <div>
          <label id="bookings-seminar-label" htmlFor="bookings-seminar" className={label}>
            Seminar
          </label>
          <SeminarFilter id="bookings-seminar" labelId="bookings-seminar-label" chosen={seminarFilter.chosen} choices={seminarFilter.choices} controlClassName={control} />
        </div>
        <div>
          <label htmlFor="bookings-state" className={label}>
            State
          </label>
          <select key={query.state ?? ""} id="bookings-state" name="state" defaultValue={query.state ?? ""} onChange={applyNow} className={`${control} mt-1`}>
            <option value="">Any state</option>
            {bookingStateFilters.map((state) => (
              <option key={state} value={state}>
                {bookingStateFilterLabels[state]}
              </option>
            ))}
          </select>
          {/* An older link's status filter stays applied until the filters are cleared. */}
          {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        </div>
        <div>
          <label htmlFor="bookings-paid" className={label}>
            Paid
          </label>
          <select key={query.paid ?? ""} id="bookings-paid" name="paid" defaultValue={query.paid ?? ""} onChange={applyNow} className={`${control} mt-1`}>
            <option value="">Paid or not</option>
            <option value="yes">Paid</option>
            <option value="no">Not paid</option>
          </select>
        </div>
        <button type="submit" className="inline-flex cursor-pointer items-center justify-center rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800">
          Apply
        </button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {hasBookingFilters(query) ? (
          <Link to="/admin/bookings" className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-100">
            <X aria-hidden="true" className="size-4" />
            Clear search and filters
          </Link>
        ) : (
          <span />
        )}
        <a href={exportHref} download className="inline-flex items-center gap-2 rounded-lg border border-ink-900 px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ink-900 hover:text-white">
          <Download aria-hidden="true" className="size-4" />
          Export CSV
          <span className="sr-only"> of the bookings these filters match</span>
        </a>
      </div>
    </div>
  );
}
