import { describe, expect, it } from "vitest";
import { renderMarkdown, sanitizePostHtml } from "./render.server.ts";

describe("renderMarkdown", () => {
  it("renders headings, emphasis, lists, links and tables", () => {
    const html = renderMarkdown("## Budget\n\nA **deposit** and *rent*.\n\n- one\n- two\n\n[GOV.UK](https://www.gov.uk)\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain("<h2>Budget</h2>");
    expect(html).toContain("<strong>deposit</strong>");
    expect(html).toContain("<em>rent</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="https://www.gov.uk" rel="noopener noreferrer">GOV.UK</a>');
    expect(html).toContain("<td>1</td>");
  });

  it("turns an h1 into an h2: the page title is the one h1", () => {
    expect(renderMarkdown("# Big")).toBe("<h2>Big</h2>");
  });

  it("drops script and style with their content, iframes, forms and event handlers", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><style>body{display:none}</style><iframe src="https://x.example"></iframe><form action="/x"><button>Go</button></form>\n\n<p onclick="alert(1)" style="color:red">Text</p>',
    );
    expect(html).toBe("<p>Text</p>");
  });
});

describe("sanitizePostHtml", () => {
  it("removes javascript:, data: and vbscript: links but keeps the text", () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a><a href="vbscript:x">d</a>')).toBe(
      "<a>a</a><a>b</a><a>c</a><a>d</a>",
    );
  });

  it("keeps site, mailto and tel links without rel, and marks absolute links noopener noreferrer", () => {
    expect(sanitizePostHtml('<a href="/events" rel="opener">e</a>')).toBe('<a href="/events">e</a>');
    expect(sanitizePostHtml('<a href="mailto:hello@thularelocations.co.uk">m</a>')).toBe('<a href="mailto:hello@thularelocations.co.uk">m</a>');
    expect(sanitizePostHtml('<a href="http://example.org" target="_blank">x</a>')).toBe('<a href="http://example.org" rel="noopener noreferrer">x</a>');
  });

  it("keeps images from the site's own paths or https only", () => {
    expect(sanitizePostHtml('<img src="/uploads/blog/a-1600.webp" alt="A">')).toBe('<img src="/uploads/blog/a-1600.webp" alt="A" loading="lazy" decoding="async" />');
    expect(sanitizePostHtml('<img src="https://images.ctfassets.net/a.jpg">')).toContain('src="https://images.ctfassets.net/a.jpg" alt=""');
    for (const src of ["http://insecure.example/a.png", "//evil.example/a.png", "/\\evil.example/a.png", "data:image/png;base64,AAAA", "javascript:alert(1)", "relative.png", ""]) {
      expect(sanitizePostHtml(`<p>x<img src="${src}" onerror="alert(1)"></p>`)).toBe("<p>x</p>");
    }
  });

  it("never lets an attribute out of its quotes", () => {
    const html = sanitizePostHtml('<a href="https://example.org/&quot; onmouseover=&quot;alert(1)">q</a>');
    expect(html).toBe('<a href="https://example.org/&quot; onmouseover=&quot;alert(1)" rel="noopener noreferrer">q</a>');
  });
});
