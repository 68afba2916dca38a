import { saDateTime } from "~/lib/format.ts";
import { describe, expect, it } from "vitest";
import { centsToDecimal } from "~/lib/format.ts";
import {
  attendeesHeading,
  blocksNewBooking,
  bookingState,
  isPastSeminar,
  seminarDateLabel,
  seminarLocationLabel,
  seminarTitleLabel,
  seminarWhenLabel,
} from "./rules.ts";
import { guardCsvCell } from "~/lib/csv.server.ts";

describe("bookingState (docs/decisions/015)", () => {
  const now = new Date("2030-01-01T10:00:00Z");
  const booking = { status: "confirmed", isPaid: true, amountCents: 120000, refundedCents: 0, refundDue: false, holdExpiresAt: null };
  it.each([
    [{ ...booking }, "Confirmed · Paid", "confirmed"],
    [{ ...booking, isPaid: false }, "Confirmed · Unpaid", "unpaid"],
    [{ ...booking, status: "pending", isPaid: false, holdExpiresAt: new Date("2030-01-01T10:20:00Z") }, "Held", "held"],
    [{ ...booking, status: "pending", isPaid: false, holdExpiresAt: new Date("2030-01-01T09:59:00Z") }, "Hold lapsed", "cancelled"],
    [{ ...booking, status: "cancelled", refundDue: true }, "Cancelled · Refund due", "refund_due"],
    [{ ...booking, status: "cancelled", refundDue: true, refundedCents: 120000 }, "Cancelled · Refunded", "refunded"],
    [{ ...booking, status: "cancelled", refundedCents: 20000 }, "Cancelled · Partly refunded", "refunded"],
    [{ ...booking, status: "cancelled" }, "Cancelled · Paid", "cancelled"],
    [{ ...booking, status: "cancelled", isPaid: false }, "Cancelled · Unpaid", "cancelled"],
    [{ ...booking, status: "refunded" }, "Cancelled · Refunded", "refunded"],
  ])("%o → %s", (facts, label, tone) => {
    expect(bookingState(facts, now)).toEqual({ label, tone });
  });
});

describe("seats", () => {
  it("knows a seminar that has taken place", () => {
    expect(isPastSeminar({ seminarDate: "2030-01-01" }, "2030-01-02")).toBe(true);
    expect(isPastSeminar({ seminarDate: "2030-01-02" }, "2030-01-02")).toBe(false);
  });

  it("lets a contact be added again only after a cancellation", () => {
    expect(blocksNewBooking({ status: "cancelled" })).toBe(false);
    for (const status of ["pending", "confirmed", "refunded"]) expect(blocksNewBooking({ status })).toBe(true);
  });

  it("heads Manage Attendees with 'title - count / max attendees'", () => {
    expect(attendeesHeading({ title: "Durban Evening", currentAttendees: 12, maxAttendees: 30 })).toBe("Durban Evening - 12 / 30 attendees");
    expect(attendeesHeading({ title: " ", currentAttendees: 0, maxAttendees: 5 })).toBe("Untitled Seminar - 0 / 5 attendees");
  });
});

describe("fallback labels (docs/product.md §10.5)", () => {
  it("names untitled seminars, missing locations and dates", () => {
    expect(seminarTitleLabel("")).toBe("Untitled Seminar");
    expect(seminarTitleLabel(null)).toBe("Untitled Seminar");
    expect(seminarTitleLabel("  Cape Town  ")).toBe("Cape Town");
    expect(seminarLocationLabel({ location: "Hall, Durban" })).toBe("Hall, Durban");
    expect(seminarLocationLabel({ location: " ", venueName: "Hall", city: "Durban" })).toBe("Hall, Durban");
    expect(seminarLocationLabel({ location: "", venueName: "", city: null })).toBe("Location not specified");
    expect(seminarDateLabel("")).toBe("Date not specified");
    expect(seminarDateLabel(null)).toBe("Date not specified");
    expect(seminarDateLabel("2030-02-30")).toBe("Invalid date format");
    expect(seminarDateLabel("2030-12-05")).toBe("5 December 2030");
  });

  it("joins the date and the time", () => {
    expect(seminarWhenLabel({ seminarDate: "2030-12-05", seminarTime: "18:00:00" })).toBe("5 December 2030 at 18:00");
    expect(seminarWhenLabel({ seminarDate: "nope", seminarTime: "18:00" })).toBe("Invalid date format");
    expect(seminarWhenLabel({ seminarDate: "2030-12-05", seminarTime: null })).toBe("5 December 2030");
  });
});

describe("CSV cells", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+27 82 555 0123", "'+27 82 555 0123"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["Thandi", "Thandi"],
    ["082 555", "082 555"],
    ["", ""],
    ["a=b", "a=b"],
  ])("%j → %j", (cell, guarded) => {
    expect(guardCsvCell(cell)).toBe(guarded);
  });

  it("writes money and times for a spreadsheet", () => {
    expect(centsToDecimal(120000)).toBe("1200.00");
    expect(centsToDecimal(99950)).toBe("999.50");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(saDateTime(new Date("2030-01-31T22:30:00Z"))).toBe("2030-02-01 00:30");
    expect(saDateTime("2030-06-01T08:05:00Z")).toBe("2030-06-01 10:05");
    expect(saDateTime(null)).toBe("");
    expect(saDateTime("not a date")).toBe("");
  });
});
