import { describe, expect, it } from "vitest";
import { consultationStatuses } from "#db/schema/enums.ts";
import {
  allowedStatusTransitions,
  canChangeStatus,
  CLOSED_STATUSES,
  consultationRemoval,
  consultationStatusTone,
  hasMoneyOnRecord,
  isClosedStatus,
  isFreeConsultation,
  preferredTimeLabel,
} from "./rules.ts";

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

describe("consultation statuses", () => {
  it("closes a consultation when it is closed, cancelled or refunded", () => {
    expect([...CLOSED_STATUSES].sort()).toEqual(["cancelled", "closed", "refunded"]);
    expect(consultationStatuses.filter(isClosedStatus)).toEqual(["closed", "cancelled", "refunded"]);
    expect(isClosedStatus("pending")).toBe(false);
    expect(isClosedStatus("something else")).toBe(false);
  });

  it("allows the changes of docs/decisions/012 and no others", () => {
    expect(allowedStatusTransitions).toEqual({
      pending: ["confirmed", "closed", "cancelled"],
      confirmed: ["pending", "completed", "closed", "cancelled"],
      completed: ["confirmed"],
      closed: ["pending"],
      cancelled: ["pending"],
      refunded: [],
    });
    for (const from of consultationStatuses) {
      for (const to of consultationStatuses) expect(canChangeStatus(from, to), `${from} → ${to}`).toBe(allowedStatusTransitions[from].includes(to));
    }
  });

  it("never offers the same status, makes refunded final, and never lets staff set refunded by hand (a refund sets it)", () => {
    for (const status of consultationStatuses) expect(canChangeStatus(status, status)).toBe(false);
    expect(allowedStatusTransitions.refunded).toEqual([]);
    for (const status of consultationStatuses) expect(canChangeStatus(status, "refunded"), status).toBe(false);
  });

  it("reopens a closed or cancelled consultation only as pending, and never completes one that was not confirmed", () => {
    for (const from of ["closed", "cancelled"] as const) expect(allowedStatusTransitions[from]).toEqual(["pending"]);
    expect(consultationStatuses.filter((from) => canChangeStatus(from, "completed"))).toEqual(["confirmed"]);
  });

  it("allows the changes staff make in the admin journeys and tests", () => {
    expect(canChangeStatus("pending", "confirmed")).toBe(true);
    expect(canChangeStatus("pending", "cancelled")).toBe(true);
    expect(canChangeStatus("pending", "closed")).toBe(true);
    expect(canChangeStatus("completed", "confirmed")).toBe(true);
  });
});

describe("deleting or cancelling a consultation", () => {
  const unpaid = { consultationType: "paid", isPaid: false, paidAt: null };

  it("counts a checkout, a ledger entry, a paid time or a paid-type 'paid' flag as money on record, and a free call's flag as none", () => {
    expect(hasMoneyOnRecord(unpaid, false)).toBe(false);
    expect(hasMoneyOnRecord(unpaid, true)).toBe(true);
    expect(hasMoneyOnRecord({ ...unpaid, isPaid: true }, false)).toBe(true);
    expect(hasMoneyOnRecord({ ...unpaid, paidAt: new Date() }, false)).toBe(true);
    expect(hasMoneyOnRecord({ consultationType: "free", isPaid: true, paidAt: null }, false)).toBe(false);
  });

  it("deletes one without money, cancels one with money while it is pending or confirmed, and keeps the rest", () => {
    for (const status of consultationStatuses) expect(consultationRemoval(status, false), status).toBe("delete");
    expect(consultationStatuses.filter((status) => consultationRemoval(status, true) === "cancel")).toEqual(["pending", "confirmed"]);
    expect(consultationStatuses.filter((status) => consultationRemoval(status, true) === "keep")).toEqual(["completed", "closed", "cancelled", "refunded"]);
  });
});
