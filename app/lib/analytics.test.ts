import { afterEach, describe, expect, it } from "vitest";
import { connectAnalytics, resetAnalyticsForTests, track, trackPixel, type Sink, type TrackingEvent } from "./analytics.ts";

function recordingSink() {
  const seen: TrackingEvent[] = [];
  const sink: Sink = { analytics: (event) => seen.push(event), pixel: (event) => seen.push(event) };
  return { sink, seen };
}

afterEach(() => resetAnalyticsForTests());

describe("the tracking module", () => {
  it("holds events sent before the consent code decides, and sends them in order once a sink connects", () => {
    track({ name: "page_view", path: "/events" });
    trackPixel({ name: "FormStart", form_name: "seminar_booking" });
    const { sink, seen } = recordingSink();
    connectAnalytics(sink);
    track({ name: "button_click", button_name: "Pay", button_location: "dialog" });
    expect(seen.map((event) => event.name)).toEqual(["page_view", "FormStart", "button_click"]);
  });

  it("drops everything when the decision is 'no trackers', including what waited", () => {
    track({ name: "page_view", path: "/" });
    connectAnalytics(undefined);
    track({ name: "page_view", path: "/about" });
    const { sink, seen } = recordingSink();
    // A later connection (the visitor consents without a reload) sends only what comes next.
    connectAnalytics(sink);
    expect(seen).toEqual([]);
    trackPixel({ name: "CancelPayment" });
    expect(seen).toEqual([{ name: "CancelPayment" }]);
  });

  it("stops sending once disconnected", () => {
    const { sink, seen } = recordingSink();
    connectAnalytics(sink);
    connectAnalytics(undefined);
    track({ name: "form_submission", form_name: "free_consultation" });
    expect(seen).toEqual([]);
  });

  it("keeps at most 50 waiting events", () => {
    for (let index = 0; index < 80; index += 1) track({ name: "page_view", path: `/${index}` });
    const { sink, seen } = recordingSink();
    connectAnalytics(sink);
    expect(seen).toHaveLength(50);
  });
});
