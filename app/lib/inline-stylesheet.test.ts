import { describe, expect, it } from "vitest";
import { withInlineStylesheet } from "./inline-stylesheet.ts";

const head = (link: string) => `<head><meta charSet="utf-8"/>${link}<noscript><style>.x{}</style></noscript></head>`;
const LINK = '<link nonce="n0" rel="stylesheet" href="/assets/site-Ab1.css#"/>';

describe("withInlineStylesheet", () => {
  it("puts the stylesheet's text in the page and keeps its link, disabled, where React rendered it", () => {
    const read = (href: string) => (href === "/assets/site-Ab1.css" ? "body{color:red}.a::before{content:'$&'}" : undefined);
    expect(withInlineStylesheet(head(LINK), read)).toBe(
      head(`<style>body{color:red}.a::before{content:'$&'}</style><link nonce="n0" rel="stylesheet" href="/assets/site-Ab1.css#" disabled=""/>`),
    );
  });

  it("leaves the page alone when the file cannot be read, would close the style element, or there is no such link", () => {
    expect(withInlineStylesheet(head(LINK), () => undefined)).toBe(head(LINK));
    expect(withInlineStylesheet(head(LINK), () => "a{}</style><script>alert(1)</script>")).toBe(head(LINK));
    const other = '<link rel="stylesheet" href="https://elsewhere.example/x.css"/>';
    expect(withInlineStylesheet(head(other), () => "a{}")).toBe(head(other));
  });
});
