import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginIntents } from "../../app/features/admin-auth/login-form.ts";
import { findOutboxEmail, signInAsAdmin } from "../e2e/support/admin.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";
import { routesWithAction } from "./support/admin-matrix.ts";
import { baseURL, bookableSeminarIds, clientAddress, send } from "./support/http.ts";
import { expectInert, watchScripts, xssPayloads } from "./support/inert.ts";
import { holdSeat, linkedId, outboxLink, payForSeat, requestConsultation, visitorWith } from "./support/submissions.ts";

// Script injection through the public forms (issue 8): every payload in every field of every
// public form, as the page answers a refused post; the visitor's journeys through the success
// pages with payloads in the names; and payloads in every address parameter a page shows back.

const browser = browserForThisFile();

// Set up before the tests are collected: the forms' addresses name these records.
const [seminarId = ""] = await bookableSeminarIds();
const paidConsultationId = await (async () => {
  const visitor = visitorWith("Thandi", "pay-page");
  await requestConsultation("paid", visitor);
  return linkedId(`/admin/consultations?q=${encodeURIComponent(visitor.email)}`, "view");
})();
// An open test checkout (not paid), for its page's form.
const checkoutSessionId = await (async () => {
  const bookingId = await holdSeat(seminarId, visitorWith("Sipho", "checkout-page"));
  const checkout = await send(`/events/book/${seminarId}`, { form: { intent: "pay", bookingId } });
  return new URL(checkout.location!).pathname.split("/").pop()!;
})();
// A paid booking's "manage my booking" page, by the signed link in its confirmation e-mail.
const managePath = await (async () => {
  const visitor = visitorWith("Lindi", "manage-page");
  await payForSeat(seminarId, await holdSeat(seminarId, visitor));
  return outboxLink(visitor.email, "seminar-booking-confirmed", /\/bookings\/[A-Za-z0-9._-]+/);
})();
// A consultation's manage page, by the signed link in the e-mail of a free call booked in a time slot.
const consultationManagePath = await (async () => {
  const visitor = visitorWith("Ayanda", "consultation-manage");
  const times = [...(await send("/consultations/book-free")).text.matchAll(/name="slot" value="([^"]+)"/g)].map((match) => match[1]!);
  const booked = await send("/consultations/book-free", { form: { ...visitor, preferredContact: "email", booking: "slot", slot: times.at(-1)!, timeZone: "Africa/Johannesburg", website: "" } });
  expect(booked.status, "a free call in a time slot").toBe(200);
  return outboxLink(visitor.email, "intro-call-booked", /\/consultations\/manage\/[A-Za-z0-9._-]+/);
})();
// A waitlist offer's page: a place taken while seats are free is offered them at once.
const offerPath = await (async () => {
  const { firstName, lastName, email, phone } = visitorWith("Cebo", "waitlist-offer");
  const joined = await send(`/events/book/${seminarId}`, { form: { intent: "join-waitlist", firstName, lastName, email, phone, seats: "1" } });
  expect(joined.status, "a place on the waitlist").toBe(200);
  return outboxLink(email, "seminar-waitlist-offer", /\/waitlist\/offer\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/);
})();

type PublicForm = {
  name: string;
  path: string;
  intent?: string;
  /** Every field the form sends; each gets the payload. */
  fields: readonly string[];
  /** The fields a refused post fills in again with what was typed. */
  refilled: readonly string[];
  /** The answer shows the payload as text (a filled honeypot is answered like a success, naming the e-mail typed). */
  shown?: boolean;
};

const contactFields = ["firstName", "lastName", "email", "phone", "address", "notes", "preferredContact"] as const;
const typedFields = ["firstName", "lastName", "email", "phone", "address", "notes"] as const;

