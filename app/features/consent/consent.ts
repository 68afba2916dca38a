// The visitor's tracking choice (docs/product.md §12, docs/decisions/010), kept in one first-party cookie so the
// server can render the banner's state and widen the Content-Security-Policy, and the
// browser can read it without a round trip. Nothing but this choice is stored in it.

import type { TrackingPurposes } from "~/lib/analytics.ts";

export const CONSENT_COOKIE = "thula_consent";

/** Where the banner and the settings post the choice (app/routes/api/consent.ts). */
export const CONSENT_ACTION = "/consent";

/** Where the settings live for a visitor without JavaScript ("Choose" leads there). */
export const COOKIE_SETTINGS_PATH = "/legal#cookies";

/** How long a choice is remembered before the banner asks again (about six months). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Non-essential purposes a visitor can allow: analytics (GA4) and marketing (the Meta pixel). */
/** The visitor's choice: which optional purposes they allow. */
export type Consent = TrackingPurposes;

export const NO_TRACKING: Consent = { analytics: false, marketing: false };
export const ALL_TRACKING: Consent = { analytics: true, marketing: true };

/** The consent form's buttons. all: accept all; none: reject non-essential; custom: the ticked purposes; choose: show the settings. */
export const consentChoices = ["all", "none", "custom", "choose"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/** The choice a post of the consent form records, or null for "choose" (nothing is recorded). The boxes count only for "custom". */
export function consentFromForm(form: { choice: ConsentChoice; analytics?: unknown; marketing?: unknown }): Consent | null {
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

// Versioned, so a later change of purposes can ask everyone again: "v1.a1.m0".
const pattern = /^v1\.a([01])\.m([01])$/;

export function serializeConsent(consent: Consent): string {
  return `v1.a${consent.analytics ? 1 : 0}.m${consent.marketing ? 1 : 0}`;
}

/** The choice in a cookie value, or null when there is none (or it is not one we wrote). */
export function parseConsentValue(value: string | undefined | null): Consent | null {
  const match = value ? pattern.exec(value.trim()) : null;
  return match ? { analytics: match[1] === "1", marketing: match[2] === "1" } : null;
}

/** The choice in a Cookie header (or document.cookie), or null when the visitor has not chosen. */
export function readConsent(cookieHeader: string | undefined | null): Consent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === CONSENT_COOKIE) return parseConsentValue(part.slice(separator + 1));
  }
  return null;
}

/** A Set-Cookie (or document.cookie) string that remembers the choice. */
export function consentCookie(consent: Consent, options: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE}=${serializeConsent(consent)}`,
    "Path=/",
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
