import { describe, expect, it } from "vitest";
import { ALL_TRACKING, CONSENT_COOKIE, consentCookie, parseConsentValue, readConsent, serializeConsent } from "./consent.ts";

describe("the consent cookie", () => {
  it("round-trips every choice", () => {
    for (const analytics of [true, false]) {
      for (const marketing of [true, false]) {
        expect(parseConsentValue(serializeConsent({ analytics, marketing }))).toEqual({ analytics, marketing });
      }
    }
  });

  it("reads the choice among other cookies", () => {
    expect(readConsent(`a=1; ${CONSENT_COOKIE}=v1.a1.m0; b=2`)).toEqual({ analytics: true, marketing: false });
  });

  it("treats a missing, foreign or tampered value as no choice yet", () => {
    expect(readConsent(null)).toBeNull();
    expect(readConsent("other=v1.a1.m1")).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=yes`)).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=v2.a1.m1`)).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=v1.a1.m1x`)).toBeNull();
  });

  it("is remembered site-wide and is Secure over HTTPS only", () => {
    expect(consentCookie(ALL_TRACKING, { secure: true })).toBe(`${CONSENT_COOKIE}=v1.a1.m1; Path=/; Max-Age=15552000; SameSite=Lax; Secure`);
    expect(consentCookie(ALL_TRACKING, { secure: false })).not.toContain("Secure");
  });
});
