import { describe, expect, it } from "vitest";
import { consentFromForm, withinAvailable } from "./consent.ts";
import { consentFormSchema, safeReturnTo } from "./schema.ts";

describe("the consent form", () => {
  it("turns each button into a choice; the boxes count only for Save", () => {
    const parse = (raw: Record<string, string>) => consentFromForm(consentFormSchema.parse(raw));
    expect(parse({ choice: "all" })).toEqual({ analytics: true, marketing: true });
    expect(parse({ choice: "none", analytics: "on", marketing: "on" })).toEqual({ analytics: false, marketing: false });
    expect(parse({ choice: "custom", analytics: "on" })).toEqual({ analytics: true, marketing: false });
    expect(parse({ choice: "custom" })).toEqual({ analytics: false, marketing: false });
    expect(parse({ choice: "choose" })).toBeNull();
  });

  it("refuses anything else", () => {
    for (const raw of [{}, { choice: "yes" }, { choice: "custom", analytics: "true" }, { choice: "all", returnTo: "/".repeat(2001) }]) {
      expect(consentFormSchema.safeParse(raw).success, JSON.stringify(raw).slice(0, 60)).toBe(false);
    }
  });

  it("never allows a purpose the site has no tracker for", () => {
    expect(withinAvailable({ analytics: true, marketing: true }, { analytics: true, marketing: false })).toEqual({ analytics: true, marketing: false });
  });
});

describe("safeReturnTo", () => {
  it("keeps a path of this site, with its query and hash", () => {
    expect(safeReturnTo("/events?page=2#upcoming-events")).toBe("/events?page=2#upcoming-events");
    expect(safeReturnTo("/legal#cookies")).toBe("/legal#cookies");
    expect(safeReturnTo("/")).toBe("/");
  });

  it("sends anything that could leave the site, or is not a path, to the home page", () => {
    for (const value of [
      undefined,
      "",
      "events",
      "//evil.example/",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x=1",
      "/\r\nLocation: https://evil.example",
      "/\tevil",
    ]) {
      const result = safeReturnTo(value);
      expect(result === "/" || result.startsWith("/%0d"), String(value)).toBe(true);
      expect(new URL(result, "https://thula.example").origin).toBe("https://thula.example");
    }
  });
});
