import { clsx } from "clsx";
import { CircleAlert } from "lucide-react";
import type { ChangeEvent, HTMLInputAutoCompleteAttribute, ReactNode } from "react";

// Labelled, error-aware form controls for admin forms. Uncontrolled unless `value` is
// given: after a refused post the server's values refill them, so nothing typed is lost.

const control =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-ink-950 placeholder:text-ink-500 hover:border-ink-500 focus-visible:border-ink-900 aria-[invalid=true]:bg-red-50/40";

export function FieldError({ id, messages }: { id: string; messages?: readonly string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{messages[0]}</span>
    </p>
  );
}

function Label({ id, htmlFor, required, children }: { id?: string; htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label id={id} htmlFor={htmlFor} className="block text-sm font-semibold text-ink-950">
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : (
        <span className="font-normal text-ink-600"> (optional)</span>
      )}
    </label>
  );
}

type Common = {
  /** Unique in the page (prefix it when two forms share a field name). */
  id: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  errors?: readonly string[];
  className?: string;
};

/** The ids of a field's hint and error, for its control's aria-describedby. */
export const describedBy = (id: string, hint?: string, errors?: readonly string[]) => clsx(hint && `${id}-hint`, errors?.length && `${id}-error`) || undefined;

/** A labelled control: its label (with `labelId` when something else is named by it), an optional hint, the control, and its first error. */
export function FieldFrame({ id, label, required, hint, errors, className, labelId, children }: Omit<Common, "name"> & { labelId?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <Label id={labelId} htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

type TextProps = Common & {
  type?: "text" | "email" | "tel" | "date" | "number" | "password";
  defaultValue?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  /** The on-screen keyboard to offer, e.g. "decimal" for an amount. */
  inputMode?: "text" | "decimal" | "numeric" | "email" | "tel";
  maxLength?: number;
  placeholder?: string;
  /** The earliest value a date field offers ("YYYY-MM-DD"); the server checks it all the same. */
  min?: string;
  /** Shown to read and copy, not to change (e.g. a generated address). */
  readOnly?: boolean;
  /** A textarea of this many rows. */
  rows?: number;
};

export function AdminTextField({ id, name, label, required, hint, errors, className, type = "text", rows, defaultValue, value, onChange, ...rest }: TextProps) {
  const invalid = Boolean(errors?.length);
  const shared = {
    id,
    name,
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy(id, hint, errors),
    className: clsx(control, invalid ? "border-red-700" : "border-ink-300"),
    ...(value !== undefined ? { value, onChange } : { defaultValue: defaultValue ?? "", onChange }),
    maxLength: rest.maxLength,
    placeholder: rest.placeholder,
    readOnly: rest.readOnly,
  };
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} errors={errors} className={className}>
      {rows ? <textarea rows={rows} {...shared} /> : <input type={type} autoComplete={rest.autoComplete} inputMode={rest.inputMode} min={rest.min} {...shared} />}
    </FieldFrame>
  );
}

type SelectProps = Common & {
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
  /** An empty first choice, e.g. "Select a user". */
  placeholder?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
};

export function AdminSelectField({ id, name, label, required, hint, errors, className, options, defaultValue, placeholder, onChange }: SelectProps) {
  const invalid = Boolean(errors?.length);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} errors={errors} className={className}>
      <select
        id={id}
        name={name}
        required={required}
        defaultValue={defaultValue ?? ""}
        onChange={onChange}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={clsx(control, "pr-8", invalid ? "border-red-700" : "border-ink-300")}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function AdminCheckboxField({ id, name, label, hint, defaultChecked, className }: Omit<Common, "required" | "errors"> & { defaultChecked?: boolean }) {
  return (
    <div className={clsx("flex items-start gap-2", className)}>
      <input
        id={id}
        name={name}
        type="checkbox"
        value="on"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 rounded border-ink-300 accent-ink-900"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-ink-950">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-ink-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

type RadioProps = Omit<Common, "hint"> & {
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
};

/** A row of radio buttons in a fieldset (its legend is the label). */
export function AdminRadioGroup({ id, name, label, required, errors, className, options, defaultValue }: RadioProps) {
  return (
    <fieldset id={id} className={className} aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-ink-950">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 py-1 text-sm text-ink-900">
            <input type="radio" name={name} value={option.value} defaultChecked={option.value === defaultValue} className="size-4 accent-ink-900" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}

/** A form's own message (not tied to one field), e.g. "Failed to create user". */
export function FormMessage({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
