import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Post bodies become HTML here, and only here (docs/decisions/006: no script from content ever
// runs). Markdown (the store) and rich text (Contentful) both end in sanitizePostHtml.

const markdown = new Marked({ gfm: true, breaks: false });

/** An image source the site accepts: its own absolute path, or an https address. */
function isAllowedImageSource(src: string): boolean {
  const value = src.trim();
  // "//host" and "/\host" both leave the site in a browser.
  if (value.startsWith("/")) return value.length > 1 && value[1] !== "/" && value[1] !== "\\";
  return /^https:\/\/[^\s/\\]+/i.test(value);
}

function isExternalLink(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "ul", "ol", "li",
    "strong", "b", "em", "i", "u", "del", "s", "sup", "sub", "code", "pre", "a", "img",
    "figure", "figcaption", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    ol: ["start"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // These are dropped with everything inside them, not unwrapped to their text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math", "title", "head", "select", "button", "form"],
  transformTags: {
    // The page's title is its one h1.
    h1: "h2",
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      return { tagName, attribs: rest.href && isExternalLink(rest.href) ? { ...rest, rel: "noopener noreferrer" } : rest };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const safe: sanitizeHtml.Attributes = src && isAllowedImageSource(src) ? { src: src.trim() } : {};
      return { tagName, attribs: { ...safe, ...rest, alt: rest.alt ?? "", loading: "lazy", decoding: "async" } };
    },
  },
  // An image left without a source after the checks above is removed.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Any HTML from content → HTML that cannot run script, style the page or load from elsewhere than the site or https. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions).trim();
}

/** A Markdown body (the built-in store) → sanitised HTML. */
export function renderMarkdown(body: string): string {
  const html = markdown.parse(body, { async: false });
  return sanitizePostHtml(html);
}
