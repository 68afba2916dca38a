import { describe, expect, it } from "vitest";
import { canRenewHold, hasFreeSeat, HOLD_RELEASE_REASONS, holdExpiry, isLiveBooking, mayRetakeSeat, renewedHoldExpiry, spotsLeft } from "./rules.ts";

describe("spotsLeft", () => {
  it("is the seats not yet taken, never negative", () => {
    expect(spotsLeft({ maxAttendees: 30, currentAttendees: 12 })).toBe(18);
    expect(spotsLeft({ maxAttendees: 30, currentAttendees: 30 })).toBe(0);
    expect(spotsLeft({ maxAttendees: 10, currentAttendees: 12 })).toBe(0);
  });
});

describe("hasFreeSeat", () => {
  it("allows one more seat while any is left, and none at or over capacity", () => {
    expect(hasFreeSeat({ maxAttendees: 2, currentAttendees: 1 })).toBe(true);
    expect(hasFreeSeat({ maxAttendees: 2, currentAttendees: 2 })).toBe(false);
    expect(hasFreeSeat({ maxAttendees: 2, currentAttendees: 3 })).toBe(false);
  });
});

describe("holds", () => {
  const now = new Date("2030-01-01T10:00:00Z");

  it("last 30 minutes", () => {
    expect(holdExpiry(now).toISOString()).toBe("2030-01-01T10:30:00.000Z");
  });

  it("are renewed by a checkout only in their first 30 minutes, to outlast it by two", () => {
    const createdAt = new Date("2030-01-01T09:40:00Z");
    expect(canRenewHold({ createdAt }, now)).toBe(true);
    expect(canRenewHold({ createdAt }, new Date("2030-01-01T10:10:00Z"))).toBe(true);
    expect(canRenewHold({ createdAt }, new Date("2030-01-01T10:10:01Z"))).toBe(false);
    expect(renewedHoldExpiry(now, new Date("2030-01-01T10:31:00Z")).toISOString()).toBe("2030-01-01T10:33:00.000Z");
    expect(renewedHoldExpiry(now, new Date("2030-01-01T10:05:00Z")).toISOString()).toBe("2030-01-01T10:32:00.000Z");
  });

  it("counts confirmed bookings and unlapsed holds as live", () => {
    expect(isLiveBooking({ status: "confirmed", isPaid: false, holdExpiresAt: null }, now)).toBe(true);
    expect(isLiveBooking({ status: "pending", isPaid: false, holdExpiresAt: "2030-01-01T10:00:01Z" }, now)).toBe(true);
    expect(isLiveBooking({ status: "pending", isPaid: false, holdExpiresAt: new Date("2030-01-01T10:00:00Z") }, now)).toBe(false);
    expect(isLiveBooking({ status: "pending", isPaid: false, holdExpiresAt: null }, now)).toBe(false);
    expect(isLiveBooking({ status: "cancelled", isPaid: true, holdExpiresAt: null }, now)).toBe(false);
    expect(isLiveBooking({ status: "refunded", isPaid: false, holdExpiresAt: null }, now)).toBe(false);
  });
});

describe("mayRetakeSeat", () => {
  const running = { cancelledAt: null };
  it("lets a late payment retake the seat of a released hold, on a seminar that still takes place", () => {
    for (const reason of Object.values(HOLD_RELEASE_REASONS)) expect(mayRetakeSeat({ cancelReason: reason }, running)).toBe(true);
    // Cancelled before reasons were kept.
    expect(mayRetakeSeat({ cancelReason: null }, running)).toBe(true);
  });

  it("keeps a cancellation by staff, or of the seminar, final", () => {
    expect(mayRetakeSeat({ cancelReason: "Customer asked by phone" }, running)).toBe(false);
    expect(mayRetakeSeat({ cancelReason: HOLD_RELEASE_REASONS.lapsed }, { cancelledAt: new Date() })).toBe(false);
  });
});
