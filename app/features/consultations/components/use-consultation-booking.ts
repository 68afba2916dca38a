import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { isHoneypotFilled } from "~/features/abuse/honeypot.ts";
import { trackPixel, track } from "~/lib/analytics.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { formProgressPercent, newMilestones, textValuesOf, type ProgressMilestone } from "~/lib/form-progress.ts";
import { consultationFieldErrors, orderedFieldErrors, type BookingFailure, type BookingResult, type BookingSuccess } from "../booking-form.ts";
import type { FormSummary } from "./consultation-form.tsx";


/**
 * The booking form's behaviour in the browser: checks the form with the server's schema
 * before sending, sends it without leaving the page, and reports tracking events. Without
 * JavaScript none of this runs and the form posts to the page as usual (`documentResult`).
 */
export function useConsultationBooking({ formName, documentResult }: { formName: string; documentResult: BookingResult | undefined }) {
  const fetcher = useFetcher<BookingResult>();
  const result = fetcher.data ?? documentResult;
  // The errors the browser found on the last refused submit; null shows the server's answer.
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // Fields fixed since then: their messages go as the visitor types (never on blur, which
  // would move the page under a pointer mid-click). The summary stays until the next submit.
  const [fixed, setFixed] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState<object>({});
  const started = useRef(false);
  const reported = useRef(new Set<ProgressMilestone>());

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      track({ name: "form_submission", form_name: formName });
      trackPixel({ name: "Lead", form_name: formName });
    } else if (Object.keys(fetcher.data.fieldErrors).length === 0) trackPixel({ name: "booking_error", form_name: formName });
  }, [fetcher.data, formName]);

  const failure: BookingFailure | undefined = result && !result.ok ? result : undefined;
  const submittedErrors = clientErrors ?? failure?.fieldErrors ?? {};
  const fieldErrors: FieldErrors = Object.fromEntries(Object.entries(submittedErrors).filter(([field]) => !fixed.has(field)));
  const listed = orderedFieldErrors(submittedErrors);
  const serverMessage = clientErrors === null && failure && listed.length === 0 ? failure.message : undefined;
  const summary: FormSummary | undefined =
    listed.length > 0
      ? { title: "There is a problem with your details", message: CORRECT_FIELDS, errors: listed }
      : serverMessage
        ? { title: "We couldn't save your request", message: `${serverMessage} Everything you typed is still here.`, errors: [] }
        : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const errors = isHoneypotFilled(new FormData(form)) ? {} : consultationFieldErrors(textValuesOf(form));
    setFixed(new Set());
    if (Object.keys(errors).length > 0) {
      setClientErrors(errors);
      setAttempt({});
      return;
    }
    setClientErrors(null);
    void fetcher.submit(form, { method: "post" });
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const values = textValuesOf(event.currentTarget);
    if (!started.current) {
      started.current = true;
      trackPixel({ name: "FormStart", form_name: formName });
    }
    for (const milestone of newMilestones(formProgressPercent(values), reported.current)) {
      reported.current.add(milestone);
      trackPixel({ name: "FormProgress", form_name: formName, percent: milestone });
    }
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name && fieldErrors[name]?.length && !consultationFieldErrors(values)[name]) setFixed(new Set([...fixed, name]));
  }

  // A new token for every refused attempt and every answer, never for a re-render: the summary then takes focus.
  const focusToken = useMemo(() => ({ attempt, answer: fetcher.data }), [attempt, fetcher.data]);
  const success: BookingSuccess | undefined = result?.ok ? result : undefined;
  return {
    /** The values to refill after a refused send; undefined before any answer. */
    values: failure?.values,
    fieldErrors,
    summary,
    focusToken,
    pending: fetcher.state !== "idle",
    /** The success answer of a send with JavaScript: shown as a modal. */
    dialogSuccess: fetcher.data?.ok ? success : undefined,
    /** The success answer of a plain post (no JavaScript): shown as the page. */
    pageSuccess: !fetcher.data && documentResult?.ok ? documentResult : undefined,
    onSubmit,
    onChange,
  };
}
