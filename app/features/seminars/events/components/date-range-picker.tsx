import { CalendarDays } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import { dateRangeLabel } from "../filter-form.ts";
import { FilterDropdown } from "./filter-dropdown.tsx";

type Range = { from: string; to: string };

type Props = Range & {
  /** The earliest date a visitor may pick: today in South Africa. */
  today: string;
  /** `valid` is false while a typed date is incomplete or before today. */
  onChange(next: Range, valid: boolean): void;
  onClear(): void;
  /** False before hydration: two plain date inputs, submitted with the form. */
  enhanced: boolean;
  /** Without JavaScript, 'Clear dates' is a link to the same filters without dates. */
  clearHref: string;
};

const inputClasses =
  "mt-1 block h-11 w-full rounded-lg border border-ink-500 bg-white px-3 text-sm text-ink-900 focus:border-ink-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-sun-500";

function DateInputs({ from, to, today, onChange, idPrefix }: Range & Pick<Props, "today" | "onChange"> & { idPrefix: string }) {
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  function changed(next: Range) {
    onChange(next, (fromRef.current?.validity.valid ?? true) && (toRef.current?.validity.valid ?? true));
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <label htmlFor={`${idPrefix}-from`} className="text-sm font-semibold text-ink-800">
          From
        </label>
        <input
          ref={fromRef}
          id={`${idPrefix}-from`}
          type="date"
          name="from"
          min={today}
          max={to || undefined}
          value={from}
          onChange={(event) => changed({ from: event.currentTarget.value, to })}
          className={inputClasses}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className="text-sm font-semibold text-ink-800">
          To
        </label>
        <input
          ref={toRef}
          id={`${idPrefix}-to`}
          type="date"
          name="to"
          min={from || today}
          value={to}
          onChange={(event) => changed({ from, to: event.currentTarget.value })}
          className={inputClasses}
        />
      </div>
    </div>
  );
}

/**
 * The date range filter: a 'Select dates' trigger showing the chosen range, opening two date
 * inputs (today onwards, both bounds inclusive) and 'Clear dates'.
 */
export function DateRangePicker({ from, to, today, onChange, onClear, enhanced, clearHref }: Props) {
  const id = useId();
  const chosen = Boolean(from || to);

  if (!enhanced) {
    return (
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-semibold text-ink-800">Dates</legend>
        <DateInputs from={from} to={to} today={today} onChange={onChange} idPrefix={id} />
        {chosen && (
          <Link to={clearHref} className="mt-2 inline-block text-sm font-semibold text-ink-800 underline underline-offset-4">
            Clear dates
          </Link>
        )}
      </fieldset>
    );
  }

  return (
    <FilterDropdown
      icon={CalendarDays}
      summary={
        <>
          {chosen && <span className="sr-only">Dates: </span>}
          {dateRangeLabel(from, to)}
        </>
      }
      active={chosen}
      panelId={`${id}-panel`}
      panelRole="group"
      panelLabel="Date range"
      panelClassName="absolute top-full right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2.5rem)] rounded-xl border border-ink-100 bg-white p-4 shadow-xl"
      footerClassName="mt-3 flex items-center justify-between gap-2 border-t border-ink-100 pt-3"
      clearLabel="Clear dates"
      onClear={onClear}
    >
      <DateInputs from={from} to={to} today={today} onChange={onChange} idPrefix={id} />
      <p className="mt-3 text-xs text-ink-700">From today onwards; seminars on both dates are included.</p>
    </FilterDropdown>
  );
}
