import { parseForm } from "~/lib/forms.server.ts";
import { consentCookie, consentFromForm, COOKIE_SETTINGS_PATH, withinAvailable, type Consent } from "./consent.ts";
import { consentFormSchema, safeReturnTo } from "./schema.ts";

export type RecordConsentOptions = {
  /** Purposes the site has a tracker for. */
  available: Consent;
  /** The site is served over HTTPS: the cookie is Secure. */
  secure: boolean;
};

/**
 * The answer to the banner's or the preferences' POST: remembers the choice in the consent
 * cookie and sends the visitor back (303) to the page they were on, which then loads with
 * the policy and trackers the choice allows. "Choose" without JavaScript leads to the settings.
 */
export function recordConsent(form: FormData, options: RecordConsentOptions): Response {
  const parsed = parseForm(form, consentFormSchema);
  if (!parsed.ok) {
    return new Response("Please choose which cookies to allow.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const chosen = consentFromForm(parsed.data);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!chosen) {
    headers.set("Location", COOKIE_SETTINGS_PATH);
    return new Response(null, { status: 303, headers });
  }
  headers.set("Set-Cookie", consentCookie(withinAvailable(chosen, options.available), { secure: options.secure }));
  headers.set("Location", safeReturnTo(parsed.data.returnTo));
  return new Response(null, { status: 303, headers });
}
