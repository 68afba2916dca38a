// A marketing page carries its stylesheet inline (docs/decisions/036). On a first visit over a
// slow connection the page then paints from its own bytes, without waiting for a second
// request, and before the fonts arrive (they swap in). The stylesheet link stays in the page,
// disabled (a disabled stylesheet link is not fetched), so React finds the element it rendered
// when it hydrates; the styles themselves come from the inline copy.

// The site's stylesheet as React Router's <Links> renders it (`#` included).
const STYLESHEET_LINK = /<link(?: nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[\w.-]+\.css)#?"\/>/;

/**
 * `html` with its stylesheet inline, read by `read` (its `/assets/…` address in, the file's text
 * out, or undefined when there is none). Unchanged when there is no such link or file.
 */
export function withInlineStylesheet(html: string, read: (href: string) => string | undefined): string {
  const link = STYLESHEET_LINK.exec(html);
  const css = link ? read(link[1]!) : undefined;
  if (!link || css === undefined || css.includes("</style")) return html;
  const disabled = link[0].replace(/\/>$/, ' disabled=""/>');
  // A function as the replacement: the stylesheet's text may contain `$&`-like sequences.
  return html.replace(link[0], () => `<style>${css}</style>${disabled}`);
}
