import { describe, expect, it } from "vitest";
import { failureOf, resultFor, type AdminActionResult } from "../../lib/action-result.ts";
import { formatAdminDate, formatAdminDateTime, formatAdminTime } from "./dates.ts";
import { paginationItems as pageItems } from "~/lib/pagination.ts";
import { searchWith } from "./url-state.ts";

describe("searchWith", () => {
  it("replaces, repeats and removes parameters, keeping the rest", () => {
    expect(searchWith("?q=thandi&page=3&view=abc", { page: null, view: "def" })).toBe("?q=thandi&view=def");
    expect(searchWith("status=pending", { status: ["confirmed", "closed"] })).toBe("?status=confirmed&status=closed");
    expect(searchWith("?q=a", { q: null })).toBe("");
    expect(searchWith("", { q: "a b&c" })).toBe("?q=a+b%26c");
  });
});

describe("pageItems", () => {
  it("shows the first, the last and the pages around the current one, with gaps", () => {
    const compact = (page: number, count: number) => pageItems(page, count).map((item) => (item.kind === "gap" ? "…" : item.current ? `[${item.page}]` : String(item.page)));
    expect(compact(1, 1)).toEqual(["[1]"]);
    expect(compact(1, 3)).toEqual(["[1]", "2", "3"]);
    expect(compact(6, 12)).toEqual(["1", "…", "5", "[6]", "7", "…", "12"]);
    expect(compact(12, 12)).toEqual(["1", "…", "11", "[12]"]);
  });
});

describe("resultFor", () => {
  const ok: AdminActionResult = { ok: true, intent: "add-note", target: "a", message: "Note added." };
  const refused: AdminActionResult = { ok: false, intent: "create-user", message: "Failed to create user", fieldErrors: { email: ["x"] }, values: { email: "y" } };
  it("answers only the form (and record) it was posted from", () => {
    expect(resultFor(ok, "add-note")).toBe(ok);
    expect(resultFor(ok, ["delete-note", "add-note"], "a")).toBe(ok);
    expect(resultFor(ok, "add-note", "b")).toBeUndefined();
    expect(resultFor(ok, "change-status")).toBeUndefined();
    expect(resultFor(undefined, "add-note")).toBeUndefined();
    expect(failureOf(refused)).toEqual({ fieldErrors: { email: ["x"] }, values: { email: "y" }, message: "Failed to create user", stale: false });
    expect(failureOf({ ...refused, stale: true }).stale).toBe(true);
    expect(failureOf(ok)).toEqual({ fieldErrors: {}, values: {}, stale: false });
  });
});

describe("admin dates", () => {
  it("are en-GB in South African time, with a fallback", () => {
    expect(formatAdminDate(new Date("2026-02-28T22:30:00Z"))).toBe("1 Mar 2026");
    expect(formatAdminDateTime("2026-03-10T08:30:00.000Z")).toBe("10 Mar 2026, 10:30");
    expect(formatAdminTime("2026-03-10T22:05:00.000Z")).toBe("00:05");
    expect(formatAdminDateTime("not a date", "Invalid date format")).toBe("Invalid date format");
    expect(formatAdminDate(null)).toBe("—");
  });
});
