import type { Page } from "playwright-core";
import { expect } from "vitest";
import { waitForIdle } from "../../e2e/support/browser.ts";

// Script-injection payloads, and the check that a page shows them as text and runs none of
// them. The Content-Security-Policy would stop most of these even if a page let one through,
// so the check does not rely on window.__xss alone: an injected element or event-handler
// attribute, or a policy violation the browser reports, fails it as well.

export const xssPayloads = [
  "<script>window.__xss=1</script>",
  '"><img src=x onerror="window.__xss=1">',
  "<svg onload=window.__xss=1>",
  "javascript:window.__xss=1",
  "{{constructor.constructor('window.__xss=1')()}}",
  "</textarea><script>window.__xss=1</script>",
  "'><iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe>",
] as const;

export type ScriptWatch = { page: Page; reports: string[] };

/** Records dialogs (and dismisses them), page errors and policy violations on the page from now on. */
export function watchScripts(page: Page): ScriptWatch {
  const reports: string[] = [];
  page.on("dialog", (dialog) => {
    reports.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) reports.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => reports.push(`pageerror: ${error.message}`));
  return { page, reports };
}

/** Whatever on the page could run an injected payload: flags, handler attributes, script URLs, foreign scripts and frames. */
function findInjected(): string[] {
  const found: string[] = [];
  if ((window as unknown as { __xss?: unknown }).__xss !== undefined) found.push("window.__xss is set");
  for (const element of Array.from(document.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes)) {
      if (/^on/i.test(attribute.name)) found.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      if (/^(href|src|action|formaction|xlink:href|srcdoc|data)$/i.test(attribute.name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)) {
        found.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      }
    }
  }
  for (const script of Array.from(document.querySelectorAll("script"))) {
    // Only the server's scripts carry the response's nonce; a JSON-LD block is data, never run.
    if (script.type !== "application/ld+json" && !script.nonce) found.push(`a <script> without the nonce: ${script.outerHTML.slice(0, 120)}`);
  }
  for (const frame of Array.from(document.querySelectorAll("iframe"))) {
    if (frame.getAttribute("sandbox") !== "") found.push(`an <iframe> that is not fully sandboxed: ${frame.outerHTML.slice(0, 120)}`);
  }
  for (const image of Array.from(document.querySelectorAll("img"))) {
    if (image.getAttribute("src") === "x") found.push("an injected <img src=x>");
  }
  return found;
}

/** The page runs nothing injected, and (when given) shows each of `shown` as text. */
export async function expectInert(watch: ScriptWatch, where: string, shown: readonly string[] = []) {
  const { page } = watch;
  // A payload's handler runs when its element loads or fails to (an <img src=x>, a frame), or at an idle moment.
  // The page's own lazy images below the fold never complete, and no payload asks for loading=lazy.
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.loading === "lazy" || image.complete) &&
    [...document.querySelectorAll("iframe")].every((frame) => frame.contentDocument?.readyState !== "loading"),
  );
  await waitForIdle(page);
  const injected = await page.evaluate(findInjected);
  expect([...injected, ...watch.reports], `${where}: something injected could run`).toEqual([]);
  if (shown.length === 0) return;
  const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
  for (const value of shown) expect(text, `${where}: ${value} is shown as text`).toContain(value.replace(/\s+/g, " "));
}
