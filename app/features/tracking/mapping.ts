import type { TrackingEvent } from "~/lib/analytics.ts";

// How each typed event reaches each tracker (docs/decisions/010-consent-and-tracking.md).
// GA4 receives everything, under GA4's recommended names where one exists; the Meta pixel
// receives page views and the pixel events, standard events with fbq('track'), the
// site's own with fbq('trackCustom').

export type TrackerParams = Record<string, string | number | string[]>;
export type GaCall = { name: string; params: TrackerParams };
export type MetaCall = { method: "track" | "trackCustom"; name: string; params: TrackerParams; eventId?: string };

/** What the page adds to a page view: its origin (for page_location) and title. */
export type PageContext = { origin: string; title: string };

/** Drops undefined values, so no tracker receives "undefined". */
function defined(params: Record<string, string | number | string[] | undefined>): TrackerParams {
  const result: TrackerParams = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) result[key] = value;
  return result;
}

function money(event: { value?: number; currency?: string }) {
  return { value: event.value, currency: event.currency };
}

export function gaCall(event: TrackingEvent, page: PageContext): GaCall {
  switch (event.name) {
    case "page_view":
      return { name: "page_view", params: { page_location: `${page.origin}${event.path}`, page_path: event.path, page_title: page.title } };
    case "button_click":
      return { name: "button_click", params: defined({ button_name: event.button_name, button_location: event.button_location, destination: event.destination }) };
    case "form_submission":
      return { name: "form_submission", params: { form_name: event.form_name } };
    case "service_selection":
      return { name: "service_selection", params: { service_name: event.service_name, service_id: event.service_id } };
    case "ViewContent":
      return {
        name: "view_item",
        params: defined({ item_name: event.content_name, item_category: event.content_category, item_id: event.content_id, ...money(event) }),
      };
    case "Lead":
      return { name: "generate_lead", params: defined({ form_name: event.form_name, ...money(event) }) };
    case "InitiateCheckout":
      return { name: "begin_checkout", params: defined(money(event)) };
    case "AddPaymentInfo":
      return { name: "add_payment_info", params: defined(money(event)) };
    case "Purchase":
      return { name: "purchase", params: { transaction_id: event.transaction_id, value: event.value, currency: event.currency } };
    case "CancelPayment":
      return { name: "cancel_payment", params: {} };
    case "FormStart":
      return { name: "form_start", params: { form_name: event.form_name } };
    case "FormProgress":
      return { name: "form_progress", params: { form_name: event.form_name, percent: event.percent } };
    case "booking_error":
      return { name: "booking_error", params: { form_name: event.form_name } };
  }
}

/** The pixel call for an event, or null for the analytics-only ones. */
export function metaCall(event: TrackingEvent): MetaCall | null {
  switch (event.name) {
    case "page_view":
      return { method: "track", name: "PageView", params: {} };
    case "button_click":
    case "form_submission":
    case "service_selection":
      return null;
    case "ViewContent":
      return {
        method: "track",
        name: "ViewContent",
        params: defined({ content_name: event.content_name, content_category: event.content_category, content_ids: event.content_id ? [event.content_id] : undefined, ...money(event) }),
      };
    case "Lead":
      return { method: "track", name: "Lead", params: defined({ content_name: event.form_name, ...money(event) }) };
    case "InitiateCheckout":
    case "AddPaymentInfo":
      return { method: "track", name: event.name, params: defined(money(event)) };
    case "Purchase":
      // The event id lets Meta drop a second report of the same payment.
      return { method: "track", name: "Purchase", params: { value: event.value, currency: event.currency }, eventId: event.transaction_id };
    case "CancelPayment":
      return { method: "trackCustom", name: "CancelPayment", params: {} };
    case "FormStart":
      return { method: "trackCustom", name: "FormStart", params: { form_name: event.form_name } };
    case "FormProgress":
      return { method: "trackCustom", name: "FormProgress", params: { form_name: event.form_name, percent: event.percent } };
    case "booking_error":
      return { method: "trackCustom", name: "booking_error", params: { form_name: event.form_name } };
  }
}
