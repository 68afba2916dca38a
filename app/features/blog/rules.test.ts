import { describe, expect, it } from "vitest";
import {
  blogFiltersToSearch,
  blogPostPath,
  cardImage,
  heroImageSrcSet,
  isDisplayable,
  isPostId,
  matchesBlogFilters,
  metaDescription,
  parseBlogFilters,
  postDay,
  slugify,
  toggleTag,
} from "./rules.ts";

describe("blog filters in the address", () => {
  it("reads search text and repeated tags, trimmed, without duplicates", () => {
    expect(parseBlogFilters(new URLSearchParams("q=%20%20UK%20%20visa%20&tag=Employment&tag=%20Employment%20&tag=&tag=Visas+%26+Legal"))).toEqual({
      q: "UK visa",
      tags: ["Employment", "Visas & Legal"],
    });
  });

  it("caps the search text and the tags", () => {
    const filters = parseBlogFilters(new URLSearchParams({ q: "x".repeat(500), tag: "t".repeat(100) }));
    expect(filters.q).toHaveLength(100);
    expect(filters.tags[0]).toHaveLength(40);
  });

  it("writes filters back to a query string, and nothing when there are none", () => {
    expect(blogFiltersToSearch({ q: "renting", tags: ["Accommodation", "Visas & Legal"] })).toBe("?q=renting&tag=Accommodation&tag=Visas+%26+Legal");
    expect(blogFiltersToSearch({ q: "", tags: [] })).toBe("");
  });

  it("toggles a tag on and off", () => {
    const on = toggleTag({ q: "", tags: ["A"] }, "B");
    expect(on.tags).toEqual(["A", "B"]);
    expect(toggleTag(on, "A").tags).toEqual(["B"]);
  });
});

describe("matchesBlogFilters (docs/product.md §2.7)", () => {
  const post = { title: "Renting in London", intro: "Without a UK credit history", tag: "Accommodation" };

  it("matches the text in the title or the intro, ignoring case", () => {
    expect(matchesBlogFilters(post, { q: "LONDON" })).toBe(true);
    expect(matchesBlogFilters(post, { q: "credit" })).toBe(true);
    expect(matchesBlogFilters(post, { q: "visa" })).toBe(false);
  });

  it("matches any selected tag, or every post when none is selected", () => {
    expect(matchesBlogFilters(post, { tags: [] })).toBe(true);
    expect(matchesBlogFilters(post, { tags: ["Employment", "Accommodation"] })).toBe(true);
    expect(matchesBlogFilters(post, { tags: ["Employment"] })).toBe(false);
  });

  it("needs both the text and the tag (AND)", () => {
    expect(matchesBlogFilters(post, { q: "london", tags: ["Employment"] })).toBe(false);
    expect(matchesBlogFilters(post, { q: "london", tags: ["Accommodation"] })).toBe(true);
  });
});

describe("post addresses", () => {
  it("makes readable slugs", () => {
    expect(slugify("Renting in London: a guide for Joburgers & Durbanites")).toBe("renting-in-london-a-guide-for-joburgers-and-durbanites");
    expect(slugify("Café résumé")).toBe("cafe-resume");
    expect(slugify("!!!")).toBe("post");
    expect(slugify("a".repeat(200))).toHaveLength(80);
  });

  it("puts the id first and the slug after it", () => {
    expect(blogPostPath({ id: "5AnCestry", slug: "ancestry-visa" })).toBe("/blog/5AnCestry/ancestry-visa");
    expect(blogPostPath({ id: "5AnCestry" })).toBe("/blog/5AnCestry");
  });

  it("accepts store and Contentful ids only", () => {
    expect(isPostId("0b0f2b6a-3d1c-4f7e-9a51-2c8d4e6f8a10")).toBe(true);
    expect(isPostId("5AnCestryV1saPrep4r3Zx")).toBe(true);
    expect(isPostId("../etc")).toBe(false);
    expect(isPostId("")).toBe(false);
  });
});

describe("post display helpers", () => {
  it("needs a title and an intro", () => {
    expect(isDisplayable({ title: "T", intro: "I" })).toBe(true);
    expect(isDisplayable({ title: "T", intro: "  " })).toBe(false);
    expect(isDisplayable({ title: null, intro: "I" })).toBe(false);
  });

  it("uses the 800 px variant of an uploaded hero on cards, and both in the srcset", () => {
    expect(cardImage("/uploads/blog/ab-12-1600.webp")).toBe("/uploads/blog/ab-12-800.webp");
    expect(cardImage("/media/blog/renting.svg")).toBe("/media/blog/renting.svg");
    expect(heroImageSrcSet("/uploads/blog/ab-12-1600.webp")).toBe("/uploads/blog/ab-12-800.webp 800w, /uploads/blog/ab-12-1600.webp 1600w");
    expect(heroImageSrcSet("/media/blog/renting.svg")).toBeUndefined();
  });

  it("dates a post by its UK calendar day", () => {
    expect(postDay("2026-03-05T23:30:00.000Z")).toBe("2026-03-05");
    expect(postDay("2026-06-30T23:30:00.000Z")).toBe("2026-07-01");
  });

  it("describes a post by its SEO text or its intro, cut at a word", () => {
    expect(metaDescription({ intro: "Short intro.", seoDescription: null })).toBe("Short intro.");
    expect(metaDescription({ intro: "Ignored", seoDescription: "SEO text" })).toBe("SEO text");
    const long = metaDescription({ intro: `${"word ".repeat(60)}end`, seoDescription: null });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("word…")).toBe(true);
  });
});
