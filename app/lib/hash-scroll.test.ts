import { describe, expect, it } from "vitest";
import {
  createPendingHashStore,
  HASH_SCROLL_DELAY_MS,
  idFromHash,
  isNewPage,
  parseHashId,
  planRouteScroll,
  splitHashHref,
  type ScrollLocation,
} from "./hash-scroll.ts";

const at = (pathname: string, hash = "", search = ""): ScrollLocation => ({ pathname, hash, search });

describe("parseHashId", () => {
  it("reads an id with or without the leading #", () => {
    expect(parseHashId("#how-it-works")).toBe("how-it-works");
    expect(parseHashId("services")).toBe("services");
    expect(parseHashId("#success_stories2")).toBe("success_stories2");
  });

  it("decodes percent-encoding", () => {
    expect(parseHashId("#how%2Dit%2Dworks")).toBe("how-it-works");
  });

  it("rejects empty, malformed and unsafe hashes", () => {
    expect(parseHashId("")).toBeNull();
    expect(parseHashId("#")).toBeNull();
    expect(parseHashId(null)).toBeNull();
    expect(parseHashId(undefined)).toBeNull();
    expect(parseHashId("#1st")).toBeNull();
    expect(parseHashId("#a b")).toBeNull();
    expect(parseHashId("#<script>")).toBeNull();
    expect(parseHashId("#x\"]")).toBeNull();
    expect(parseHashId("#%E0%A4%A")).toBeNull();
    expect(parseHashId(`#a${"b".repeat(100)}`)).toBeNull();
  });
});

describe("idFromHash", () => {
  const tabs = ["privacy", "terms", "how-it-works"] as const;

  it("reads one of the allowed ids, with or without the #, in any case and percent-encoded", () => {
    expect(idFromHash("#terms", tabs)).toBe("terms");
    expect(idFromHash("privacy", tabs)).toBe("privacy");
    expect(idFromHash("#Terms", tabs)).toBe("terms");
    expect(idFromHash("#how%2Dit%2Dworks", tabs)).toBe("how-it-works");
    expect(idFromHash("#terms%20", tabs)).toBe("terms");
  });

  it("is undefined for an empty hash, one that names no allowed id, or broken encoding", () => {
    expect(idFromHash("", tabs)).toBeUndefined();
    expect(idFromHash("#", tabs)).toBeUndefined();
    expect(idFromHash(null, tabs)).toBeUndefined();
    expect(idFromHash(undefined, tabs)).toBeUndefined();
    expect(idFromHash("#main", tabs)).toBeUndefined();
    expect(idFromHash("#term", tabs)).toBeUndefined();
    expect(idFromHash("#%", tabs)).toBeUndefined();
    expect(idFromHash("#terms", [])).toBeUndefined();
  });
});

describe("splitHashHref", () => {
  it("splits a link to another page", () => {
    expect(splitHashHref("/services#funding")).toEqual({ pathname: "/services", search: "", id: "funding" });
    expect(splitHashHref("/#how-it-works")).toEqual({ pathname: "/", search: "", id: "how-it-works" });
  });

  it("keeps a query string apart", () => {
    expect(splitHashHref("/blog?tag=jobs#list")).toEqual({ pathname: "/blog", search: "?tag=jobs", id: "list" });
  });

  it("treats a bare hash as this page", () => {
    expect(splitHashHref("#services")).toEqual({ pathname: null, search: "", id: "services" });
  });

  it("has no id for a plain link or an unsafe hash", () => {
    expect(splitHashHref("/about")).toEqual({ pathname: "/about", search: "", id: null });
    expect(splitHashHref("/about#<x>")).toEqual({ pathname: "/about", search: "", id: null });
  });
});

