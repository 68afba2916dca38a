import { describe, expect, it } from "vitest";
import type { TrackingEvent } from "~/lib/analytics.ts";
import { gaCall, metaCall } from "./mapping.ts";

const page = { origin: "https://thula.example", title: "Events | Thula Relocations" };

describe("GA4 calls", () => {
  it("sends page views with page_location, page_path and page_title", () => {
    expect(gaCall({ name: "page_view", path: "/events?page=2" }, page)).toEqual({
      name: "page_view",
      params: { page_location: "https://thula.example/events?page=2", page_path: "/events?page=2", page_title: "Events | Thula Relocations" },
    });
  });

  it("keeps the analytics events of docs/product.md §12 and their parameters as they are, without undefined values", () => {
    expect(gaCall({ name: "button_click", button_name: "Watch Video", button_location: "about_thandi" }, page)).toEqual({
      name: "button_click",
      params: { button_name: "Watch Video", button_location: "about_thandi" },
    });
    expect(gaCall({ name: "service_selection", service_name: "Visa & Legal", service_id: "visa" }, page).params).toEqual({
      service_name: "Visa & Legal",
      service_id: "visa",
    });
    expect(gaCall({ name: "form_submission", form_name: "free_consultation" }, page)).toEqual({ name: "form_submission", params: { form_name: "free_consultation" } });
  });

  it("uses GA4's recommended names for the funnel and checkout", () => {
    const names = (
      [
        { name: "ViewContent", content_name: "Durban evening", content_category: "seminar" },
        { name: "Lead", form_name: "seminar_booking" },
        { name: "InitiateCheckout", value: 1200, currency: "ZAR" },
        { name: "AddPaymentInfo", value: 1200, currency: "ZAR" },
        { name: "Purchase", value: 1200, currency: "ZAR", transaction_id: "cs_1" },
        { name: "FormStart", form_name: "seminar_booking" },
        { name: "FormProgress", form_name: "seminar_booking", percent: 50 },
        { name: "CancelPayment" },
        { name: "booking_error", form_name: "seminar_booking" },
      ] satisfies TrackingEvent[]
    ).map((event) => gaCall(event, page).name);
    expect(names).toEqual(["view_item", "generate_lead", "begin_checkout", "add_payment_info", "purchase", "form_start", "form_progress", "cancel_payment", "booking_error"]);
    expect(gaCall({ name: "Purchase", value: 149, currency: "GBP", transaction_id: "cs_2" }, page).params).toEqual({ transaction_id: "cs_2", value: 149, currency: "GBP" });
  });
});

describe("Meta pixel calls", () => {
  it("sends page views as PageView and keeps the other analytics events to GA", () => {
    expect(metaCall({ name: "page_view", path: "/" })).toEqual({ method: "track", name: "PageView", params: {} });
    expect(metaCall({ name: "button_click", button_name: "x", button_location: "y" })).toBeNull();
    expect(metaCall({ name: "form_submission", form_name: "x" })).toBeNull();
    expect(metaCall({ name: "service_selection", service_name: "x", service_id: "y" })).toBeNull();
  });

  it("uses standard events where Meta has one and custom events for the rest", () => {
    expect(metaCall({ name: "InitiateCheckout", value: 1200, currency: "ZAR" })).toEqual({
      method: "track",
      name: "InitiateCheckout",
      params: { value: 1200, currency: "ZAR" },
    });
    expect(metaCall({ name: "Purchase", value: 1200, currency: "ZAR", transaction_id: "cs_1" })).toEqual({
      method: "track",
      name: "Purchase",
      params: { value: 1200, currency: "ZAR" },
      eventId: "cs_1",
    });
    expect(metaCall({ name: "ViewContent", content_name: "Durban evening", content_category: "seminar", content_id: "s1" })?.params).toEqual({
      content_name: "Durban evening",
      content_category: "seminar",
      content_ids: ["s1"],
    });
    expect(metaCall({ name: "FormProgress", form_name: "seminar_booking", percent: 100 })).toEqual({
      method: "trackCustom",
      name: "FormProgress",
      params: { form_name: "seminar_booking", percent: 100 },
    });
    expect(metaCall({ name: "CancelPayment" })?.method).toBe("trackCustom");
    expect(metaCall({ name: "booking_error", form_name: "paid_consultation" })?.method).toBe("trackCustom");
    expect(metaCall({ name: "FormStart", form_name: "paid_consultation" })?.method).toBe("trackCustom");
  });
});
