import type { FormEvent } from "react";
import { Form, useLocation } from "react-router";
import { browserEnv, stopTrackers } from "~/features/tracking/trackers.ts";
import { CONSENT_ACTION, consentChoices, consentFromForm, type Consent } from "../consent.ts";
import type { TrackingSetup } from "../setup.ts";
import { settingsButtonClasses } from "./consent-buttons.ts";

/** The page to come back to after the choice is saved (the full reload applies it). */
export function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

const purposes = [
  {
    name: "analytics",
    label: "Analytics",
    description: "Google Analytics 4: which pages are read and where visitors leave a booking form, so that we can improve the website.",
  },
  {
    name: "marketing",
    label: "Marketing",
    description: "Meta Pixel: whether people who saw our Facebook or Instagram adverts go on to book, so that we can measure those adverts.",
  },
] as const;

/** The choice a submit of this form records (as the server will), read from the submitter and the ticked boxes. */
export function submittedConsent(event: FormEvent<HTMLFormElement>): Consent | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  const choice = consentChoices.find((known) => known === submitter?.value);
  if (!choice) return null;
  const form = new FormData(event.currentTarget);
  return consentFromForm({ choice, analytics: form.get("analytics"), marketing: form.get("marketing") });
}

type Props = {
  setup: TrackingSetup;
  /** Keeps ids unique when the dialog and the /legal settings are on one page. */
  idPrefix: string;
};

/**
 * The cookie settings: one checkbox per optional purpose the site uses (off until allowed),
 * then Save, Accept all and Reject non-essential. A plain POST to /consent, so it works
 * without JavaScript.
 */
export function ConsentForm({ setup, idPrefix }: Props) {
  const returnTo = useReturnTo();
  // The post reloads the page, which then loads only what is allowed; what was withdrawn stops now.
  function stopWithdrawn(event: FormEvent<HTMLFormElement>) {
    const next = submittedConsent(event);
    if (next) stopTrackers(browserEnv(), setup.ids, next);
  }
  return (
    <Form method="post" action={CONSENT_ACTION} reloadDocument onSubmit={stopWithdrawn}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset>
        <legend className="sr-only">Optional cookies</legend>
        <div className="rounded-xl bg-ink-50 p-4 text-sm text-ink-800">
          <p className="font-semibold text-ink-950">Strictly necessary: always on</p>
          <p className="mt-1">They remember this choice and keep administrators signed in. They never track you.</p>
        </div>
        {purposes
          .filter((purpose) => setup.available[purpose.name])
          .map((purpose) => {
            const id = `${idPrefix}-${purpose.name}`;
            return (
              <div key={purpose.name} className="mt-3 flex items-start gap-3 rounded-xl border border-ink-200 p-4">
                <input
                  id={id}
                  type="checkbox"
                  name={purpose.name}
                  defaultChecked={setup.choice?.[purpose.name] ?? false}
                  aria-describedby={`${id}-description`}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer accent-ink-900"
                />
                <div className="text-sm">
                  <label htmlFor={id} className="cursor-pointer font-semibold text-ink-950">
                    {purpose.label}
                  </label>
                  <p id={`${id}-description`} className="mt-1 text-ink-700">
                    {purpose.description}
                  </p>
                </div>
              </div>
            );
          })}
      </fieldset>
      <div className="mt-5 grid gap-2 sm:grid-cols-3">
        <button type="submit" name="choice" value="custom" className={settingsButtonClasses}>
          Save choices
        </button>
        <button type="submit" name="choice" value="all" className={settingsButtonClasses}>
          Accept all
        </button>
        <button type="submit" name="choice" value="none" className={settingsButtonClasses}>
          Reject non-essential
        </button>
      </div>
    </Form>
  );
}
