import clsx from "clsx";
import { CalendarDays, ChevronLeft, ChevronRight, Globe } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { FieldError, RequiredMark } from "~/features/contacts/components/contact-fields.tsx";
import { UK_TIME_ZONE } from "~/lib/format.ts";
import { VISITOR_TIME_ZONES, zoneLabel } from "../slots/display.ts";
import type { SlotPicker as SlotPickerData } from "../slots/picker.server.ts";

/** The form the zone select belongs to (by its form attribute): it sits outside the booking form, which it cannot be nested in. */
export const ZONE_FORM_ID = "slot-zone-form";

/** Days shown at a time; "Earlier" and "Later" page through the rest. */
const DAYS_PER_PAGE = 10;

const queryWith = (keep: Record<string, string>) => (params: Record<string, string>) => `?${new URLSearchParams({ ...keep, ...params }).toString()}`;

/** The empty GET form the zone select and its button post to: rendered before the booking form, outside it. */
export function ZoneForm() {
  return <form id={ZONE_FORM_ID} method="get" hidden />;
}

type Props = {
  picker: SlotPickerData;
  /** The time to show chosen: the one sent back after a refusal. */
  selected?: string;
  errors?: string[];
  minutes: number;
  /** Query parameters every link and the zone form keep (the manage page's `move`). */
  keep?: Record<string, string>;
  /** Under the times: the way to ask for another time; the request form's link by default. */
  otherwise?: ReactNode;
};

/**
 * Step one of the booking form (issue 17): the days with free times and the chosen day's times,
 * in the visitor's zone with UK time beside each. Plain links and radio buttons, so it works
 * without JavaScript; with it, the zone select applies at once.
 */
export function SlotPicker({ picker, selected, errors, minutes, keep = {}, otherwise }: Props) {
  const navigate = useNavigate();
  const query = queryWith(keep);
  const { day, days, timeZone } = picker;
  const invalid = Boolean(errors?.length);
  const chosenIndex = day ? days.findIndex((candidate) => candidate.date === day.date) : 0;
  const pageStart = Math.floor(Math.max(chosenIndex, 0) / DAYS_PER_PAGE) * DAYS_PER_PAGE;
  const shown = days.slice(pageStart, pageStart + DAYS_PER_PAGE);
  const earlier = days[pageStart - DAYS_PER_PAGE];
  const later = days[pageStart + DAYS_PER_PAGE];

  return (
    <section aria-labelledby="slot-title" className="space-y-5">
      <input type="hidden" name="booking" value="slot" />
      <input type="hidden" name="timeZone" value={timeZone} />
      <div>
        <h3 id="slot-title" className="text-xl font-semibold text-ink-950">
          Choose a time
        </h3>
        <p className="mt-1 text-sm text-ink-700">
          {minutes} minutes, online. Times are in {zoneLabel(timeZone)}
          {timeZone === UK_TIME_ZONE ? "" : ", with UK time beside them"}.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="slot-zone" className="flex items-center gap-1.5 text-sm font-semibold text-ink-950">
            <Globe aria-hidden="true" className="size-4" />
            Show times in
          </label>
          <select
            id="slot-zone"
            name="tz"
            form={ZONE_FORM_ID}
            defaultValue={timeZone}
            onChange={(event) => void navigate(query({ tz: event.currentTarget.value, ...(day ? { day: day.date } : {}) }), { preventScrollReset: true, replace: true })}
            className="mt-1 block rounded-lg border border-ink-300 bg-white px-3 py-2.5 text-ink-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500"
          >
            {VISITOR_TIME_ZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </select>
        </div>
        {day ? <input type="hidden" name="day" value={day.date} form={ZONE_FORM_ID} /> : null}
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} form={ZONE_FORM_ID} />
        ))}
        <button type="submit" form={ZONE_FORM_ID} className={buttonClasses("secondary", "md")}>
          Show times
        </button>
      </div>

      {picker.dayGone ? (
        <p role="status" className="rounded-xl bg-sun-100 p-4 text-sm text-ink-900">
          That day has no free times left. Here is the next day that has.
        </p>
      ) : null}

      {!day ? (
        <p className="flex gap-3 rounded-xl bg-ink-50 p-4 text-ink-800">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          No times are open online in the next {picker.horizonDays} days.
        </p>
      ) : (
        <>
          <nav aria-label="Days with free times">
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {shown.map((candidate) => {
                const current = candidate.date === day.date;
                return (
                  <li key={candidate.date}>
                    <Link
                      to={query({ tz: timeZone, day: candidate.date })}
                      preventScrollReset
                      aria-current={current ? "date" : undefined}
                      className={clsx(
                        "flex min-h-14 flex-col items-center justify-center rounded-xl border px-2 py-2 text-center text-sm transition-colors",
                        "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500",
                        current ? "border-ink-900 bg-ink-900 text-white" : "border-ink-300 bg-white text-ink-950 hover:border-ink-600",
                      )}
                    >
                      <span className="font-semibold">{candidate.label}</span>
                      <span className={current ? "text-ink-100" : "text-ink-600"}>
                        {candidate.count} {candidate.count === 1 ? "time" : "times"}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {earlier || later ? (
              <div className="mt-2 flex justify-between text-sm">
                {earlier ? (
                  <Link to={query({ tz: timeZone, day: earlier.date })} preventScrollReset className="inline-flex items-center gap-1 font-medium text-ink-900 underline underline-offset-2">
                    <ChevronLeft aria-hidden="true" className="size-4" />
                    Earlier dates
                  </Link>
                ) : (
                  <span />
                )}
                {later ? (
                  <Link to={query({ tz: timeZone, day: later.date })} preventScrollReset className="inline-flex items-center gap-1 font-medium text-ink-900 underline underline-offset-2">
                    Later dates
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : null}
              </div>
            ) : null}
          </nav>

          <fieldset id="slot" aria-describedby={invalid ? "slot-error" : undefined}>
            <legend className="block text-sm font-semibold text-ink-950">
              Free times on {day.heading}
              <RequiredMark />
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {day.times.map((time) => (
                <label
                  key={time.value}
                  className={clsx(
                    "flex cursor-pointer items-center gap-3 rounded-xl border bg-white px-3 py-2.5 transition-colors hover:border-ink-500",
                    "has-checked:border-ink-900 has-checked:bg-ink-50 has-checked:ring-1 has-checked:ring-ink-900",
                    "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sun-500",
                    invalid ? "border-red-700" : "border-ink-300",
                  )}
                >
                  <input
                    type="radio"
                    name="slot"
                    value={time.value}
                    defaultChecked={time.value === selected}
                    required
                    aria-invalid={invalid || undefined}
                    className="size-4 shrink-0 accent-ink-900 focus-visible:outline-none"
                  />
                  <span className="leading-tight">
                    <span className="block font-semibold text-ink-950 tabular-nums">{time.clock}</span>
                    {time.uk ? <span className="block text-xs text-ink-700 tabular-nums">{time.uk}</span> : null}
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="slot-error" messages={errors} />
          </fieldset>
        </>
      )}

      {otherwise ?? (
        <p className="text-sm text-ink-700">
          <Link to="?request=1" className="font-medium text-ink-900 underline underline-offset-2">
            None of these times suit me
          </Link>{" "}
          – tell us when suits you, and we&apos;ll arrange a time with you.
        </p>
      )}
    </section>
  );
}
