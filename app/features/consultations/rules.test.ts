import { describe, expect, it } from "vitest";
import { consultationStatusTone, isFreeConsultation, preferredTimeLabel } from "./rules.ts";

describe("consultation rules", () => {
  it("classes any type text containing 'free' as a free call", () => {
    expect(isFreeConsultation("free")).toBe(true);
    expect(isFreeConsultation("FREE intro")).toBe(true);
    expect(isFreeConsultation("paid")).toBe(false);
    expect(isFreeConsultation(null)).toBe(false);
  });

  it("labels the preferred time windows in UK time", () => {
    expect(preferredTimeLabel("morning")).toBe("Morning (9:00 - 12:00 UK time)");
    expect(preferredTimeLabel("afternoon")).toBe("Afternoon (12:00 - 17:00 UK time)");
    expect(preferredTimeLabel("evening")).toBe("Evening (17:00 - 19:00 UK time)");
    expect(preferredTimeLabel("Tuesday after 3")).toBe("Tuesday after 3");
  });

  it("colours statuses as docs/product.md §5.3 says", () => {
    expect(consultationStatusTone("confirmed")).toBe("green");
    expect(consultationStatusTone("completed")).toBe("green");
    expect(consultationStatusTone("pending")).toBe("amber");
    for (const status of ["closed", "cancelled", "refunded"]) expect(consultationStatusTone(status)).toBe("red");
    expect(consultationStatusTone("something else")).toBe("grey");
  });
});
