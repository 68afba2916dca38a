// Marketing pages start their JavaScript at the visitor's first input (docs/decisions/036).
//
// A marketing page is read before anything on it is pressed, and it works without JavaScript
// (every link is a link, every form a form). So a page whose route opts in is sent with React
// Router's module script made inert (a data block, which the browser neither fetches from nor
// runs), and the starter below runs it at the first sign of a person: a touch, a pointer move,
// a key, a wheel or a scroll, or focus arriving. A visitor who only reads downloads no
// JavaScript at all. What the scripts need (the router's context and data, the module script)
// is not in the HTML either: the starter asks the page's own address for it with the
// `X-App-Start` header (docs/decisions/040), which keeps the HTML within TCP's first flight.
// A button pressed before the app was there (one with no action of its own,
// `type="button"`) is pressed again once the app has hydrated, so that press is not lost.

/** The inert module script's type: an unknown type makes a data block. */
export const INERT_APP_SCRIPT_TYPE = "text/x-app-start";

/** A route's `handle` says its page starts on the first input (combine with other handle fields). */
export const startOnInputHandle = { startOnInput: true } as const;

export function isStartOnInputHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { startOnInput?: unknown }).startOnInput === true;
}

/** How long the starter waits for a page's start; an unanswered ask is tried again at a later input. */
export const START_TIMEOUT_MS = 20_000;

/** The request header the starter sends to ask for a page's start, not its HTML. */
export const APP_START_HEADER = "X-App-Start";

/** The page's inert module script, where the starter and the app leave word for each other. */
function inertScript(document: Document): (HTMLScriptElement & { pressed?: HTMLButtonElement }) | null {
  return document.querySelector(`script[type="${INERT_APP_SCRIPT_TYPE}"]`);
}

/** Called by app/entry.client.tsx as React takes over: from then on React replays a press itself, and the starter keeps none. */
export function markHydrating(document: Document): void {
  const inert = inertScript(document);
  if (inert) inert.dataset.hydrating = "true";
}

/** Once hydrated: presses again the button a visitor pressed before the app was there, now that it acts. */
export function pressAgainWhatWasPressedBeforeStart(document: Document): void {
  const inert = inertScript(document);
  const pressed = inert?.pressed;
  if (!inert || !pressed) return;
  delete inert.pressed;
  if (pressed.isConnected && !pressed.disabled) pressed.click();
}

/**
 * Marks the page hydrated. That also draws the parts left undrawn until the app started
 * (app.css `render-lazily`, docs/decisions/041), whose heights were guesses until now: the
 * element at the middle of the screen is kept where it was, so the reader's place holds when a
 * part above it grows or shrinks (a page opened at an anchor further down, say).
 */
export function markHydrated(document: Document): void {
  const view = document.defaultView;
  const anchor = view ? document.elementFromPoint(view.innerWidth / 2, view.innerHeight / 2) : null;
  const before = anchor?.getBoundingClientRect().top;
  document.documentElement.dataset.hydrated = "true";
  if (!view || !anchor || before === undefined) return;
  const moved = anchor.getBoundingClientRect().top - before;
  if (Math.abs(moved) >= 1) view.scrollBy({ top: moved, behavior: "instant" });
}

/** Did the starter find the page rendered again, with other data, since it was sent? */
export function pageChangedBeforeStart(document: Document): boolean {
  return inertScript(document)?.dataset.changed === "true";
}

/**
 * The starter, inline after React Router's scripts on every page. Where there is no inert
 * script (any page that did not opt in) it does nothing. At the first input it asks for the
 * page's start and runs it; an ask that fails (no network, no answer in time) leaves the page
 * as it is, and the next input asks again; an answer that is not a start (the page is now a
 * redirect or an error) leaves the page as the server sent it, links and forms working. Until
 * then, after the load event, it draws the parts the page left undrawn (docs/decisions/042),
 * one at a time, so the first render stays light and no single task grows long; it waits while
 * the start is asked for, and goes on after an ask that did not start the app. It
 * also keeps the last `type="button"` pressed before React took over, for
 * `pressAgainWhatWasPressedBeforeStart`. Sent minified (vite.config.ts); this readable source
 * is what the build minifies, and what runs where the build did not (unit tests).
 */
export const APP_STARTER_SOURCE = `(() => {
  const inert = document.querySelector('script[type="${INERT_APP_SCRIPT_TYPE}"]');
  if (!inert) return;
  const inputs = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin"];
  const listen = (on) => {
    for (const type of inputs) (on ? addEventListener : removeEventListener)(type, start, { capture: true, passive: true });
  };
  const run = (text, type) => {
    const script = document.createElement("script");
    script.type = type;
    script.nonce = inert.nonce;
    script.textContent = text;
    document.body.append(script);
  };
  let starting = false;
  const start = () => {
    if (starting) return;
    starting = true;
    drawing = false;
    listen(false);
    fetch(location.href, { headers: { "${APP_START_HEADER}": "1" }, cache: "no-store", redirect: "manual", signal: AbortSignal.timeout(${START_TIMEOUT_MS}) })
      .then((response) => response.ok && /json/.test(response.headers.get("content-type")) ? response.json() : null)
      .then((page) => {
        if (!page) return drawOn();
        if (page.version != inert.dataset.start) inert.dataset.changed = "true";
        // React takes over the page as it was sent: the parts drawn in idle moments keep their
        // heights (contain-intrinsic-size: auto), and the start draws every part (markHydrated).
        for (const part of document.querySelectorAll("[data-drawn]")) delete part.dataset.drawn;
        for (const text of page.scripts) run(text, "");
        run(page.module, "module");
      }, () => {
        starting = false;
        listen(true);
        drawOn();
      });
  };
  // Parts left undrawn at load (app.css render-lazily) are drawn after it, one per idle moment,
  // until the app starts and draws the rest itself (markHydrated). The idle moment works out
  // the part's style; the frame after it lays it out and paints it: two short tasks rather
  // than one long one (docs/decisions/046). Drawing waits while the start is asked for, and
  // goes on where an ask did not start the app (no network, or an answer that is not a start).
  const idle = window.requestIdleCallback || ((then) => setTimeout(then, 1));
  let drawing = true;
  let asked = false;
  const askIdle = () => {
    if (asked) return;
    asked = true;
    idle(drawNext);
  };
  const drawNext = () => {
    asked = false;
    const part = drawing && document.querySelector(".render-lazily:not([data-drawn])");
    if (!part) return;
    part.dataset.drawn = "";
    getComputedStyle(part).color;
    askIdle();
  };
  const drawOn = () => {
    drawing = true;
    if (document.readyState == "complete") askIdle();
  };
  addEventListener("load", askIdle);
  addEventListener("click", (event) => {
    const button = inert.dataset.hydrating ? null : event.target.closest?.("button");
    if (button && button.type == "button") inert.pressed = button;
  }, true);
  if (location.hash) start();
  else listen(true);
})();`;

/** The starter as the build minified it, set by vite.config.ts (`define`). */
declare const __APP_STARTER_MINIFIED__: string | undefined;

/** The starter as pages carry it. */
export const APP_STARTER_SCRIPT: string = typeof __APP_STARTER_MINIFIED__ === "string" ? __APP_STARTER_MINIFIED__ : APP_STARTER_SOURCE;
