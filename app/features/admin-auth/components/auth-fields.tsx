import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LOGIN_PATH, type LoginView } from "../rules.ts";

// The login page's small parts, in red shades (docs/product.md §11.8). Contrast: red-700 on white is
// 6.5:1, white on red-700 6.5:1, red-800 on red-50 7.9:1 (WCAG AA).

export function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  defaultValue,
  required = true,
  inputMode,
  hint,
}: {
  label: string;
  name: string;
  type?: "email" | "password" | "text";
  autoComplete: string;
  defaultValue?: string;
  required?: boolean;
  inputMode?: "numeric" | "email";
  hint?: string;
}) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-red-950">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        inputMode={inputMode}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1.5 block w-full rounded-lg border border-red-200 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-ink-500 focus:border-red-700 focus:ring-2 focus:ring-red-700/30 focus:outline-none"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, pendingLabel, pending, secondary }: { children: ReactNode; pendingLabel: string; pending: boolean; secondary?: boolean }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={clsx(
        "inline-flex w-full items-center justify-center rounded-lg px-5 py-2.5 text-base font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-wait disabled:opacity-70",
        secondary ? "border-2 border-red-700 bg-white text-red-800 hover:bg-red-50" : "bg-red-700 text-white hover:bg-red-800",
      )}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/** Server messages under the form: errors in red (role=alert), confirmations as a status. */
export function FormMessages({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      {notice ? (
        <p role="status" className="rounded-lg border border-veld-600/30 bg-veld-100 px-3.5 py-2.5 text-sm font-medium text-veld-700">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3.5 py-2.5 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function ViewLink({ view, children }: { view: LoginView; children: ReactNode }) {
  return (
    <Link
      to={`${LOGIN_PATH}?view=${view}`}
      className="font-semibold text-red-700 underline decoration-red-300 underline-offset-4 hover:text-red-900 hover:decoration-red-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700"
    >
      {children}
    </Link>
  );
}

export function ViewLinks({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center gap-2 border-t border-red-100 pt-5 text-sm text-ink-700">{children}</div>;
}
