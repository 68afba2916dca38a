import { clsx } from "clsx";
import type { ReactNode } from "react";

type Props = {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string[];
  hint?: ReactNode;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  monospace?: boolean;
  list?: string;
};

/** One editor field: label, input or textarea, a character count against its limit, hint and error. */
export function EditorField({ name, label, value, onChange, error, hint, maxLength, required, multiline, rows = 3, monospace, list }: Props) {
  const id = `post-${name}`;
  const described = [hint ? `${id}-hint` : "", error?.length ? `${id}-error` : "", maxLength ? `${id}-count` : ""].filter(Boolean).join(" ") || undefined;
  const over = maxLength !== undefined && value.length > maxLength;
  const classes = clsx(
    "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-ink-500 focus:ring-2 focus:ring-ink-900/20 focus:outline-none",
    error?.length ? "border-red-700 focus:border-red-700" : "border-ink-200 focus:border-ink-900",
    monospace && "font-mono text-sm leading-relaxed",
  );
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          )}
        </label>
        {maxLength !== undefined && (
          <span id={`${id}-count`} className={clsx("text-xs tabular-nums", over ? "font-semibold text-red-700" : "text-ink-600")}>
            {value.length.toLocaleString("en-GB")} / {maxLength.toLocaleString("en-GB")}
          </span>
        )}
      </div>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={rows}
          value={value}
          required={required}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-invalid={error?.length ? true : undefined}
          aria-describedby={described}
          className={classes}
        />
      ) : (
        <input
          id={id}
          name={name}
          type="text"
          value={value}
          required={required}
          list={list}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-invalid={error?.length ? true : undefined}
          aria-describedby={described}
          className={classes}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-700">
          {hint}
        </p>
      )}
      {error?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
