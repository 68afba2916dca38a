import type { Db } from "#db/client.ts";
import type { Settings } from "~/lib/env.server.ts";
import type { BookingActionResult } from "~/features/seminars/booking/actions.ts";
import { bookingPageAction } from "~/features/seminars/booking/actions.server.ts";

// The booking page's action as a browser (or a hand-made request) reaches it, for the db suite.

export type BookingAnswer = { status: number; location: string | null; retryAfter: string | null; body: BookingActionResult | undefined };

function post(fields: Record<string, string>) {
  return new Request("https://thula.example/events/book/x", { method: "POST", body: new URLSearchParams(fields) });
}

/** Runs the action from `client` and reads its answer: status, JSON body, Retry-After, or where it redirects. */
export async function postToBookingPage(runtime: { db: Db; settings: Settings }, client: string, seminarId: string, fields: Record<string, string>): Promise<BookingAnswer> {
  const result = await bookingPageAction(runtime, { ip: client }, seminarId, post(fields));
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), retryAfter: null, body: undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const retryAfter = new Headers(result.init?.headers).get("Retry-After");
    return { status: result.init?.status ?? 200, location: null, retryAfter, body: result.data as BookingActionResult };
  }
  return { status: 200, location: null, retryAfter: null, body: result as BookingActionResult };
}
