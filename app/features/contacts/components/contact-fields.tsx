import { clsx } from "clsx";
import { CircleAlert } from "lucide-react";
import type { FocusEvent, HTMLInputAutoCompleteAttribute, ReactNode } from "react";
import type { FieldErrors } from "~/lib/errors.ts";
import { preferredContactOptions } from "../schema.ts";

// The contact details every public booking form asks for (docs/product.md §6.2),
// and the labelled, error-aware controls they are built from. Uncontrolled: the values a
// server sends back after an error refill them, so nothing typed is lost.

type FieldProps = {
  name: string;
  label: string;
  /** Shown under the label; read with the control. */
  hint?: string;
  required?: boolean;
  defaultValue?: string;
  errors?: string[];
  idPrefix?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

type TextFieldProps = FieldProps & {
  type?: "text" | "email" | "tel";
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: "text" | "email" | "tel";
  maxLength?: number;
  /** Renders a textarea of this many rows. */
  rows?: number;
};

export const fieldId = (idPrefix: string | undefined, name: string) => `${idPrefix ?? ""}${name}`;

const controlClasses =
  "mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink-950 shadow-xs transition-colors placeholder:text-ink-500 hover:border-ink-500 focus-visible:border-ink-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40";

function Label({ htmlFor, children, required }: { htmlFor?: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink-950">
      {children}
      {required ? <RequiredMark /> : <span className="font-normal text-ink-600"> (optional)</span>}
    </label>
  );
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{messages[0]}</span>
    </p>
  );
}

/** A labelled input or textarea with its hint and its first error, wired with aria-describedby. */
export function TextField({ name, label, hint, required, defaultValue, errors, idPrefix, onBlur, type = "text", autoComplete, inputMode, maxLength, rows }: TextFieldProps) {
  const id = fieldId(idPrefix, name);
  const invalid = Boolean(errors?.length);
  const describedBy = clsx(hint && `${id}-hint`, invalid && `${id}-error`) || undefined;
  const shared = {
    id,
    name,
    required,
    defaultValue: defaultValue ?? "",
    maxLength,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    onBlur,
    className: clsx(controlClasses, invalid ? "border-red-700" : "border-ink-300"),
  };
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea {...shared} rows={rows} autoComplete={autoComplete} className={clsx(shared.className, "resize-y")} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} inputMode={inputMode} spellCheck={type === "text" ? undefined : false} />
      )}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

type ChoiceGroupProps = Omit<FieldProps, "label" | "onBlur"> & {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string; detail?: string }>;
  /** Checked when the refilled value is missing or not one of the options. */
  fallbackValue: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
};

/** A radio group as a fieldset of option cards; keyboard: Tab into the group, arrows to choose. */
export function ChoiceGroup({ name, legend, hint, required, defaultValue, fallbackValue, errors, idPrefix, options, onBlur }: ChoiceGroupProps) {
  const id = fieldId(idPrefix, name);
  const invalid = Boolean(errors?.length);
  const selected = options.some((option) => option.value === defaultValue) ? defaultValue : fallbackValue;
  const describedBy = clsx(hint && `${id}-hint`, invalid && `${id}-error`) || undefined;
  return (
    <fieldset id={id} aria-describedby={describedBy}>
      <legend className="block text-sm font-semibold text-ink-950">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      <div className={clsx("mt-2 grid gap-2", options.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "flex cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 transition-colors hover:border-ink-500",
              "has-checked:border-ink-900 has-checked:bg-ink-50 has-checked:ring-1 has-checked:ring-ink-900",
              "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sun-500",
              invalid ? "border-red-700" : "border-ink-300",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === selected}
              required={required}
              aria-invalid={invalid || undefined}
              onBlur={onBlur}
              className="mt-1 size-4 shrink-0 accent-ink-900 focus-visible:outline-none"
            />
            <span className="text-sm leading-snug">
              <span className="block font-semibold text-ink-950">{option.label}</span>
              {option.detail ? <span className="block text-ink-700">{option.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}

type ContactFieldsProps = {
  /** The values to refill after an error. */
  values?: Readonly<Record<string, string>>;
  fieldErrors?: FieldErrors;
  idPrefix?: string;
};

/** First and last name, e-mail, phone, address (optional) and the preferred way to be contacted. */
export function ContactFields({ values = {}, fieldErrors = {}, idPrefix }: ContactFieldsProps) {
  const common = { idPrefix };
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField {...common} name="firstName" label="First name" required autoComplete="given-name" maxLength={100} defaultValue={values.firstName} errors={fieldErrors.firstName} />
      <TextField {...common} name="lastName" label="Last name" required autoComplete="family-name" maxLength={100} defaultValue={values.lastName} errors={fieldErrors.lastName} />
      <TextField
        {...common}
        name="email"
        label="E-mail address"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        maxLength={254}
        defaultValue={values.email}
        errors={fieldErrors.email}
      />
      <TextField
        {...common}
        name="phone"
        label="Phone number"
        hint="With your country code, e.g. +27 82 555 0123"
        type="tel"
        inputMode="tel"
        required
        autoComplete="tel"
        maxLength={30}
        defaultValue={values.phone}
        errors={fieldErrors.phone}
      />
      <div className="sm:col-span-2">
        <TextField {...common} name="address" label="Address" hint="Where you live now" rows={2} autoComplete="street-address" maxLength={300} defaultValue={values.address} errors={fieldErrors.address} />
      </div>
      <div className="sm:col-span-2">
        <ChoiceGroup
          idPrefix={idPrefix}
          name="preferredContact"
          legend="How should we contact you?"
          required
          options={preferredContactOptions}
          defaultValue={values.preferredContact}
          fallbackValue="email"
          errors={fieldErrors.preferredContact}
        />
      </div>
    </div>
  );
}
