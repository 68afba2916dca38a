import { describe, expect, it } from "vitest";
import { hasOptionalTracking, trackingSetup } from "./setup.ts";

const ids = { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" };

describe("the tracking setup the browser receives", () => {
  it("gives no tracker id before the visitor chooses", () => {
    expect(trackingSetup(null, ids)).toEqual({ available: { analytics: true, marketing: true }, choice: null, ids: {} });
  });

  it("gives only the ids of the purposes the visitor allowed", () => {
    expect(trackingSetup({ analytics: true, marketing: false }, ids).ids).toEqual({ gaMeasurementId: "G-TEST12345" });
    expect(trackingSetup({ analytics: false, marketing: true }, ids).ids).toEqual({ metaPixelId: "1234567890123" });
    expect(trackingSetup({ analytics: true, marketing: true }, {}).ids).toEqual({});
  });

  it("offers no choice (no banner) when the site has no tracker configured", () => {
    expect(hasOptionalTracking(trackingSetup(null, {}))).toBe(false);
    expect(hasOptionalTracking(trackingSetup(null, { metaPixelId: "1234567890123" }))).toBe(true);
  });
});
