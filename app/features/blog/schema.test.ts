import { describe, expect, it } from "vitest";
import { blogPostInputSchema } from "./schema.ts";

const valid = { title: "Renting in London", intro: "How to rent before you have a UK payslip.", body: "## Hi\r\n\r\nText", tag: "", heroImage: "", heroImageAlt: "", seoTitle: "", seoDescription: "" };

function issues(input: Record<string, string>) {
  const result = blogPostInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("the admin post form", () => {
  it("accepts a valid post, defaulting the tag and normalising line ends and empty extras", () => {
    expect(blogPostInputSchema.parse(valid)).toEqual({
      title: "Renting in London",
      intro: "How to rent before you have a UK payslip.",
      body: "## Hi\n\nText",
      tag: "Uncategorized",
      heroImage: null,
      heroImageAlt: null,
      seoTitle: null,
      seoDescription: null,
    });
  });

  it("enforces the length limits with clear messages", () => {
    expect(issues({ ...valid, title: "ab" }).title).toMatch(/at least 3/);
    expect(issues({ ...valid, title: "a".repeat(201) }).title).toMatch(/at most 200/);
    expect(issues({ ...valid, intro: "too short" }).intro).toMatch(/at least 10/);
    expect(issues({ ...valid, intro: "a".repeat(501) }).intro).toMatch(/at most 500/);
    expect(issues({ ...valid, body: "a".repeat(100_001) }).body).toMatch(/at most 100,000/);
    expect(issues({ ...valid, tag: "t".repeat(41) }).tag).toMatch(/at most 40/);
    expect(issues({ ...valid, seoTitle: "s".repeat(71) }).seoTitle).toMatch(/at most 70/);
    expect(issues({ ...valid, seoDescription: "s".repeat(161) }).seoDescription).toMatch(/at most 160/);
    expect(issues({ ...valid, seoTitle: "s".repeat(70), seoDescription: "s".repeat(160) })).toEqual({});
  });

  it("requires alt text for a hero image, and only the site's own image addresses", () => {
    expect(issues({ ...valid, heroImage: "/uploads/blog/0b0f2b6a-3d1c-4f7e-9a51-2c8d4e6f8a10-1600.webp" }).heroImageAlt).toMatch(/alt text/);
    expect(issues({ ...valid, heroImage: "/uploads/blog/0b0f2b6a-3d1c-4f7e-9a51-2c8d4e6f8a10-1600.webp", heroImageAlt: "Keys" })).toEqual({});
    expect(issues({ ...valid, heroImage: "/media/blog/renting.svg", heroImageAlt: "Houses" })).toEqual({});
    for (const heroImage of ["https://evil.example/a.webp", "/uploads/blog/../secret.webp", "javascript:alert(1)", "/uploads/blog/a-800.webp"]) {
      expect(issues({ ...valid, heroImage, heroImageAlt: "x" }).heroImage).toBeDefined();
    }
  });
});
