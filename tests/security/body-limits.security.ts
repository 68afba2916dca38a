import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "../../app/features/blog/images.server.ts";
import { startSiteServer } from "../e2e/support/global-setup.ts";
import { adminSession, baseURL, bookableSeminarIds, mainOf, send, type Answer } from "./support/http.ts";
import { rawPost } from "./support/raw-post.ts";
import { holdSeat, linkedId, requestConsultation, visitorWith } from "./support/submissions.ts";

// Request body limits (issue 8): forms over 64 KB are refused (413) and save nothing; the
// auth endpoints and the Stripe webhook, which read JSON themselves, are cut off by the
// server's body limit (server/body-limit.ts) before they hold a large body; blog image
// uploads are refused when too large or not an image, with a message saying so.

const TOO_LARGE_FORM = "That form is too large to send. Please shorten your message and try again.";
const padding = "x".repeat(70 * 1024);

async function notSaved(path: string, email: string) {
  const page = await send(`${path}?q=${encodeURIComponent(email)}`, { cookie: await adminSession() });
  expect(mainOf(page.text), `${email} in ${path}`).not.toContain(email);
}

describe("forms over 64 KB", () => {
  let seminarId = "";
  let consultationId = "";
  let checkoutPath = "";
  beforeAll(async () => {
    [seminarId = ""] = await bookableSeminarIds();
    const visitor = visitorWith("Zanele", "limits-pay");
    await requestConsultation("paid", visitor);
    consultationId = await linkedId(`/admin/consultations?q=${encodeURIComponent(visitor.email)}`, "view");
    const bookingId = await holdSeat(seminarId, visitorWith("Zanele", "limits-checkout"));
    checkoutPath = new URL((await send(`/events/book/${seminarId}`, { form: { intent: "pay", bookingId } })).location!).pathname;
  });

  it.each(["/consultations/book", "/consultations/book-free"])("%s answers 413 with a message and saves nothing", async (path) => {
    const visitor = visitorWith("Zanele", "too-large");
    const answer = await send(path, { form: { ...visitor, notes: padding, preferredContact: "email", preferredTime: "morning" } });
    expect(answer.status).toBe(413);
    expect(mainOf(answer.text)).toContain(TOO_LARGE_FORM);
    await notSaved("/admin/consultations", visitor.email);
  });

  it("the seminar booking answers 413 with a message and holds no seat", async () => {
    const visitor = visitorWith("Zanele", "too-large-seat");
    const answer = await send(`/events/book/${seminarId}`, { form: { intent: "book", ...visitor, notes: padding } });
    expect(answer.status).toBe(413);
    expect(mainOf(answer.text)).toContain(TOO_LARGE_FORM);
    await notSaved("/admin/bookings", visitor.email);
  });

  it("a form sent in chunks (no Content-Length) is refused before the rest is read", async () => {
    const answer = await rawPost(baseURL, "/consultations/book", { total: 4 * 1024 * 1024, declare: false, contentType: "application/x-www-form-urlencoded", fill: "x" });
    expect([0, 413], answer.body.slice(0, 200)).toContain(answer.status);
    expect(answer.sent).toBeLessThan(2 * 1024 * 1024);
  });

  type Oversized = { name: string; path: () => string; form: Record<string, string>; admin: boolean };
  it.each<Oversized>([
    { name: "the admin sign-in form", path: () => "/admin/login", form: { intent: "sign-in", email: "admin@thula.example", password: padding }, admin: false },
    { name: "the cookie choice", path: () => "/consent", form: { choice: "all", returnTo: `/${padding}` }, admin: false },
    { name: "the consultation payment page", path: () => `/consultations/pay/${consultationId}`, form: { intent: "pay", padding }, admin: false },
    { name: "the test checkout", path: () => checkoutPath, form: { intent: "pay", padding }, admin: false },
    { name: "the admin portal's sign-out", path: () => "/admin.data", form: { intent: "sign-out", padding }, admin: true },
  ])("$name refuses it with 413", async ({ path, form, admin }) => {
    const answer = await send(path(), { form, cookie: admin ? await adminSession() : undefined });
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
    expect(answer.headers.getSetCookie().filter((cookie) => /session_token|thula_consent/.test(cookie))).toEqual([]);
  });

  it("an admin action answers 413 and creates nothing", async () => {
    const contact = visitorWith("Zanele", "too-large-admin");
    const answer = await send("/admin/users", {
      cookie: await adminSession(),
      form: { intent: "create-user", firstName: "Zanele", lastName: "Dube", email: contact.email, preferredContact: "email", address: padding },
    });
    expect(answer.status).toBe(413);
    await notSaved("/admin/users", contact.email);
  });
});

