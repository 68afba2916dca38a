import { describe, expect, it } from "vitest";
import { clearTrackerCookies, cookieDomains, META_SCRIPT_URL, startTrackers, stopTrackers, type TrackerEnv } from "./trackers.ts";

/** A window and document with just what the loader touches; cookies as a jar that honours Max-Age=0. */
function fakeEnv(options: { cookies?: string[]; hostname?: string } = {}) {
  const scripts: { id: string; src: string; async: boolean }[] = [];
  const jar = new Map<string, string>((options.cookies ?? []).map((cookie) => cookie.split("=") as [string, string]));
  const cookieWrites: string[] = [];
  const storage = new Map<string, string>();
  const hostname = options.hostname ?? "www.thula.example";
  const env: TrackerEnv = {
    window: {
      location: { origin: `https://${hostname}`, hostname },
      localStorage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    },
    document: {
      title: "Home | Thula Relocations",
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      },
      set cookie(value: string) {
        cookieWrites.push(value);
        const [pair] = value.split(";");
        const [name, cookieValue] = pair!.split("=");
        if (/Max-Age=0/.test(value)) jar.delete(name!);
        else jar.set(name!, cookieValue!);
      },
      head: { append: (node) => void scripts.push(node) },
      createElement: () => ({ id: "", src: "", async: false }),
      getElementById: (id) => scripts.find((script) => script.id === id) ?? null,
    },
  };
  return { env, scripts, jar, cookieWrites, storage };
}

