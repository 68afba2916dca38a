import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail, type EmailContent } from "./layout.ts";

const content: EmailContent = {
  preheader: "Your seat is confirmed",
  heading: "You're booked, <script>alert(1)</script>!",
  paragraphs: ["Hi Thandi & family,", 'We said "see you soon".'],
  details: [["Name", "<img src=x onerror=alert(1)>"]],
  sections: [{ heading: "What to bring", items: ["A <b>pen</b>"] }],
  cta: { label: "See all upcoming seminars", url: "https://thula.example/events?from=a&to=b" },
  footerNote: "You booked a seat <here>.",
};

describe("renderEmail", () => {
  const { html, text } = renderEmail(content);

  it("escapes every interpolated value in the HTML", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("You&#39;re booked, &lt;script&gt;alert(1)&lt;/script&gt;!");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Hi Thandi &amp; family,");
    expect(html).toContain("We said &quot;see you soon&quot;.");
    expect(html).toContain("A &lt;b&gt;pen&lt;/b&gt;");
    expect(html).toContain('href="https://thula.example/events?from=a&amp;to=b"');
    expect(html).toContain("You booked a seat &lt;here&gt;.");
  });

  it("is a 600px table layout with the navy header, the gold button and the brand", () => {
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("max-width:600px");
    expect(html).toContain("background-color:#0f2140");
    expect(html).toContain("background-color:#f2b01e");
    expect(html).toContain("Arial, Helvetica, sans-serif");
    expect(html).toContain(">Thula Relocations</td>");
    expect(html).toContain('<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">Your seat is confirmed</div>');
  });

  it("has the brand e-mail and both offices' phones in the footer", () => {
    for (const body of [html, text]) {
      expect(body).toContain("hello@thularelocations.co.uk");
      expect(body).toContain("+44 20 7946 0321");
      expect(body).toContain("+27 31 555 0142");
    }
  });

  it("has a plain-text twin with the same content, unescaped", () => {
    expect(text).toContain("You're booked, <script>alert(1)</script>!");
    expect(text).toContain("Hi Thandi & family,");
    expect(text).toContain("Name: <img src=x onerror=alert(1)>");
    expect(text).toContain("What to bring\n- A <b>pen</b>");
    expect(text).toContain("See all upcoming seminars: https://thula.example/events?from=a&to=b");
    expect(text).toContain("Warm regards,\nThe Thula Relocations team");
    expect(text).not.toMatch(/<(p|td|table|a)\b/);
  });

  it("leaves out what is not given", () => {
    const plain = renderEmail({ preheader: "p", heading: "Hello", paragraphs: ["One."] });
    expect(plain.html).not.toContain("border-top:3px solid");
    expect(plain.html).not.toContain("<a href=\"http");
    expect(plain.text).toBe(
      "THULA RELOCATIONS\n\nHello\n\nOne.\n\nWarm regards,\nThe Thula Relocations team\n\n--\nThula Relocations · hello@thularelocations.co.uk · UK office: +44 20 7946 0321 · South African office: +27 31 555 0142\n",
    );
  });

  it("refuses a button that is not a web link", () => {
    expect(() => renderEmail({ ...content, cta: { label: "Go", url: "javascript:alert(1)" } })).toThrow(/non-web link/);
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
