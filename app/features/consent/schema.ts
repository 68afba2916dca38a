import { z } from "zod";
import { ALL_TRACKING, NO_TRACKING, type Consent } from "./consent.ts";

// The cookie banner's and the preferences' form (POST /consent), validated by the action.
// The components post to it without importing this module (it pulls zod into every page):
// the paths they need live in consent.ts.

/** all: accept all; none: reject non-essential; custom: the ticked purposes; choose: show the settings. */
export const consentChoices = ["all", "none", "custom", "choose"] as const;

const checkbox = z.literal("on").optional();

export const consentFormSchema = z.object({
  choice: z.enum(consentChoices, { error: "Please choose which cookies to allow." }),
  analytics: checkbox,
  marketing: checkbox,
  returnTo: z.string().max(2000).optional(),
});

export type ConsentForm = z.output<typeof consentFormSchema>;

/** The choice the form records, or null for "choose" (nothing is recorded). */
export function consentFromForm(form: ConsentForm): Consent | null {
  switch (form.choice) {
    case "all":
      return ALL_TRACKING;
    case "none":
      return NO_TRACKING;
    case "custom":
      return { analytics: form.analytics === "on", marketing: form.marketing === "on" };
    case "choose":
      return null;
  }
}

/** Only purposes the site has a tracker for are recorded as allowed. */
export function withinAvailable(consent: Consent, available: Consent): Consent {
  return { analytics: consent.analytics && available.analytics, marketing: consent.marketing && available.marketing };
}

const BASE = "http://same-origin.invalid";

/**
 * A same-origin path to send the visitor back to, or "/". Only a path of this site: never
 * another host ("//evil.example", "/\\evil.example", "https://…"), never a script URL.
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Control characters and backslashes are never in a path this site writes.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
