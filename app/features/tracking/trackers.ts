import type { Sink, TrackingEvent, TrackingPurposes } from "~/lib/analytics.ts";
import { gaCall, metaCall, type TrackerParams } from "./mapping.ts";

// Loads GA4 (gtag.js) and the Meta pixel (fbevents.js) in the browser, and stops them.
// The Content-Security-Policy allows no inline script, so the queue stubs the vendors'
// snippets would define inline are defined here, and the vendors' scripts are plain
// <script src> elements from the hosts the policy lists for a visitor who consented.

export const GA_SCRIPT_ORIGIN = "https://www.googletagmanager.com";
export const META_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
const GA_SCRIPT_ID = "tracker-ga";
const META_SCRIPT_ID = "tracker-meta";
const REPORTED_PURCHASES_KEY = "thula_reported_purchases";

export type TrackerIds = { gaMeasurementId?: string; metaPixelId?: string };

type Gtag = (...args: unknown[]) => void;
export type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState?: boolean;
};

type ScriptElement = { id: string; src: string; async: boolean };

/** The parts of window and document the loader touches (a fake in unit tests). */
export type TrackerEnv = {
  window: {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
    location: { origin: string; hostname: string };
    localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  };
  document: {
    title: string;
    cookie: string;
    head: { append(node: ScriptElement): void };
    createElement(tag: "script"): ScriptElement;
    getElementById(id: string): unknown;
  };
};

/** The browser's own window and document. */
export function browserEnv(): TrackerEnv {
  return { window, document } as unknown as TrackerEnv;
}

function appendScript(env: TrackerEnv, id: string, src: string) {
  const script = env.document.createElement("script");
  script.id = id;
  script.async = true;
  script.src = src;
  env.document.head.append(script);
}

/** GA's documented opt-out switch: with it set, gtag.js sends nothing for that id. */
function setGaDisabled(env: TrackerEnv, id: string, disabled: boolean) {
  (env.window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = disabled;
}

export function installGa(env: TrackerEnv, id: string) {
  setGaDisabled(env, id, false);
  if (env.document.getElementById(GA_SCRIPT_ID)) return;
  const layer = (env.window.dataLayer ??= []);
  env.window.gtag ??= function gtag() {
    // gtag.js reads each queued Arguments object, not an array copy of it.
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  const gtag = env.window.gtag;
  // Analytics only: GA gets no advertising signals (that is the Marketing choice, and Meta's).
  gtag("consent", "default", { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
  gtag("js", new Date());
  // Page views are sent on every route change by the site itself (no double first view).
  gtag("config", id, { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false });
  appendScript(env, GA_SCRIPT_ID, `${GA_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`);
}

export function installMeta(env: TrackerEnv, id: string) {
  if (env.document.getElementById(META_SCRIPT_ID)) return;
  if (!env.window.fbq) {
    // The queue the official snippet defines: calls wait in `queue` until fbevents.js replaces callMethod.
    const fbq: Fbq = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else fbq.queue.push(args);
      },
      { queue: [] as unknown[], loaded: true, version: "2.0" },
    ) as Fbq;
    fbq.push = fbq;
    env.window.fbq = fbq;
    env.window._fbq ??= fbq;
  }
  const fbq = env.window.fbq;
  // The site sends PageView on each route change; fbevents.js would add its own on history changes.
  fbq.disablePushState = true;
  // No automatic collection of buttons and page metadata: only the events this site names.
  fbq("set", "autoConfig", false, id);
  fbq("init", id);
  appendScript(env, META_SCRIPT_ID, META_SCRIPT_URL);
}

/** True (and remembered) when this payment was reported before, say after a reload of the success page. */
function alreadyReported(env: TrackerEnv, transactionId: string): boolean {
  try {
    const reported: unknown = JSON.parse(env.window.localStorage.getItem(REPORTED_PURCHASES_KEY) ?? "[]");
    const list = Array.isArray(reported) ? reported.filter((item): item is string => typeof item === "string") : [];
    if (list.includes(transactionId)) return true;
    env.window.localStorage.setItem(REPORTED_PURCHASES_KEY, JSON.stringify([...list, transactionId].slice(-20)));
    return false;
  } catch {
    // No storage (private mode): the trackers' own de-duplication by transaction id remains.
    return false;
  }
}

/** Sends each event to the trackers that are running. */
export function trackerSink(env: TrackerEnv, running: { ga: boolean; meta: boolean }): Sink {
  const send = (event: TrackingEvent) => {
    if (event.name === "Purchase" && alreadyReported(env, event.transaction_id)) return;
    if (running.ga) {
      const call = gaCall(event, { origin: env.window.location.origin, title: env.document.title });
      env.window.gtag?.("event", call.name, call.params);
    }
    const pixel = running.meta ? metaCall(event) : null;
    if (pixel) {
      const args: [string, string, TrackerParams, ...{ eventID: string }[]] = [pixel.method, pixel.name, pixel.params];
      if (pixel.eventId) args.push({ eventID: pixel.eventId });
      env.window.fbq?.(...args);
    }
  };
  return { analytics: send, pixel: send };
}

/** Loads the trackers these ids name (the ones the visitor allowed) and returns their sink; undefined for none. */
export function startTrackers(env: TrackerEnv, ids: TrackerIds): Sink | undefined {
  if (ids.gaMeasurementId) installGa(env, ids.gaMeasurementId);
  if (ids.metaPixelId) installMeta(env, ids.metaPixelId);
  if (!ids.gaMeasurementId && !ids.metaPixelId) return undefined;
  return trackerSink(env, { ga: Boolean(ids.gaMeasurementId), meta: Boolean(ids.metaPixelId) });
}

/** Stops what the visitor no longer allows, at once: GA's opt-out, Meta's revoke, and their cookies. */
export function stopTrackers(env: TrackerEnv, ids: TrackerIds, allowed: TrackingPurposes) {
  if (!allowed.analytics && ids.gaMeasurementId) setGaDisabled(env, ids.gaMeasurementId, true);
  if (!allowed.marketing && env.window.fbq) env.window.fbq("consent", "revoke");
  clearTrackerCookies(env, allowed);
}

const analyticsCookie = /^(_ga(_.+)?|_gid|_gat(_.+)?)$/;
const marketingCookie = /^(_fbp|_fbc)$/;

/** The domains a tracker may have set a cookie on: this host and each parent ("auto" cookie domains). */
export function cookieDomains(hostname: string): string[] {
  const labels = hostname.split(".");
  if (labels.length < 2 || /^[\d.]+$/.test(hostname) || hostname.includes(":")) return [];
  return labels.slice(0, -1).map((_, index) => `.${labels.slice(index).join(".")}`);
}

/** Removes the trackers' cookies for each purpose not allowed (best effort: any domain they may sit on). */
export function clearTrackerCookies(env: TrackerEnv, allowed: TrackingPurposes) {
  const names = env.document.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => (!allowed.analytics && analyticsCookie.test(name)) || (!allowed.marketing && marketingCookie.test(name)));
  const expired = "Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  for (const name of new Set(names)) {
    env.document.cookie = `${name}=; ${expired}`;
    for (const domain of cookieDomains(env.window.location.hostname)) env.document.cookie = `${name}=; ${expired}; Domain=${domain}`;
  }
}
