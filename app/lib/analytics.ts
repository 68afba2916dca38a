// The one typed module every tracking call goes through (docs/product.md §12). Components describe
// what happened; where it goes is decided once, by the sink the consent code connects
// (GA4 and the Meta pixel, each only with the visitor's consent and a configured id;
// features/tracking maps the events to their calls). With no sink nothing leaves the browser.
//
// The booking funnel, in order (docs/decisions/010-consent-and-tracking.md):
//   ViewContent      a booking page is shown (seminar, paid consultation, free call)
//   FormStart        the visitor starts typing in its form
//   FormProgress     50 and 100 percent of the six tracked fields hold something
//   Lead             the booking is saved (seat held, consultation or call requested)
//   InitiateCheckout the payment step is shown (seat held; a consultation's pay page)
//   AddPaymentInfo   the visitor presses Pay and goes to the secure payment page
//   Purchase         the payment is confirmed (/payment-success), once per payment
// and its exits: CancelPayment (the visitor cancels at the payment step or on the payment
// page) and booking_error (saving failed for a reason the visitor cannot fix).

/** What a visitor may allow beyond what the site needs to work: measuring visits, and advertising. */
export type TrackingPurposes = { analytics: boolean; marketing: boolean };

export type AnalyticsEvent =
  | { name: "page_view"; path: string }
  | { name: "button_click"; button_name: string; button_location: string; destination?: string }
  | { name: "form_submission"; form_name: string }
  | { name: "service_selection"; service_name: string; service_id: string };

/** What a booking page offers: a seminar seat, a paid consultation or a free intro call. */
export type FunnelCategory = "seminar" | "consultation" | "free_call";

export type PixelEvent =
  | { name: "ViewContent"; content_name: string; content_category: FunnelCategory; content_id?: string; value?: number; currency?: string }
  | { name: "Lead"; form_name: string; value?: number; currency?: string }
  | { name: "InitiateCheckout"; value?: number; currency?: string }
  | { name: "AddPaymentInfo"; value?: number; currency?: string }
  /** transaction_id (the checkout session) lets the trackers count a payment once. */
  | { name: "Purchase"; value: number; currency: string; transaction_id: string }
  | { name: "CancelPayment" }
  | { name: "FormStart"; form_name: string }
  | { name: "FormProgress"; form_name: string; percent: 50 | 100 }
  | { name: "booking_error"; form_name: string };

export type TrackingEvent = AnalyticsEvent | PixelEvent;

export type Sink = { analytics(event: AnalyticsEvent): void; pixel(event: PixelEvent): void };

// Events sent before the consent code has decided (child effects, such as the first page
// view, run before the root's) wait here; the decision sends or drops them.
const MAX_WAITING = 50;
type Waiting = { kind: "analytics"; event: AnalyticsEvent } | { kind: "pixel"; event: PixelEvent };

let sink: Sink | undefined;
let waiting: Waiting[] | null = [];

/** Connects where events go (and sends those that waited), or with undefined drops them all. */
export function connectAnalytics(next: Sink | undefined) {
  sink = next;
  const held = waiting ?? [];
  waiting = null;
  if (!next) return;
  for (const item of held) {
    if (item.kind === "analytics") next.analytics(item.event);
    else next.pixel(item.event);
  }
}

/** Tests only: back to the state of a fresh page (undecided, nothing waiting). */
export function resetAnalyticsForTests() {
  sink = undefined;
  waiting = [];
}

function hold(item: Waiting) {
  if (waiting && waiting.length < MAX_WAITING) waiting.push(item);
}

/** A price in cents as the trackers take a value: rand as a number, with its currency. */
export function randValue(cents: number): { value: number; currency: "ZAR" } {
  return { value: cents / 100, currency: "ZAR" };
}

export function track(event: AnalyticsEvent) {
  if (sink) sink.analytics(event);
  else hold({ kind: "analytics", event });
}

export function trackPixel(event: PixelEvent) {
  if (sink) sink.pixel(event);
  else hold({ kind: "pixel", event });
}