/** Every public form, each intent on its own: the fields it sends (all get the payload) and its intent. */
function publicForms(): PublicForm[] {
  return [
    { name: "paid consultation", path: "/consultations/book", fields: [...contactFields, "preferredTime"], refilled: typedFields },
    { name: "free intro call", path: "/consultations/book-free", fields: [...contactFields, "preferredTime"], refilled: typedFields },
    { name: "paid consultation, honeypot filled", path: "/consultations/book", fields: [...contactFields, "preferredTime", "website"], refilled: [], shown: true },
    { name: "seminar booking", path: `/events/book/${seminarId}`, intent: "book", fields: contactFields, refilled: typedFields },
    { name: "seminar booking: pay", path: `/events/book/${seminarId}`, intent: "pay", fields: ["bookingId"], refilled: [] },
    { name: "seminar booking: cancel", path: `/events/book/${seminarId}`, intent: "cancel", fields: ["bookingId"], refilled: [] },
    { name: "seminar booking: join the waitlist", path: `/events/book/${seminarId}`, intent: "join-waitlist", fields: ["firstName", "lastName", "email", "phone", "seats"], refilled: [] },
    // The version is refused (not a number), so the names come back as typed.
    { name: "manage my booking: rename", path: managePath, intent: "rename", fields: ["version", "name1"], refilled: ["name1"] },
    { name: "manage my booking: cancel a seat", path: managePath, intent: "cancel-seat", fields: ["seat"], refilled: [] },
    // Seat 2 is not on a one-seat offer, so the claim is refused and holds nothing.
    { name: "waitlist offer: pay", path: offerPath, intent: "pay", fields: ["ticketName1", "ticketName2"], refilled: [] },
    { name: "waitlist offer: leave", path: offerPath, intent: "leave", fields: ["reason"], refilled: [] },
    // Last on the page: it ends the booking (each later post is answered "already cancelled").
    { name: "manage my booking: cancel the booking", path: managePath, intent: "cancel-booking", fields: ["reason"], refilled: [] },
    { name: "consultation payment", path: `/consultations/pay/${paidConsultationId}`, fields: ["intent"], refilled: [] },
    // The version is refused (not a number): nothing moves or is cancelled.
    { name: "consultation: move", path: consultationManagePath, intent: "move", fields: ["version", "slot", "timeZone"], refilled: [] },
    { name: "consultation: cancel", path: consultationManagePath, intent: "cancel", fields: ["version", "confirm"], refilled: [] },
    { name: "test checkout", path: `/checkout/test/${checkoutSessionId}`, fields: ["intent"], refilled: [] },
    { name: "cookie choice", path: "/consent", fields: ["choice", "analytics", "marketing", "returnTo"], refilled: [] },
    ...loginIntents.map((intent) => ({
      name: `admin login: ${intent}`,
      path: "/admin/login",
      intent,
      fields: ["email", "password", "code", "token"],
      refilled: intent === "update-password" ? [] : ["email"],
    })),
  ];
}

/** Navigates the page to the answer of a form post, as a browser without JavaScript would submit it. */
async function openPosted(page: Page, path: string, fields: Record<string, string>) {
  const url = new URL(path, baseURL).href;
  await page.route(
    url,
    (route) =>
      route.continue({
        method: "POST",
        postData: new URLSearchParams(fields).toString(),
        headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientAddress() },
      }),
    { times: 1 },
  );
  return page.goto(url);
}

describe("a payload in every field of every public form", () => {
  it("covers every public route with an action", async () => {
    const publicActions = (await routesWithAction())
      .filter((route) => !/^\/admin(\/|$)/.test(route.url) || route.url === "/admin/login")
      .filter((route) => !route.url.startsWith("/api/"))
      .map((route) => route.url.replace(/\/00000000-0000-4000-8000-000000000000$/, ""));
    const covered = publicForms().map((form) => form.path.replace(/\/[0-9a-z._-]{20,}$/i, ""));
    expect(publicActions.filter((url) => !covered.includes(url)), "a public form without XSS coverage here").toEqual([]);
  });

  it.each(publicForms())("$name: the answer to a post shows every payload as text and runs none", async (form) => {
    const { page, close } = await openPage(browser());
    const watch = watchScripts(page);
    for (const payload of xssPayloads) {
      const fields: Record<string, string> = Object.fromEntries(form.fields.map((field) => [field, payload]));
      if (form.intent) fields.intent = form.intent;
      const response = await openPosted(page, form.path, fields);
      expect(response?.status(), `${form.name} with ${payload}`).toBeLessThan(500);
      // Every script loaded and run: React has hydrated the page or its error page (a plain answer has none).
      if ((await page.locator("script[type=module]").count()) > 0) await waitForHydration(page);
      await expectInert(watch, `${form.name} with ${payload}`, form.shown ? [payload] : []);
      // A refused form is refilled with what was typed: as the inputs' values, never as markup.
      for (const field of form.refilled) {
        const values = await page.locator(`form [name="${field}"]`).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        expect(values.length, `${form.name}: ${field} refilled`).toBeGreaterThan(0);
        for (const value of values) expect(value, `${form.name}: ${field} refilled`).toBe(payload);
      }
    }
    await close();
  });
});

