import { describe, expect, it } from "vitest";
import { pageWithin, paginationItems } from "./pagination.ts";

/** 1 … 4 [5] 6 … 10 as a compact string, for readable expectations. */
function render(current: number, count: number): string {
  return paginationItems(current, count)
    .map((item) => (item.kind === "gap" ? "…" : item.current ? `[${item.page}]` : String(item.page)))
    .join(" ");
}

describe("paginationItems", () => {
  it("shows a single page as current", () => {
    expect(render(1, 1)).toBe("[1]");
  });

  it("shows every page when there are few", () => {
    expect(render(1, 3)).toBe("[1] 2 3");
    expect(render(2, 4)).toBe("1 [2] 3 4");
    expect(render(3, 5)).toBe("1 2 [3] 4 5");
  });

  it("puts gaps around the current page's neighbours", () => {
    expect(render(5, 10)).toBe("1 … 4 [5] 6 … 10");
    expect(render(1, 10)).toBe("[1] 2 … 10");
    expect(render(10, 10)).toBe("1 … 9 [10]");
  });

  it("never hides a single page behind a gap", () => {
    expect(render(4, 10)).toBe("1 2 3 [4] 5 … 10");
    expect(render(7, 10)).toBe("1 … 6 [7] 8 9 10");
  });

  it("clamps a page outside the range", () => {
    expect(render(99, 3)).toBe("1 2 [3]");
    expect(render(0, 3)).toBe("[1] 2 3");
    expect(render(1, 0)).toBe("[1]");
  });
});

describe("pageWithin", () => {
  it("keeps a page in range, and shows the last page for one past the end", () => {
    expect(pageWithin(29, 1, 25)).toEqual({ page: 1, pageCount: 2, offset: 0 });
    expect(pageWithin(29, 2, 25)).toEqual({ page: 2, pageCount: 2, offset: 25 });
    expect(pageWithin(29, 100_000, 25)).toEqual({ page: 2, pageCount: 2, offset: 25 });
    expect(pageWithin(0, 7, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageWithin(10, 0, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
});
