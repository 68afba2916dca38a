import { withinAvailable } from "../consent.ts";
import type { TrackingSetup } from "../setup.ts";
import { useConsentControls } from "./consent-context.tsx";
import { ConsentForm } from "./consent-form.tsx";

function currentChoice(setup: TrackingSetup): string {
  if (!setup.choice) return "You have not chosen yet, so only strictly necessary cookies are in use.";
  const choice = withinAvailable(setup.choice, setup.available);
  const allowed = [choice.analytics && "analytics", choice.marketing && "marketing"].filter(Boolean);
  return allowed.length === 0
    ? "You allow strictly necessary cookies only."
    : `You allow ${allowed.join(" and ")} cookies as well as the strictly necessary ones.`;
}

/** The cookie settings on /legal#cookies, in the page: the current choice and the form to change it. */
export function CookieSettingsPanel() {
  const controls = useConsentControls();
  if (!controls?.offered) return null;
  return (
    <section aria-labelledby="cookie-settings-title" className="mb-10 max-w-3xl rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="cookie-settings-title" className="text-2xl font-semibold text-ink-900">
        Your cookie settings
      </h2>
      <p className="mt-2 mb-5 text-ink-700" data-testid="cookie-choice">
        {currentChoice(controls.setup)}
      </p>
      <ConsentForm setup={controls.setup} idPrefix="cookie-settings" />
    </section>
  );
}
