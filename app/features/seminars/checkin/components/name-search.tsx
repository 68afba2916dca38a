import { Search, UserCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { formatAdminTime } from "~/components/admin/dates.ts";
import type { DoorSearchRow } from "../checkin.server.ts";
import { CHECK_IN_INTENT, DOOR_SEARCH_MAX } from "../schema.ts";
import { UndoCheckInButton } from "./undo-check-in-button.tsx";

const stateWords: Record<Exclude<DoorSearchRow["state"], "ready" | "checked-in">, string> = {
  cancelled: "Booking cancelled",
  "not-paid": "Not paid",
};

/** 'Find by name': a GET search (?q=) over the seminar's tickets, each with its own 'Check in' form. */
export function NameSearch({ search, shownMax }: { search: { q: string; rows: DoorSearchRow[] } | null; shownMax: number }) {
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === CHECK_IN_INTENT ? String(navigation.formData.get("code")) : undefined;
  return (
    <section aria-labelledby="door-search-heading" className="space-y-3 rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
      <h2 id="door-search-heading" className="font-sans text-lg font-semibold text-ink-950">
        Find by name
      </h2>
      <Form method="get" role="search" aria-label="Tickets by name" className="flex items-end gap-2" preventScrollReset>
        <div className="min-w-0 flex-1">
          <label htmlFor="door-search" className="block text-base font-semibold text-ink-950">
            Name or e-mail
          </label>
          <input
            id="door-search"
            name="q"
            type="search"
            defaultValue={search?.q ?? ""}
            maxLength={DOOR_SEARCH_MAX}
            autoComplete="off"
            className="mt-1 block w-full rounded-lg border-2 border-ink-500 bg-white px-3 py-2.5 text-lg text-ink-950 hover:border-ink-700 focus-visible:border-ink-900"
          />
        </div>
        <button type="submit" className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-lg bg-ink-900 px-4 py-2.5 text-base font-semibold text-white hover:bg-ink-800">
          <Search aria-hidden="true" className="size-5" />
          Search
        </button>
      </Form>
      {search === null ? null : search.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 px-3 py-4 text-center text-base text-ink-800">No ticket matches “{search.q}”.</p>
      ) : (
        <>
          <ul aria-label="Matching tickets" className="divide-y divide-ink-100 rounded-lg border border-ink-100" data-testid="door-results">
            {search.rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-3" data-testid="door-ticket">
                <div className="min-w-0">
                  <p className="text-base font-semibold text-ink-950">{row.attendeeName}</p>
                  <p className="text-sm text-ink-700">
                    Seat {row.seatNumber} of {row.seats} · booked by {row.bookerName} · {row.reference}
                  </p>
                  {row.state === "checked-in" ? (
                    <p className="mt-0.5 flex items-center gap-1 text-sm font-semibold text-veld-700">
                      <UserCheck aria-hidden="true" className="size-4" />
                      Checked in at {formatAdminTime(row.checkedInAt)} by {row.checkedInBy}
                    </p>
                  ) : row.state !== "ready" ? (
                    <p className="mt-0.5 text-sm font-semibold text-red-800">{stateWords[row.state]}</p>
                  ) : null}
                </div>
                {row.state === "checked-in" ? (
                  <UndoCheckInButton ticketId={row.id} name={row.attendeeName} />
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={CHECK_IN_INTENT} />
                    <input type="hidden" name="source" value="list" />
                    <input type="hidden" name="code" value={row.code} />
                    <button
                      type="submit"
                      disabled={checking !== undefined}
                      className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-ink-900 px-3 py-2 text-sm font-semibold text-white hover:bg-ink-800 disabled:opacity-60"
                    >
                      {checking === row.code ? "Checking…" : "Check in"}
                      <span className="sr-only">
                        {" "}
                        {row.attendeeName}, seat {row.seatNumber} of {row.seats}
                      </span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {search.rows.length >= shownMax ? <p className="text-sm text-ink-700">Showing the first {shownMax}. Type more of the name to narrow the list.</p> : null}
        </>
      )}
    </section>
  );
}
