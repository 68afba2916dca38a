import { describe, expect, it } from "vitest";
import { canCancelOnline, freeCancellationDeadline, hasStarted, seatShareCents } from "./policy.ts";

// 18:00 in Johannesburg (UTC+2, no daylight saving) is 16:00 UTC.
const seminar = { seminarDate: "2026-12-05", seminarTime: "18:00:00" };
const at = (iso: string) => new Date(iso);

describe("the free cancellation window", () => {
  it("ends exactly 48 hours before the South African start", () => {
    expect(freeCancellationDeadline(seminar, 48).toISOString()).toBe("2026-12-03T16:00:00.000Z");
  });

  it("is open one minute before the edge, closed at it and one minute after", () => {
    expect(canCancelOnline(seminar, 48, at("2026-12-03T15:59:00Z"))).toBe(true);
    expect(canCancelOnline(seminar, 48, at("2026-12-03T16:00:00Z"))).toBe(false);
    expect(canCancelOnline(seminar, 48, at("2026-12-03T16:01:00Z"))).toBe(false);
  });

  it("counts in Johannesburg time, not the server's or UTC's calendar", () => {
    // A 01:30 start on the 5th is 23:30 UTC on the 4th: the edge is 23:30 UTC on the 2nd.
    const early = { seminarDate: "2026-12-05", seminarTime: "01:30" };
    expect(freeCancellationDeadline(early, 48).toISOString()).toBe("2026-12-02T23:30:00.000Z");
    expect(canCancelOnline(early, 48, at("2026-12-02T23:29:00Z"))).toBe(true);
    expect(canCancelOnline(early, 48, at("2026-12-02T23:31:00Z"))).toBe(false);
    // In London (winter, UTC+0) that second instant still reads 2 December; in Johannesburg it is already 01:31 on the 3rd.
  });

  it("follows the setting", () => {
    expect(canCancelOnline(seminar, 24, at("2026-12-04T15:59:00Z"))).toBe(true);
    expect(canCancelOnline(seminar, 24, at("2026-12-04T16:00:00Z"))).toBe(false);
    expect(canCancelOnline(seminar, 0, at("2026-12-05T15:59:00Z"))).toBe(true);
    expect(canCancelOnline(seminar, 0, at("2026-12-05T16:00:00Z"))).toBe(false);
  });

  it("lets names change until the start", () => {
    expect(hasStarted(seminar, at("2026-12-05T15:59:59Z"))).toBe(false);
    expect(hasStarted(seminar, at("2026-12-05T16:00:00Z"))).toBe(true);
  });
});

describe("one seat's share", () => {
  it("rounds down, so the seats cancelled one by one never give back more than was paid", () => {
    expect(seatShareCents(360000, 3)).toBe(120000);
    expect(seatShareCents(100000, 3)).toBe(33333);
    const amount = 100001;
    const twoSeats = 2 * seatShareCents(amount, 3);
    expect(amount - twoSeats).toBe(33335);
    expect(seatShareCents(0, 3)).toBe(0);
    expect(seatShareCents(500, 0)).toBe(0);
  });
});
