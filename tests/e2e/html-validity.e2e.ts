import { HtmlValidate, type ConfigData, type Message } from "html-validate";
import { describe, expect, inject, it } from "vitest";

// Every public page's HTML, as the server sends it, is valid (html-validate's recommended
// preset). Pages come from app/routes.ts; a seminar's booking page and a post are found
// from /events and /blog (the demo data is seeded fresh for each run).

const config: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // React writes void elements self-closed (<meta />, <br />): valid HTML, only a style choice.
    "void-style": "off",
    // React writes the charset meta as charSet: HTML attribute names are case-insensitive, so it is valid.
    "attr-case": "off",
    // Framer-free animations set their delays through React style props (and Radix sets its own): not a validity matter.
    "no-inline-style": "off",
    // The carousels follow the APG carousel pattern (role="region" with aria-roledescription), which asks for a div.
    "prefer-native-element": "off",
    // Title length is a search-engine preference, not HTML validity.
    "long-title": "off",
    // React writes boolean attributes as hidden="" (and inert=""): valid HTML, only a style choice.
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's useId ids (_R_1a_) begin with an underscore: valid HTML ids, only the rule's stricter naming.
    "valid-id": ["error", { relaxed: true }],
    // Checkboxes that share a name are one multi-choice field (the events list's cities, the blog's
    // tags): the form sends each ticked value, as HTML intends. Other controls may not share one.
    "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
  },
};

const validator = new HtmlValidate(config);
const baseURL = () => inject("baseURL");

async function page(path: string, status = 200): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`);
  expect(response.status, path).toBe(status);
  return response.text();
}

function firstMatch(html: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(html)?.[0];
  if (!found) throw new Error(`No ${what} found`);
  return found;
}

function readable(messages: Message[]): string[] {
  return messages.map((message) => `${message.ruleId} (${message.line}:${message.column}): ${message.message} [${message.selector ?? ""}]`);
}

describe("the public pages' HTML", () => {
  const fixed = ["/", "/about", "/services", "/packages", "/legal", "/events", "/consultations", "/consultations/book", "/consultations/book-free", "/blog", "/business-card"];

  it.each(fixed)("%s is valid HTML", async (path) => {
    const report = await validator.validateString(await page(path), path);
    expect(readable(report.results.flatMap((result) => result.messages))).toEqual([]);
  });

  it("a seminar's booking page, a post and the 404 page are valid HTML", async () => {
    const booking = firstMatch(await page("/events"), /\/events\/book\/[0-9a-f-]{36}/, "seminar booking link");
    const post = firstMatch(await page("/blog"), /\/blog\/[0-9a-f-]{36}\/[a-z0-9-]+/, "blog post link");
    for (const [path, status] of [[booking, 200], [post, 200], ["/no-such-page", 404]] as const) {
      const report = await validator.validateString(await page(path, status), path);
      expect(readable(report.results.flatMap((result) => result.messages)), path).toEqual([]);
    }
  });

  it("offers the blog feed for autodiscovery on the home page, /blog and every post", async () => {
    const post = firstMatch(await page("/blog"), /\/blog\/[0-9a-f-]{36}\/[a-z0-9-]+/, "blog post link");
    for (const path of ["/", "/blog", post]) {
      expect(await page(path), path).toMatch(/<link\b[^>]*\brel="alternate"[^>]*\btype="application\/rss\+xml"[^>]*\bhref="\/blog\/rss\.xml"/);
    }
  });

  it("finds a <style> inside a <noscript> in the body", async () => {
    const report = await validator.validateString("<!doctype html><html lang=en><head><title>t</title></head><body><noscript><style>p{}</style></noscript></body></html>", "sample");
    expect(report.valid).toBe(false);
  });
});
