import { describe, expect, it } from "vitest";
import { onlineChanges, type ManageableBooking } from "./policy.ts";

const startsAt = new Date("2027-06-08T12:00:00Z");
const paid: ManageableBooking = { status: "confirmed", consultationType: "paid", isPaid: true, startsAt, refundableCents: 349900 };
const at = (hoursBefore: number) => new Date(startsAt.getTime() - hoursBefore * 3_600_000);

describe("what a client may change online", () => {
  it("moves or cancels a paid consultation with a full refund until the cut-off, then nothing", () => {
    expect(onlineChanges(paid, at(25), 24)).toEqual({ allowed: true, refundCents: 349900, until: at(24) });
    expect(onlineChanges(paid, at(24), 24)).toEqual({ allowed: false, reason: "too-late", until: at(24) });
    expect(onlineChanges(paid, at(0), 24)).toEqual({ allowed: false, reason: "past" });
  });

  it("refunds only what is still paid, and lets a free call change until it starts", () => {
    expect(onlineChanges({ ...paid, refundableCents: 100 }, at(48), 24)).toMatchObject({ allowed: true, refundCents: 100 });
    expect(onlineChanges({ ...paid, consultationType: "free", isPaid: true }, at(1), 24)).toEqual({ allowed: true, refundCents: 0, until: startsAt });
  });

  it("changes nothing that is cancelled, refunded, closed, pending or done", () => {
    for (const status of ["cancelled", "refunded", "closed"]) expect(onlineChanges({ ...paid, status }, at(48), 24)).toEqual({ allowed: false, reason: "cancelled" });
    expect(onlineChanges({ ...paid, status: "pending" }, at(48), 24)).toEqual({ allowed: false, reason: "not-confirmed" });
    expect(onlineChanges({ ...paid, status: "completed" }, at(48), 24)).toEqual({ allowed: false, reason: "past" });
  });
});
