import type { Consent } from "./consent.ts";

/** What the browser needs to know about tracking, from the root loader (no secrets: ids are public). */
export type TrackingSetup = {
  /** Purposes the site has a tracker for (its id is configured); none means no banner at all. */
  available: Consent;
  /** The visitor's choice, or null before they make one (the banner shows). */
  choice: Consent | null;
  /** Ids of the trackers that may load now: allowed by the choice and configured. */
  ids: { gaMeasurementId?: string; metaPixelId?: string };
};

export function trackingSetup(choice: Consent | null, configured: { gaMeasurementId?: string; metaPixelId?: string }): TrackingSetup {
  return {
    available: { analytics: Boolean(configured.gaMeasurementId), marketing: Boolean(configured.metaPixelId) },
    choice,
    ids: {
      gaMeasurementId: choice?.analytics ? configured.gaMeasurementId : undefined,
      metaPixelId: choice?.marketing ? configured.metaPixelId : undefined,
    },
  };
}

/** Does the site have anything a visitor could allow? */
export function hasOptionalTracking(setup: TrackingSetup): boolean {
  return setup.available.analytics || setup.available.marketing;
}
