import { createHash } from "node:crypto";
import { INERT_APP_SCRIPT_TYPE } from "./app-start.ts";

// What the server does for a page that starts at the first input (app-start.ts, docs/decisions/040):
// it takes React Router's scripts out of the page and names their version.

/**
 * What a page needs to start, kept out of its HTML: React Router's classic scripts (the
 * router's context, then its data), in order, and its module script.
 */
export type AppStart = { version: string; scripts: string[]; module: string };

/**
 * A short name for a start's content. The page carries the version it was rendered with; a
 * start of another version means the page changed after it was sent. Only the server makes
 * versions; the starter compares them.
 */
export function startVersion(scripts: readonly string[], module: string): string {
  const hash = createHash("sha256");
  for (const script of scripts) hash.update(script).update("\u0000");
  return hash.update(module).digest("base64url").slice(0, 16);
}

// React Router's module script as React renders it: `<script nonce="…" type="module" async="">`.
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;
// Its classic scripts: the context (`window.__reactRouterContext = …`), each piece of loader
// data (`….streamController.enqueue(…)`) and the end of the data (`….close()`).
const ROUTER_SCRIPT = /<script((?: nonce="[^"]*")?)>(window\.__reactRouterContext[\s\S]*?)<\/script>/g;
const CONTEXT_SCRIPT_START = "window.__reactRouterContext = ";

/**
 * The page with React Router's scripts taken out, and what they held. The two script elements
 * React hydrates (the context and the module script) stay, empty, the module script as an
 * inert data block (which may carry neither `async` nor `type="module"`); the data scripts,
 * which only the server renders, go. Undefined when the page has no module script: it then
 * starts as any other page.
 */
export function startingOnInput(html: string): { html: string; start: AppStart } | undefined {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return undefined;
  const scripts: string[] = [];
  const withoutScripts = html.replace(ROUTER_SCRIPT, (_, nonce: string, text: string) => {
    scripts.push(text);
    return text.startsWith(CONTEXT_SCRIPT_START) ? `<script${nonce}></script>` : "";
  });
  const version = startVersion(scripts, module[2]!);
  const page = withoutScripts.replace(MODULE_SCRIPT, `<script$1 type="${INERT_APP_SCRIPT_TYPE}" data-start="${version}"></script>`);
  return { html: page, start: { version, scripts, module: module[2]! } };
}