describe("JSON endpoints", () => {
  const TEN_MB = 10 * 1024 * 1024;

  it.each(["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/stripe/webhook"])("%s refuses a declared 10 MB body before it is sent", async (path) => {
    const answer = await rawPost(baseURL, path, { total: TEN_MB, declare: true });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(TEN_MB);
  });

  it.each(["/api/auth/sign-in/email", "/api/auth/request-password-reset"])("%s cuts off a chunked body past 1 MB", async (path) => {
    const answer = await rawPost(baseURL, path, { total: TEN_MB, declare: false });
    expect([0, 413]).toContain(answer.status);
    expect(answer.sent).toBeLessThan(TEN_MB / 2);
  });

  describe("with Stripe configured (the webhook reads its body)", () => {
    let stripe: Awaited<ReturnType<typeof startSiteServer>>;
    beforeAll(async () => {
      stripe = await startSiteServer({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_test_limits", STRIPE_WEBHOOK_SECRET: "whsec_limits" });
    });
    afterAll(() => stripe?.stop());

    it("/api/stripe/webhook refuses a large body, declared or chunked, without reading it all", async () => {
      for (const declare of [true, false]) {
        const answer = await rawPost(stripe.baseURL, "/api/stripe/webhook", { total: TEN_MB, declare });
        expect(declare ? [413] : [0, 413], `declared: ${declare}`).toContain(answer.status);
        expect(answer.sent).toBeLessThan(TEN_MB / 2);
      }
      // A small unsigned event is read and refused for its signature, so the route is reached.
      const unsigned = await fetch(new URL("/api/stripe/webhook", stripe.baseURL), { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
      expect(unsigned.status).toBe(400);
    });
  });
});

describe("blog image uploads", () => {
  async function upload(file: Blob, name: string): Promise<Answer> {
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "upload", title: "Upload test", intro: "An intro for the upload test.", body: "Body", tag: "News" })) form.set(key, value);
    form.set("heroImageFile", file, name);
    return send("/admin/blog/new", { cookie: await adminSession(), form });
  }

  it("refuses an image over 5 MB with a message saying so", async () => {
    const answer = await upload(new Blob([new Uint8Array(MAX_IMAGE_BYTES + 200 * 1024)], { type: "image/jpeg" }), "huge.jpg");
    expect(answer.status).toBe(413);
    expect(mainOf(answer.text)).toContain(IMAGE_TOO_LARGE);
  });

  it.each([
    ["an SVG named .png", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>', "image/png", "photo.png"],
    ["an HTML page named .jpg", "<!doctype html><script>alert(1)</script>", "image/jpeg", "photo.jpg"],
    ["a text file", "just some text", "text/plain", "notes.txt"],
    ["a PNG signature followed by script", "\u0089PNG\r\n\u001a\n<script>alert(1)</script>", "image/png", "fake.png"],
  ])("refuses %s as not an image, and stores nothing", async (_name, content, type, filename) => {
    const answer = await upload(new Blob([content], { type }), filename);
    expect(answer.status).toBe(422);
    expect(mainOf(answer.text)).toContain(IMAGE_WRONG_TYPE);
    expect(answer.text).not.toMatch(/\/uploads\/blog\/[a-z0-9-]+\.webp/);
  });

  it("the editor's own cap stops a body far over it at the server, before the editor reads it", async () => {
    const answer = await rawPost(baseURL, "/admin/blog/new", { total: 40 * 1024 * 1024, declare: true, contentType: "multipart/form-data; boundary=x" });
    expect(answer.status).toBe(413);
  });
});
