import { describedBy, FieldError } from "~/components/admin/fields.tsx";

const timeControl =
  "block w-full rounded-lg border border-ink-300 bg-white px-2 py-1.5 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40";

/** A time of day (HH:MM, five-minute steps) whose label is for screen readers unless `showLabel` (in a row of weekdays, the row says it to the eye). */
export function TimeBox({ id, name, label, defaultValue, errors, showLabel = false }: { id: string; name: string; label: string; defaultValue: string; errors?: readonly string[]; showLabel?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className={showLabel ? "mb-1 block text-sm font-semibold text-ink-950" : "sr-only"}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="time"
        step={300}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, undefined, errors)}
        className={timeControl}
      />
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}
