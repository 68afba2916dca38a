import { describe, expect, it } from "vitest";
import { serviceIds, services } from "~/content/services.ts";
import type { ServiceId } from "~/content/types.ts";
import { idFromHash } from "~/lib/hash-scroll.ts";
import { DEFAULT_SERVICE_ID, isServiceId } from "./rules.ts";

/** How the services tabs read the URL hash. */
const serviceIdFromHash = (hash: string | null): ServiceId | undefined => idFromHash(hash, serviceIds);

describe("the services tab order", () => {
  it("is funding, employment, accommodation, vehicle, legal, concierge, with funding first", () => {
    expect(services.map((service) => service.id)).toEqual(["funding", "employment", "accommodation", "vehicle", "legal", "concierge"]);
    expect(DEFAULT_SERVICE_ID).toBe("funding");
  });

  it("shows only the concierge in dark mode", () => {
    expect(services.filter((service) => service.darkMode).map((service) => service.id)).toEqual(["concierge"]);
  });
});

describe("isServiceId", () => {
  it("accepts the six service ids and nothing else", () => {
    for (const id of ["funding", "employment", "accommodation", "vehicle", "legal", "concierge"]) expect(isServiceId(id)).toBe(true);
    for (const value of ["", "main", "services-cta", "Funding ", "visa", undefined, null, 3]) expect(isServiceId(value)).toBe(false);
  });
});

describe("the service a hash names", () => {
  it("reads the service the home page links to", () => {
    expect(serviceIdFromHash("#funding")).toBe("funding");
    expect(serviceIdFromHash("#vehicle")).toBe("vehicle");
    expect(serviceIdFromHash("#legal")).toBe("legal");
    expect(serviceIdFromHash("concierge")).toBe("concierge");
  });

  it("tolerates case and encoding", () => {
    expect(serviceIdFromHash("#Vehicle")).toBe("vehicle");
    expect(serviceIdFromHash("#%65mployment")).toBe("employment");
  });

  it("ignores hashes that name no service, so they leave the selection alone", () => {
    expect(serviceIdFromHash("")).toBeUndefined();
    expect(serviceIdFromHash("#")).toBeUndefined();
    expect(serviceIdFromHash("#main")).toBeUndefined();
    expect(serviceIdFromHash("#services-cta")).toBeUndefined();
    expect(serviceIdFromHash("#%E0%A4%A")).toBeUndefined();
    expect(serviceIdFromHash(null)).toBeUndefined();
  });
});
