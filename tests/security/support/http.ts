import { randomInt } from "node:crypto";
import { inject } from "vitest";
import { DEMO_ADMIN } from "../../../app/features/admin-auth/admins.server.ts";
import { signIn } from "./admin-matrix.ts";

// Plain HTTP against the suite's server. The server trusts a loopback proxy, so each
// submission names a client address of its own in X-Forwarded-For: the public forms' rate
// limit (8 posts per 15 minutes per address) then never stands in the way of a test.

export const baseURL = inject("baseURL");
export const EVIL_ORIGIN = "https://evil.example";

// Each test file counts from a random place of its own in 198.18.0.0/15 (the benchmarking
// range): every file loads this module afresh, and files starting at the same address would
// add up their posts against one address's limits.
let nextClient = randomInt(0, 60_000);

/** A client address no other request of this file has used, and most likely of this run. */
export function clientAddress(): string {
  nextClient += 1;
  return `198.${18 + (Math.floor(nextClient / 62_500) % 2)}.${Math.floor(nextClient / 250) % 250}.${(nextClient % 250) + 1}`;
}

export type Answer = { status: number; headers: Headers; text: string; location: string | null };

export type SendOptions = {
  method?: string;
  form?: Record<string, string> | URLSearchParams | FormData;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  /** The Origin header of a write: the site's own unless given; null sends none (server to server). */
  origin?: string | null;
  headers?: Record<string, string>;
  /** The X-Forwarded-For address; a fresh one unless given. */
  client?: string;
};

/** One request, redirects not followed; same-origin unless `origin` says otherwise. */
export async function send(path: string, options: SendOptions = {}): Promise<Answer> {
  const headers = new Headers({ accept: "text/html,application/json;q=0.9,*/*;q=0.8", "x-forwarded-for": options.client ?? clientAddress(), ...options.headers });
  let body: BodyInit | undefined = options.body;
  if (options.form instanceof FormData) body = options.form;
  else if (options.form) body = new URLSearchParams(options.form);
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("content-type", "application/json");
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  if (method !== "GET" && method !== "HEAD" && options.origin !== null) headers.set("origin", options.origin ?? baseURL);
  if (options.cookie) headers.set("cookie", options.cookie);
  const response = await fetch(new URL(path, baseURL), { method, headers, body, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text(), location: response.headers.get("location") };
}

let adminCookie: Promise<string> | undefined;

/** A session cookie of the demo admin, signed in once per test file. */
export function adminSession(): Promise<string> {
  adminCookie ??= signIn(baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return adminCookie;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };

/** The visible text of a page's <main>, entities decoded, whitespace collapsed. */
export function mainOf(html: string): string {
  const main = html.match(/<main[\s\S]*?<\/main>/)?.[0] ?? "";
  return main
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_entity, name: string) => entities[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** Upcoming seminars with seats left, as /events (first page) shows them: each one's id and seats left. */
export async function bookableSeminars(): Promise<Array<{ id: string; spots: number }>> {
  const events = await send("/events");
  return events.text
    .split('data-testid="event-card"')
    .slice(1)
    .flatMap((card) => {
      const id = card.match(/href="\/events\/book\/([0-9a-f-]{36})"[^>]*>Reserve Your Spot/)?.[1];
      const spots = Number(card.match(/data-testid="event-spots"[^>]*>(\d+) spots? remaining/)?.[1] ?? 0);
      return id ? [{ id, spots }] : [];
    });
}

/** Upcoming seminars with seats left, as linked from /events (first page). */
export async function bookableSeminarIds(): Promise<string[]> {
  return (await bookableSeminars()).map((seminar) => seminar.id);
}
