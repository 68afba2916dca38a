import { describe, expect, it } from "vitest";
import { packages } from "~/content/packages.ts";
import { formatPounds } from "~/lib/format.ts";
import { packageBookingHref } from "./rules.ts";

describe("the relocation packages", () => {
  it("are Essentials £2,499, Prepared £3,999 and Premium £5,999", () => {
    expect(packages.map((item) => [item.name, formatPounds(item.pricePounds)])).toEqual([
      ["Essentials", "£2,499"],
      ["Prepared", "£3,999"],
      ["Premium", "£5,999"],
    ]);
  });

  it("highlight only Prepared", () => {
    expect(packages.filter((item) => item.highlight).map((item) => item.id)).toEqual(["prepared"]);
  });
});

describe("packageBookingHref", () => {
  it("books a consultation about the chosen package", () => {
    expect(packageBookingHref("prepared")).toBe("/consultations/book?package=prepared");
    expect(packageBookingHref("premium")).toBe("/consultations/book?package=premium");
  });
});
