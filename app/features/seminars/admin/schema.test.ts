import { describe, expect, it } from "vitest";
import { centsToDecimal } from "~/lib/format.ts";
import {
  bookingListSearch,
  parseBookingListQuery,
  parsePriceCents,
  parseSeminarListQuery,
  seminarFormSchema,
  seminarListSearch,
  toSeminarInput,
} from "./schema.ts";

describe("parsePriceCents", () => {
  it.each([
    ["1200", 120000],
    ["1200.00", 120000],
    ["19.99", 1999],
    ["0.1", 10],
    [".5", 50],
    ["7.", 700],
    ["12.500", 1250],
    ["0", 0],
    [" 1 200.50 ", 120050],
    ["abc", 0],
    ["R", 0],
    ["1000000", 100_000_000],
    // 0.29 * 100 is 28.999… as a float: the decimal text is read exactly.
    ["0.29", 29],
    ["1.15", 115],
  ])("%j → %i cents", (raw, cents) => {
    expect(parsePriceCents(raw)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "Price is required"],
    ["   ", "Price is required"],
    ["-1", "Price cannot be negative"],
    ["-0.5", "Price cannot be negative"],
    ["12.345", "Price can have at most 2 decimal places"],
    ["1,200", "Enter the price as a number, like 1200 or 1200.50"],
    ["1e3", "Enter the price as a number, like 1200 or 1200.50"],
    ["R1200", "Enter the price as a number, like 1200 or 1200.50"],
    ["1000000.01", "Price must be at most R1000000.00"],
    ["99999999999", "Price must be at most R1000000.00"],
    ["1,200.00", "Enter the price as a number, like 1200 or 1200.50"],
    ["9".repeat(20), "Price must be at most R1000000.00"],
    [`${"9".repeat(20)}.123`, "Price can have at most 2 decimal places"],
  ])("%j is refused: %s", (raw, message) => {
    expect(parsePriceCents(raw)).toEqual({ ok: false, message });
  });

  it("shows cents back in the field", () => {
    expect(centsToDecimal(120000)).toBe("1200.00");
    expect(centsToDecimal(1999)).toBe("19.99");
    expect(centsToDecimal(5)).toBe("0.05");
  });
});

describe("seminarFormSchema", () => {
  const valid = {
    title: " Durban Evening ",
    organizer_name: "Thula",
    city: "Durban",
    venue_name: "Hall",
    address: "1 Road",
    location: "Hall, Durban",
    seminar_date: "2030-05-01",
    seminar_time: "18:30",
    price: "1200",
    max_attendees: "30",
  };

  it("reads the form into the use case's input, active unless unticked", () => {
    const parsed = seminarFormSchema({ earliestDate: "2030-05-01" }).parse(valid);
    expect(toSeminarInput(parsed)).toEqual({
      title: "Durban Evening",
      organizerName: "Thula",
      description: "",
      city: "Durban",
      venueName: "Hall",
      address: "1 Road",
      location: "Hall, Durban",
      seminarDate: "2030-05-01",
      seminarTime: "18:30",
      priceCents: 120000,
      maxAttendees: 30,
      isActive: true,
    });
    expect(seminarFormSchema().parse({ ...valid, is_active: ["false", "true"] }).is_active).toBe(true);
    expect(seminarFormSchema().parse({ ...valid, is_active: "false" }).is_active).toBe(false);
  });

  it("refuses a date before the earliest, and impossible times", () => {
    const result = seminarFormSchema({ earliestDate: "2030-05-02" }).safeParse({ ...valid, seminar_time: "25:00" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ seminar_date: "The date cannot be in the past", seminar_time: "Enter a time like 18:00" });
  });
});

describe("list URLs", () => {
  it("shows active seminars unless the URL asks for all, the inactive or the cancelled ones", () => {
    expect(parseSeminarListQuery(new URLSearchParams(""))).toEqual({ q: "", show: "active", page: 1 });
    for (const show of ["all", "inactive", "cancelled"] as const) expect(parseSeminarListQuery(new URLSearchParams(`show=${show}`)).show).toBe(show);
    expect(parseSeminarListQuery(new URLSearchParams("show=deleted")).show).toBe("active");
    // Links from before the Show filter: the unticked 'Show active only' box meant all.
    expect(parseSeminarListQuery(new URLSearchParams("active=0")).show).toBe("all");
    expect(parseSeminarListQuery(new URLSearchParams("active=0&active=1")).show).toBe("active");
    expect(parseSeminarListQuery(new URLSearchParams("q=%20cape%20&page=3"))).toEqual({ q: "cape", show: "active", page: 3 });
    expect(parseSeminarListQuery(new URLSearchParams("page=abc")).page).toBe(1);
    expect(seminarListSearch({ q: "cape", show: "cancelled", page: 2 }, { attendees: "x", who: undefined })).toBe("?q=cape&show=cancelled&page=2&attendees=x");
    expect(seminarListSearch({ q: "", show: "active", page: 1 })).toBe("");
  });

  it("reads the bookings filters and writes them back, without the page's position (a cursor, read apart)", () => {
    const id = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    const query = parseBookingListQuery(new URLSearchParams(`q=thandi&seminar=${id.toUpperCase()}&state=refund_due&paid=no&page=2&after=abc`));
    expect(query).toEqual({ q: "thandi", seminarId: id, state: "refund_due", status: undefined, paid: "no" });
    expect(bookingListSearch(query, { format: "csv" })).toBe(`?q=thandi&seminar=${id}&state=refund_due&paid=no&format=csv`);
    // An older link's status filter still applies.
    expect(parseBookingListQuery(new URLSearchParams("status=refunded"))).toMatchObject({ status: "refunded", state: undefined });
    expect(parseBookingListQuery(new URLSearchParams("seminar=1&state=gone&status=gone&paid=1"))).toEqual({ q: "", seminarId: undefined, state: undefined, status: undefined, paid: undefined });
  });
});
