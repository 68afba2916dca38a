import { CheckCircle2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { ErrorSummary } from "~/components/ui/error-summary.tsx";
import { HONEYPOT_FIELD } from "~/features/abuse/honeypot.ts";
import { FieldError, TextField } from "~/features/contacts/components/contact-fields.tsx";
import type { BookingActionFailure, WaitlistJoined } from "../../booking/actions.ts";
import { SEAT_NUMBERS } from "../../schema.ts";

const ID_PREFIX = "waitlist-";
const HEADING_ID = "waitlist-heading";

/** "Join the waitlist" on a full seminar's booking page: a plain POST, answered by the server (works without JavaScript). */
export function WaitlistJoin({ failure, joined }: { failure?: BookingActionFailure; joined?: WaitlistJoined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "join-waitlist";
  if (joined) {
    return (
      <section id="waitlist" aria-labelledby={HEADING_ID} className="rounded-3xl border-2 border-emerald-700 bg-white p-6 shadow-sm sm:p-8">
        <h2 id={HEADING_ID} tabIndex={-1} autoFocus className="flex items-center gap-2 text-2xl font-semibold text-ink-950 focus:outline-none">
          <CheckCircle2 aria-hidden="true" className="size-6 text-emerald-700" />
          You're on the waitlist
        </h2>
        <p className="mt-3 text-ink-800">
          {joined.place ? <>You're number <strong>{joined.place}</strong> in line for {joined.seats === 1 ? "1 seat" : `${joined.seats} seats`}. </> : null}
          We've e-mailed you a confirmation. If seats free up, we'll e-mail you an offer that holds them for you for a limited time.
        </p>
      </section>
    );
  }
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const summary = Object.entries(errors).flatMap(([field, messages]) => (messages?.[0] ? [{ field, message: messages[0] }] : []));
  return (
    <section id="waitlist" aria-labelledby={HEADING_ID} className="rounded-3xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8">
      <h2 id={HEADING_ID} className="text-2xl font-semibold text-ink-950">
        Join the waitlist
      </h2>
      <p className="mt-2 text-ink-700">If seats free up, the first people in line get an e-mail offer that holds the seats for them while they pay.</p>
      <Form method="post" noValidate aria-labelledby={HEADING_ID} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value="join-waitlist" />
        {failure && <ErrorSummary title={failure.message} errors={summary} idPrefix={ID_PREFIX} headingId="waitlist-error-summary" focusToken={failure} />}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label="First name" required autoComplete="given-name" idPrefix={ID_PREFIX} defaultValue={values.firstName} errors={errors.firstName} />
          <TextField name="lastName" label="Last name" required autoComplete="family-name" idPrefix={ID_PREFIX} defaultValue={values.lastName} errors={errors.lastName} />
        </div>
        <TextField name="email" label="E-mail address" type="email" inputMode="email" required autoComplete="email" idPrefix={ID_PREFIX} defaultValue={values.email} errors={errors.email} />
        <TextField name="phone" label="Phone number" type="tel" inputMode="tel" required autoComplete="tel" hint="With your country code, e.g. +27 82 555 0123" idPrefix={ID_PREFIX} defaultValue={values.phone} errors={errors.phone} />
        <div>
          <label htmlFor={`${ID_PREFIX}seats`} className="block text-sm font-semibold text-ink-950">
            Seats wanted
          </label>
          <select
            id={`${ID_PREFIX}seats`}
            name="seats"
            defaultValue={values.seats ?? "1"}
            aria-invalid={errors.seats?.length ? true : undefined}
            aria-describedby={errors.seats?.length ? `${ID_PREFIX}seats-error` : undefined}
            className="mt-2 block w-full rounded-xl border border-ink-300 bg-white px-4 py-3 text-base text-ink-950"
          >
            {SEAT_NUMBERS.map((seat) => (
              <option key={seat} value={seat}>
                {seat} {seat === 1 ? "seat" : "seats"}
              </option>
            ))}
          </select>
          <FieldError id={`${ID_PREFIX}seats-error`} messages={errors.seats} />
        </div>
        {/* Bots fill every field; people never see this one. */}
        <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${ID_PREFIX}${HONEYPOT_FIELD}`}>Leave this empty</label>
          <input id={`${ID_PREFIX}${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary", "lg", "w-full cursor-pointer")}>
          {submitting ? "Joining..." : "Join the waitlist"}
        </button>
      </Form>
    </section>
  );
}
