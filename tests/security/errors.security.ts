import net from "node:net";
import { describe, expect, it } from "vitest";
import { adminSession, baseURL, send, type Answer } from "./support/http.ts";

// No stack traces to visitors (issue 8): requests that make the server fail, or that it
// cannot make sense of, are answered with a plain error page or message: no stack, no file
// path, no query or error text from inside. (The suite's server runs as production does.)

/** Anything that would tell a visitor how the server is built. */
function expectNothingInternal(body: string, what: string) {
  for (const leak of [/\bat [\w.<>]+ \(/, /\/work\/|\/home\/|\/usr\/|node_modules|file:\/\//, /\.(ts|tsx|js|mjs):\d+/, /Failed query|params:|PGlite|drizzle|ZodError|TypeError|ReferenceError/, /"stack"/]) {
    expect(body, `${what} shows ${leak}`).not.toMatch(leak);
  }
}

/** A raw request, for what fetch() refuses to send (a broken Host header). */
function raw(request: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    socket.on("data", (data: Buffer) => (received += data.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), body: received }));
  });
}

const cases: Array<[what: string, request: () => Promise<Answer | { status: number; body: string }>]> = [
  ["a broken Host header (the server cannot build the request's URL)", () => raw("GET /events HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n")],
  ["a POST to a page without a form", () => send("/about", { form: { anything: "1" } })],
  ["a data request POST to a page without a form", () => send("/about.data", { form: { anything: "1" } })],
  ["a form post whose multipart body is broken", () => send("/consultations/book", { body: "--x\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=y" } })],
  ["JSON that is not JSON to the auth endpoints", () => send("/api/auth/sign-in/email", { body: "{not json", headers: { "content-type": "application/json" } })],
  ["a reset-password token the database cannot hold", () => send("/api/auth/reset-password", { json: { token: "\u0000", newPassword: "a new passphrase here" } })],
  ["an Origin header that is not a URL", () => send("/consultations/book", { form: { firstName: "x" }, origin: "http://[" })],
  ["a page address with a broken escape", () => send("/blog/%E0%A4%A/%")],
  ["a NUL byte in a test checkout's address", () => send("/checkout/test/%00")],
  ["a NUL byte in a search", () => send("/events?q=%00")],
  ["an admin page with a NUL byte in its search", async () => send("/admin/users?q=%00", { cookie: await adminSession() })],
  ["a data request for routes that do not match", () => send("/events.data?_routes=routes%2Fadmin%2Fusers,nope")],
  ["a huge cookie", () => send("/events", { headers: { cookie: `better-auth.session_token=${"a".repeat(7000)}` } })],
];

describe("errors a visitor can cause", () => {
  it.each(cases)("%s: an answer without internals", async (what, request) => {
    const answer = await request();
    const body = "text" in answer ? answer.text : answer.body;
    expect(answer.status, what).toBeGreaterThanOrEqual(200);
    expectNothingInternal(body, what);
  });

  it("a NUL byte where a search or an id is read no longer fails the page", async () => {
    for (const path of ["/events?q=%00", "/events?location=%00", "/blog?q=%00", "/blog?tag=%00", "/checkout/test/%00", "/payment-success?session_id=%00"]) {
      const answer = await send(path);
      expect(answer.status, path).toBeLessThan(500);
    }
    const cookie = await adminSession();
    for (const path of ["/admin/users?q=%00", "/admin/consultations?q=%00", "/admin/bookings?q=%00", "/admin/seminars?q=%00"]) {
      expect((await send(path, { cookie })).status, path).toBe(200);
    }
  });
});
