import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { KeysetPagination, Pagination } from "./pagination.tsx";

/** The pagination as the server renders it, linking to "/list?page=N". */
function render(page: number, pageCount: number, size?: "md" | "lg") {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Pagination page={page} pageCount={pageCount} href={(target) => `/list?page=${target}`} size={size} /> }]);
  return renderToString(<Stub />);
}

const links = (html: string) => [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]);

describe("Pagination", () => {
  it("renders nothing when everything fits on one page", () => {
    expect(render(1, 1)).toBe("");
    expect(render(1, 0)).toBe("");
  });

  it("links Previous, each page and Next through href, marking the current page", () => {
    const html = render(6, 12);
    expect(html).toContain('aria-label="Pagination"');
    const anchors = links(html);
    expect(anchors.find((tag) => tag.includes('rel="prev"'))).toContain('href="/list?page=5"');
    expect(anchors.find((tag) => tag.includes('rel="next"'))).toContain('href="/list?page=7"');
    expect(anchors.filter((tag) => tag.includes('aria-label="Page')).map((tag) => tag.match(/aria-label="Page (\d+)"/)?.[1])).toEqual(["1", "5", "6", "7", "12"]);
    expect(anchors.filter((tag) => tag.includes('aria-current="page"'))).toHaveLength(1);
    expect(anchors.find((tag) => tag.includes('aria-current="page"'))).toContain('aria-label="Page 6"');
    expect(html.match(/<li aria-hidden="true"[^>]*>…<\/li>/g)).toHaveLength(2);
  });

  it("shows Previous on the first page and Next on the last as disabled text, not links", () => {
    const first = render(1, 3);
    expect(first).toMatch(/<span aria-disabled="true"[^>]*>.*Previous<\/span>/);
    expect(links(first).some((tag) => tag.includes('rel="prev"'))).toBe(false);
    const last = render(3, 3);
    expect(last).toMatch(/<span aria-disabled="true"[^>]*>Next.*<\/span>/);
    expect(links(last).some((tag) => tag.includes('rel="next"'))).toBe(false);
  });

  it("has compact cells for the admin tables and 44px round ones for the public pages", () => {
    expect(render(2, 3)).toContain("h-9 min-w-9 rounded-lg");
    expect(render(2, 3, "lg")).toContain("h-11 min-w-11 rounded-full");
  });
});

/** The cursor pager as the server renders it. */
function renderKeyset(hrefs: Parameters<typeof KeysetPagination>[0]["hrefs"]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <KeysetPagination hrefs={hrefs} noun="bookings" /> }]);
  return renderToString(<Stub />);
}

describe("KeysetPagination", () => {
  it("renders nothing when the list has no newer and no older page", () => {
    expect(renderKeyset({ first: null, newer: null, older: null, last: null })).toBe("");
  });

  it("links Newer as the previous page and Older as the next, with First and Last named for screen readers", () => {
    const html = renderKeyset({ first: "/list", newer: "/list?before=b", older: "/list?after=a", last: "/list?last=1" });
    expect(html).toContain('aria-label="Pagination"');
    const anchors = links(html);
    expect(anchors.find((tag) => tag.includes('rel="prev"'))).toContain('href="/list?before=b"');
    expect(anchors.find((tag) => tag.includes('rel="next"'))).toContain('href="/list?after=a"');
    expect(anchors).toHaveLength(4);
    expect(html).toMatch(/First<span class="sr-only"> page \(newest bookings\)<\/span>/);
    expect(html).toMatch(/Last<span class="sr-only"> page \(oldest bookings\)<\/span>/);
  });

  it("shows First and Newer on the newest page as disabled text, not links", () => {
    const html = renderKeyset({ first: null, newer: null, older: "/list?after=a", last: "/list?last=1" });
    expect(links(html)).toHaveLength(2);
    expect(links(html).some((tag) => tag.includes('rel="prev"'))).toBe(false);
    expect(html.match(/<span aria-disabled="true"/g)).toHaveLength(2);
  });
});
