// Marketing pages start their JavaScript at the visitor's first input (docs/decisions/036).
//
// A marketing page is read before anything on it is pressed, and it works without JavaScript
// (every link is a link, every form a form). So a page whose route opts in is sent with React
// Router's module script made inert (a data block, which the browser neither fetches from nor
// runs), and the starter below runs it at the first sign of a person: a touch, a pointer move,
// a key, a wheel or a scroll, or focus arriving. A visitor who only reads downloads no
// JavaScript at all. A button pressed before the app was there (one with no action of its own,
// `type="button"`) is pressed again once the app has hydrated, so that press is not lost.

/** The inert module script's type: an unknown type makes a data block. */
export const INERT_APP_SCRIPT_TYPE = "text/x-app-start";

/** A route's `handle` says its page starts on the first input (combine with other handle fields). */
export const startOnInputHandle = { startOnInput: true } as const;

export function isStartOnInputHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { startOnInput?: unknown }).startOnInput === true;
}

/** Sent by app/entry.client.tsx as React takes over the document: from then on React replays a press it could not yet handle. */
export const HYDRATING_EVENT = "app:hydrating";

// React Router's module script as React renders it: `<script nonce="…" type="module" async="">`.
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;

/**
 * The page with its React Router module script made inert (a data block may carry neither
 * `async` nor `type="module"`). Unchanged when there is no such script: the page then starts
 * as any other.
 */
export function startingOnInput(html: string): string {
  return html.replace(MODULE_SCRIPT, `<script$1 type="${INERT_APP_SCRIPT_TYPE}">`);
}

/**
 * The starter, inline after React Router's scripts on every page. Where there is no inert
 * script (any page that did not opt in) it does nothing.
 */
export const APP_STARTER_SCRIPT = `(() => {
  const inert = document.querySelector('script[type="${INERT_APP_SCRIPT_TYPE}"]');
  if (!inert) return;
  const root = document.documentElement;
  const inputs = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin"];
  let pressed = null;
  let hydrating = false;
  const start = () => {
    for (const type of inputs) removeEventListener(type, start, true);
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    document.body.append(script);
  };
  addEventListener("${HYDRATING_EVENT}", () => (hydrating = true), { once: true });
  addEventListener("click", (event) => {
    const button = !hydrating && event.target instanceof Element ? event.target.closest("button") : null;
    if (button && button.type === "button") pressed = button;
  }, true);
  new MutationObserver((_, observer) => {
    if (root.dataset.hydrated !== "true") return;
    observer.disconnect();
    if (pressed && pressed.isConnected && !pressed.disabled) pressed.click();
    pressed = null;
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
  if (location.hash) start();
  else for (const type of inputs) addEventListener(type, start, { capture: true, passive: true });
})();`;
