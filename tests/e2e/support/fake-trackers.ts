import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext } from "playwright-core";

// Stand-ins for Google's and Meta's servers, so the consent journey sees every tracker
// request without the internet. A local node:http server serves fake gtag.js and
// fbevents.js that work like the real ones (they drain dataLayer / the fbq queue, then
// take over push / callMethod) and send one beacon per event to GA's collect endpoint and
// one pixel image per event to Meta's /tr. Chromium's requests to the tracker hosts are
// routed to that server, which records them all.

/** Every host a tracker request could go to. */
export const TRACKER_HOSTS = /^https?:\/\/([^/]+\.)?(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.(net|com))\//;

const FAKE_GTAG = `(function () {
  var w = window;
  var layer = (w.dataLayer = w.dataLayer || []);
  var ids = [];
  var hit = 0;
  function send(id, name, params) {
    if (w["ga-disable-" + id]) return;
    hit += 1;
    var query = ["v=2", "tid=" + encodeURIComponent(id), "_s=" + hit, "en=" + encodeURIComponent(name)];
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      query.push((typeof value === "number" ? "epn." : "ep.") + encodeURIComponent(key) + "=" + encodeURIComponent(String(value)));
    });
    var url = "https://region1.google-analytics.com/g/collect?" + query.join("&");
    if (!(navigator.sendBeacon && navigator.sendBeacon(url))) new Image().src = url;
  }
  function handle(entry) {
    var args = Array.prototype.slice.call(entry);
    if (args[0] === "config") {
      ids.push(args[1]);
      document.cookie = "_ga=GA1.1.1000.2000; Path=/; Max-Age=63072000";
      document.cookie = "_ga_" + String(args[1]).slice(2) + "=GS1.1.1000; Path=/; Max-Age=63072000";
    } else if (args[0] === "event") {
      ids.forEach(function (id) { send(id, args[1], args[2] || {}); });
    }
  }
  layer.forEach(handle);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return push.apply(layer, arguments);
  };
  w.__fakeGtag = true;
})();`;

const FAKE_FBEVENTS = `(function () {
  var fbq = window.fbq;
  if (!fbq) return;
  var pixels = [];
  var revoked = false;
  var sent = 0;
  function send(name, params, options) {
    pixels.forEach(function (id) {
      var query = ["id=" + encodeURIComponent(id), "ev=" + encodeURIComponent(name)];
      Object.keys(params).forEach(function (key) {
        var value = params[key];
        query.push("cd[" + encodeURIComponent(key) + "]=" + encodeURIComponent(Array.isArray(value) ? JSON.stringify(value) : String(value)));
      });
      if (options && options.eventID) query.push("eid=" + encodeURIComponent(options.eventID));
      // Like the real pixel: a timestamp, so the browser never answers a repeat from its image cache.
      query.push("ts=" + Date.now() + "." + (sent += 1));
      new Image().src = "https://www.facebook.com/tr?" + query.join("&");
    });
  }
  fbq.callMethod = function () {
    var args = Array.prototype.slice.call(arguments);
    if (args[0] === "init") {
      pixels.push(args[1]);
      document.cookie = "_fbp=fb.1.1000.2000; Path=/; Max-Age=7776000";
    } else if (args[0] === "consent") {
      revoked = args[1] === "revoke";
    } else if ((args[0] === "track" || args[0] === "trackCustom") && !revoked) {
      send(args[1], args[2] || {}, args[3]);
    }
  };
  fbq.queue.splice(0).forEach(function (args) { fbq.callMethod.apply(fbq, args); });
  window.__fakeFbevents = true;
})();`;

/** A request that reached the fake trackers. */
export type TrackerHit = { url: URL; method: string };

/** One GA4 beacon: the event name and its parameters (ep.* and epn.* without the prefix). */
export type GaHit = { en: string; tid: string; params: Record<string, string> };
/** One Meta pixel request: the event name, custom data and event id. */
export type MetaHit = { ev: string; id: string; cd: Record<string, string>; eid?: string };

export type FakeTrackers = {
  /** Every request Chromium sent to a tracker host, as the fake server saw it. */
  hits: TrackerHit[];
  ga(): GaHit[];
  meta(): MetaHit[];
  /** Sends this browser context's tracker requests to the fake server (and records them). */
  route(context: BrowserContext): Promise<void>;
  close(): Promise<void>;
};

const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function startFakeTrackers(): Promise<FakeTrackers> {
  const hits: TrackerHit[] = [];
  const server = http.createServer((request, response) => {
    const original = new URL(String(request.headers["x-original-url"]));
    hits.push({ url: original, method: request.method ?? "GET" });
    request.resume();
    if (original.hostname === "www.googletagmanager.com" && original.pathname === "/gtag/js") {
      response.writeHead(200, { "content-type": "text/javascript" }).end(FAKE_GTAG);
    } else if (original.hostname === "connect.facebook.net" && original.pathname.endsWith("/fbevents.js")) {
      response.writeHead(200, { "content-type": "text/javascript" }).end(FAKE_FBEVENTS);
    } else if (original.hostname === "www.facebook.com" && original.pathname === "/tr") {
      response.writeHead(200, { "content-type": "image/gif" }).end(gif);
    } else {
      response.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    hits,
    ga: () =>
      hits
        .filter((hit) => hit.url.hostname.endsWith("google-analytics.com") && hit.url.pathname === "/g/collect")
        .map(({ url }) => {
          const params: Record<string, string> = {};
          for (const [key, value] of url.searchParams) if (/^epn?\./.test(key)) params[key.replace(/^epn?\./, "")] = value;
          return { en: url.searchParams.get("en") ?? "", tid: url.searchParams.get("tid") ?? "", params };
        }),
    meta: () =>
      hits
        .filter((hit) => hit.url.hostname === "www.facebook.com" && hit.url.pathname === "/tr")
        .map(({ url }) => {
          const cd: Record<string, string> = {};
          for (const [key, value] of url.searchParams) {
            const match = /^cd\[(.+)\]$/.exec(key);
            if (match) cd[match[1]!] = value;
          }
          return { ev: url.searchParams.get("ev") ?? "", id: url.searchParams.get("id") ?? "", cd, eid: url.searchParams.get("eid") ?? undefined };
        }),
    async route(context) {
      await context.route(TRACKER_HOSTS, async (route) => {
        const request = route.request();
        const answer = await fetch(`${local}/`, {
          method: request.method(),
          headers: { "x-original-url": request.url() },
          body: request.method() === "GET" || request.method() === "HEAD" ? undefined : new Uint8Array(request.postDataBuffer() ?? []),
        });
        await route.fulfill({
          status: answer.status,
          headers: { "content-type": answer.headers.get("content-type") ?? "text/plain", "access-control-allow-origin": "*" },
          body: Buffer.from(await answer.arrayBuffer()),
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
