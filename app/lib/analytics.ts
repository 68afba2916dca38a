// The one typed module every tracking call goes through (SPEC.md §7). It sends nothing
// until the consent issue connects a sink after the visitor accepts tracking.

export type AnalyticsEvent =
  | { name: "page_view"; path: string }
  | { name: "button_click"; button_name: string; button_location: string; destination?: string }
  | { name: "form_submission"; form_name: string }
  | { name: "service_selection"; service_name: string; service_id: string };

export type PixelEvent =
  | { name: "InitiateCheckout"; value?: number; currency?: string }
  | { name: "AddPaymentInfo"; value?: number; currency?: string }
  | { name: "Purchase"; value: number; currency: string }
  | { name: "CancelPayment" }
  | { name: "FormStart"; form_name: string }
  | { name: "FormProgress"; form_name: string; percent: 50 | 100 }
  | { name: "booking_error"; form_name: string };

type Sink = { analytics(event: AnalyticsEvent): void; pixel(event: PixelEvent): void };

let sink: Sink | undefined;

/** Connects (or, with undefined, disconnects) where events go. */
export function connectAnalytics(next: Sink | undefined) {
  sink = next;
}

export function track(event: AnalyticsEvent) {
  sink?.analytics(event);
}

export function trackPixel(event: PixelEvent) {
  sink?.pixel(event);
}