describe("the visitor's journeys with payloads in their names", () => {
  it.each(["paid", "free"] as const)("the %s consultation booked in a time slot: the success dialog and the payment page run nothing", async (type) => {
    const payload = xssPayloads[type === "paid" ? 1 : 2];
    const { page, context, close } = await openPage(browser());
    await context.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
    const watch = watchScripts(page);
    await page.goto(type === "paid" ? "/consultations/book" : "/consultations/book-free");
    await waitForHydration(page);
    const visitor = visitorWith(payload, `journey-${type}`);
    await page.getByLabel(/^First name/).fill(visitor.firstName);
    await page.getByLabel(/^Last name/).fill(visitor.lastName);
    await page.getByLabel(/^E-mail address/).fill(visitor.email);
    await page.getByLabel(/^Phone number/).fill(visitor.phone);
    await page.getByLabel(/^Address/).fill(visitor.address);
    await page.getByLabel(/^Tell us about your move/).fill(visitor.notes);
    await page.getByRole("group", { name: /^Free times on / }).getByRole("radio").first().check();
    await page.getByRole("button", { name: type === "paid" ? "Continue to Payment" : "Book My Free Call" }).click();
    if (type === "paid") {
      // The time is held, and the visitor goes on to pay.
      await page.waitForURL((url) => url.pathname.startsWith("/consultations/pay/"));
      await waitForHydration(page);
      await expectInert(watch, "the consultation payment page");
    } else {
      await page.getByRole("dialog", { name: "Your call is booked" }).waitFor();
      await expectInert(watch, `the ${type} consultation's success dialog`, [visitor.email]);
    }
    await close();
  });

  it("the seminar booking: reserved, test checkout, payment success and the confirmation e-mail run nothing", async () => {
    const payload = xssPayloads[0];
    const { page, context, close } = await openPage(browser());
    await context.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
    const watch = watchScripts(page);
    await page.goto(`/events/book/${seminarId}`);
    await waitForHydration(page);
    const visitor = visitorWith(payload, "journey-seminar");
    await page.getByLabel(/^First name/).fill(visitor.firstName);
    await page.getByLabel(/^Last name/).fill(visitor.lastName);
    await page.getByLabel(/^E-mail address/).fill(visitor.email);
    await page.getByLabel(/^Phone number/).fill(visitor.phone);
    await page.getByLabel(/^Address/).fill(visitor.address);
    await page.getByLabel(/^Notes/).fill(visitor.notes);
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
    await dialog.waitFor();
    await expectInert(watch, "the seat-reserved dialog");
    await dialog.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await expectInert(watch, "the test checkout");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.pathname === "/payment-success");
    await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
    await expectInert(watch, "the payment success page");

    await signInAsAdmin(page);
    await findOutboxEmail(page, { to: visitor.email, kind: "seminar-booking-confirmed" });
    await expectInert(watch, "the confirmation e-mail in the outbox");
    const html = (await page.locator("iframe[sandbox]").getAttribute("srcdoc")) ?? "";
    expect(html).toContain("&lt;script&gt;window.__xss=1&lt;/script&gt;");
    expect(html).not.toContain(payload);
    await close();
  });
});

describe("address parameters a page shows back", () => {
  const reflected = (payload: string) => {
    const q = encodeURIComponent(payload);
    return [
      `/events?q=${q}&location=${q}&from=${q}&to=${q}&page=${q}`,
      `/blog?q=${q}&tag=${q}`,
      `/consultations/book?package=${q}`,
      `/payment-success?session_id=${q}`,
      `/events?cancelled=${q}`,
      `/admin/login?view=update_password&token=${q}&error=${q}`,
      `/admin/login?view=${q}&reason=${q}&email=${q}`,
      `/blog/${q}`,
      `/no-such-page/${q}`,
    ];
  };

  it.each(xssPayloads)("%s: shown as text where it is shown, and never run", async (payload) => {
    const { page, close } = await openPage(browser());
    const watch = watchScripts(page);
    for (const path of reflected(payload)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await expectInert(watch, path);
    }
    // The search boxes keep what was searched for.
    await page.goto(reflected(payload)[0]!);
    await waitForHydration(page);
    expect(await page.getByRole("searchbox", { name: "Search events" }).inputValue()).toBe(payload);
    await page.goto(reflected(payload)[1]!);
    await waitForHydration(page);
    expect(await page.locator('input[name="q"]').first().inputValue()).toBe(payload);
    await expectInert(watch, "the search boxes");
    await close();
  });
});