describe("the pending-hash store", () => {
  it("hands the stored hash out once", () => {
    const store = createPendingHashStore();
    store.set("#how-it-works");
    expect(store.peek()).toBe("how-it-works");
    expect(store.take()).toBe("how-it-works");
    expect(store.take()).toBeNull();
  });

  it("keeps only the latest hash", () => {
    const store = createPendingHashStore();
    store.set("services");
    store.set("faq");
    expect(store.take()).toBe("faq");
  });

  it("stores nothing for an unsafe hash", () => {
    const store = createPendingHashStore();
    store.set("services");
    store.set("#<img>");
    expect(store.take()).toBeNull();
  });

  it("keeps separate stores apart", () => {
    const one = createPendingHashStore();
    const two = createPendingHashStore();
    one.set("faq");
    expect(two.take()).toBeNull();
    expect(one.take()).toBe("faq");
  });
});

describe("planRouteScroll", () => {
  it("scrolls to the URL's hash 300 ms after the first render", () => {
    expect(HASH_SCROLL_DELAY_MS).toBe(300);
    expect(planRouteScroll({ previous: null, current: at("/", "#faq"), navigationType: "POP", pendingId: null })).toEqual({
      kind: "hash",
      id: "faq",
      delayMs: 300,
    });
  });

  it("leaves the first render without a hash where the browser put it", () => {
    expect(planRouteScroll({ previous: null, current: at("/"), navigationType: "POP", pendingId: null })).toEqual({ kind: "none" });
  });

  it("scrolls to the top on a new page without a hash (push and replace)", () => {
    for (const navigationType of ["PUSH", "REPLACE"] as const) {
      expect(planRouteScroll({ previous: at("/", "#faq"), current: at("/about"), navigationType, pendingId: null })).toEqual({
        kind: "top",
      });
    }
  });

  it("keeps the reader's place when only the query changes (filters, pages, dialogs)", () => {
    expect(planRouteScroll({ previous: at("/blog"), current: at("/blog", "", "?page=2"), navigationType: "PUSH", pendingId: null })).toEqual({
      kind: "none",
    });
  });


  it("scrolls to a pending hash on the new page after 300 ms", () => {
    expect(planRouteScroll({ previous: at("/about"), current: at("/"), navigationType: "PUSH", pendingId: "how-it-works" })).toEqual({
      kind: "hash",
      id: "how-it-works",
      delayMs: 300,
    });
  });

  it("prefers the pending hash to the URL's", () => {
    expect(planRouteScroll({ previous: at("/about"), current: at("/", "#faq"), navigationType: "PUSH", pendingId: "services" })).toEqual({
      kind: "hash",
      id: "services",
      delayMs: 300,
    });
  });

  it("scrolls at once to a hash on the same page", () => {
    expect(planRouteScroll({ previous: at("/"), current: at("/", "#process"), navigationType: "PUSH", pendingId: "process" })).toEqual({
      kind: "hash",
      id: "process",
      delayMs: 0,
    });
  });

  it("does not jump to the top when only the hash goes away on the same page", () => {
    expect(planRouteScroll({ previous: at("/", "#faq"), current: at("/"), navigationType: "PUSH", pendingId: null })).toEqual({ kind: "none" });
  });

  it("leaves back and forward to the browser", () => {
    expect(planRouteScroll({ previous: at("/about"), current: at("/"), navigationType: "POP", pendingId: null })).toEqual({ kind: "none" });
  });

  it("ignores an unsafe hash in the URL", () => {
    expect(planRouteScroll({ previous: at("/about"), current: at("/", "#<x>"), navigationType: "PUSH", pendingId: null })).toEqual({ kind: "top" });
  });
});

describe("isNewPage", () => {
  it("is true for the first render and for another path or query, false for a hash change", () => {
    expect(isNewPage(null, at("/"))).toBe(true);
    expect(isNewPage(at("/"), at("/about"))).toBe(true);
    expect(isNewPage(at("/blog"), at("/blog", "", "?tag=jobs"))).toBe(true);
    expect(isNewPage(at("/"), at("/", "#faq"))).toBe(false);
  });
});