/** What gtag queued, as plain arrays (gtag.js queues Arguments objects). */
function dataLayerCalls(env: TrackerEnv) {
  return (env.window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function fbqQueue(env: TrackerEnv) {
  return env.window.fbq!.queue as unknown[][];
}

const gaDisabled = (env: TrackerEnv, id: string) => (env.window as unknown as Record<string, unknown>)[`ga-disable-${id}`];

describe("starting the trackers", () => {
  it("loads nothing and returns no sink without an allowed id", () => {
    const { env, scripts } = fakeEnv();
    expect(startTrackers(env, {})).toBeUndefined();
    expect(scripts).toEqual([]);
    expect(env.window.gtag).toBeUndefined();
    expect(env.window.fbq).toBeUndefined();
  });

  it("GA: queues Arguments objects for gtag.js, turns its own page view off and appends the script once", () => {
    const { env, scripts } = fakeEnv();
    startTrackers(env, { gaMeasurementId: "G-TEST12345" });
    startTrackers(env, { gaMeasurementId: "G-TEST12345" });
    expect(scripts).toEqual([{ id: "tracker-ga", async: true, src: "https://www.googletagmanager.com/gtag/js?id=G-TEST12345" }]);
    expect(Object.prototype.toString.call(env.window.dataLayer![0])).toBe("[object Arguments]");
    const calls = dataLayerCalls(env);
    expect(calls.find((call) => call[0] === "config")).toEqual(["config", "G-TEST12345", expect.objectContaining({ send_page_view: false })]);
    expect(calls.filter((call) => call[0] === "config")).toHaveLength(1);
    expect(env.window.fbq).toBeUndefined();
    expect(gaDisabled(env, "G-TEST12345")).toBe(false);
  });

  it("Meta: defines the fbq queue, turns off its automatic page views and events, and appends fbevents.js once", () => {
    const { env, scripts } = fakeEnv();
    startTrackers(env, { metaPixelId: "1234567890123" });
    startTrackers(env, { metaPixelId: "1234567890123" });
    expect(scripts).toEqual([{ id: "tracker-meta", async: true, src: META_SCRIPT_URL }]);
    expect(env.window.fbq!.disablePushState).toBe(true);
    expect(env.window._fbq).toBe(env.window.fbq);
    expect(fbqQueue(env)).toEqual([
      ["set", "autoConfig", false, "1234567890123"],
      ["init", "1234567890123"],
    ]);
    expect(env.window.dataLayer).toBeUndefined();
  });

  it("sends each event to the running trackers only, with the mapped names and parameters", () => {
    const { env } = fakeEnv();
    const sink = startTrackers(env, { gaMeasurementId: "G-TEST12345" })!;
    sink.analytics({ name: "page_view", path: "/services" });
    sink.pixel({ name: "InitiateCheckout", value: 1200, currency: "ZAR" });
    expect(dataLayerCalls(env).filter((call) => call[0] === "event")).toEqual([
      ["event", "page_view", { page_location: "https://www.thula.example/services", page_path: "/services", page_title: "Home | Thula Relocations" }],
      ["event", "begin_checkout", { value: 1200, currency: "ZAR" }],
    ]);

    const both = fakeEnv();
    const sinkBoth = startTrackers(both.env, { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" })!;
    sinkBoth.analytics({ name: "button_click", button_name: "Select Package", button_location: "packages_prepared", destination: "/consultations/book" });
    sinkBoth.analytics({ name: "page_view", path: "/" });
    sinkBoth.pixel({ name: "FormStart", form_name: "seminar_booking" });
    expect(fbqQueue(both.env).slice(2)).toEqual([
      ["track", "PageView", {}],
      ["trackCustom", "FormStart", { form_name: "seminar_booking" }],
    ]);
  });

  it("reports a payment once, even when the success page is shown again", () => {
    const { env } = fakeEnv();
    const sink = startTrackers(env, { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" })!;
    const purchase = { name: "Purchase", value: 1200, currency: "ZAR", transaction_id: "cs_test_1" } as const;
    sink.pixel(purchase);
    sink.pixel(purchase);
    sink.pixel({ ...purchase, transaction_id: "cs_test_2" });
    expect(dataLayerCalls(env).filter((call) => call[1] === "purchase").map((call) => (call[2] as { transaction_id: string }).transaction_id)).toEqual([
      "cs_test_1",
      "cs_test_2",
    ]);
    expect(fbqQueue(env).filter((call) => call[1] === "Purchase")).toEqual([
      ["track", "Purchase", { value: 1200, currency: "ZAR" }, { eventID: "cs_test_1" }],
      ["track", "Purchase", { value: 1200, currency: "ZAR" }, { eventID: "cs_test_2" }],
    ]);
  });
});

describe("stopping the trackers", () => {
  it("switches GA off, revokes Meta and deletes their cookies for what was withdrawn", () => {
    const { env, jar } = fakeEnv({ cookies: ["_ga=GA1.1.1.2", "_ga_TEST12345=GS1", "_fbp=fb.1.2.3", "thula_consent=v1.a1.m1", "other=1"] });
    startTrackers(env, { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" });
    stopTrackers(env, { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" }, { analytics: false, marketing: true });
    expect(gaDisabled(env, "G-TEST12345")).toBe(true);
    expect(fbqQueue(env).some((call) => call[0] === "consent")).toBe(false);
    expect([...jar.keys()]).toEqual(["_fbp", "thula_consent", "other"]);

    stopTrackers(env, { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" }, { analytics: false, marketing: false });
    expect(fbqQueue(env).at(-1)).toEqual(["consent", "revoke"]);
    expect([...jar.keys()]).toEqual(["thula_consent", "other"]);
  });

  it("deletes a cookie on the host and on every parent domain a tracker may have used", () => {
    const { env, cookieWrites } = fakeEnv({ cookies: ["_fbp=fb.1"], hostname: "www.thula.co.uk" });
    clearTrackerCookies(env, { analytics: true, marketing: false });
    expect(cookieWrites.map((write) => /Domain=([^;]+)/.exec(write)?.[1] ?? "host")).toEqual(["host", ".www.thula.co.uk", ".thula.co.uk", ".co.uk"]);
    expect(cookieWrites.every((write) => write.startsWith("_fbp=;") && write.includes("Max-Age=0") && write.includes("Path=/"))).toBe(true);
  });

  it("leaves allowed trackers' cookies alone", () => {
    const { env, cookieWrites } = fakeEnv({ cookies: ["_ga=1", "_fbp=2"] });
    clearTrackerCookies(env, { analytics: true, marketing: true });
    expect(cookieWrites).toEqual([]);
  });

  it("knows no parent domains for an IP address or a single-label host", () => {
    expect(cookieDomains("127.0.0.1")).toEqual([]);
    expect(cookieDomains("localhost")).toEqual([]);
    expect(cookieDomains("thula.example")).toEqual([".thula.example"]);
  });
});
