import { CircleAlert } from "lucide-react";
import { useEffect, useRef, type MouseEvent } from "react";

type Props = {
  title: string;
  message?: string;
  errors: ReadonlyArray<{ field: string; message: string }>;
  /** What the fields' ids start with: a link goes to `#{idPrefix}{field}`. */
  idPrefix?: string;
  /** The title's id (the summary is labelled by it); unique in the page. */
  headingId?: string;
  /** Changes whenever the visitor submits: the summary then takes focus, so it is read first. */
  focusToken: unknown;
};

/** Moves focus to the field behind a summary link (the checked radio of a group). */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const control = target instanceof HTMLFieldSetElement ? (target.querySelector<HTMLInputElement>("input:checked") ?? target.querySelector("input")) : target;
  control?.focus();
  target.scrollIntoView({ block: "center" });
}

/**
 * A refused form's summary: the form-level message and a link to each field with a problem.
 * It takes focus when it appears and on every new refusal, so it is read first.
 */
export function ErrorSummary({ title, message, errors, idPrefix = "", headingId = "form-error-summary-title", focusToken }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [focusToken]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      // Also focused on load when the page was rendered by the server after a failed post.
      autoFocus
      role="group"
      aria-labelledby={headingId}
      className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-sans text-lg font-semibold tracking-normal">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </h2>
      {message ? <p className="mt-2">{message}</p> : null}
      {errors.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {errors.map((error) => (
            <li key={error.field}>
              <a href={`#${idPrefix}${error.field}`} onClick={(event) => focusField(event, `${idPrefix}${error.field}`)} className="font-medium underline underline-offset-2 hover:no-underline">
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
