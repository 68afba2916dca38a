import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { consultationHighlights, consultationOutcomes } from "~/content/consultations.ts";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
import { expectNoAxeViolations, openPage, useBrowser, visitPage, type ViewportName } from "./support/browser.ts";

// /consultations, the paid and free booking forms, the pay page, and bad input posted by
// hand (docs/product.md §2.12–§2.14, §6.4, §11.1, §1.5).
//
// Every test in this file shares one client address, and the booking forms allow 8 posts
// per 15 minutes per address. The browser tests post 6 times; the fuzz at the end uses the
// rest and then meets the limit, which must answer 429 with a readable message.

const browser = useBrowser();
let uniqueCounter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++uniqueCounter}@example.co.za`;

const visit = (path: string, viewport: ViewportName, options?: { javaScriptEnabled?: boolean }) => visitPage(browser(), path, viewport, options);

async function expectOneH1(page: Page, name: string) {
  expect(await page.locator("h1").count()).toBe(1);
  expect((await page.locator("h1").innerText()).replace(/\s+/g, " ").trim()).toBe(name);
}

const mainText = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ");

async function fillContactDetails(page: Page, email: string) {
  await page.getByLabel("First name").fill("Thandi");
  await page.getByLabel("Last name").fill("Nkosi");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Phone number").fill("+27 82 555 0123");
}

/** The element that has focus: its id, name or the id its label points at. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { id: element?.id ?? "", labelledBy: element?.getAttribute("aria-labelledby") ?? "", inDialog: Boolean(element?.closest("[role=dialog]")) };
  });

for (const viewport of ["mobile", "desktop"] as const) {
  describe(`/consultations at ${viewport} width`, () => {
    it("shows the price, highlights, outcomes, availability, the next seminar and both ways to book", async () => {
      const { page, errors, close } = await visit("/consultations", viewport);
      await expectOneH1(page, "Plan your move to the UK with someone who has made it");
      const text = await mainText(page);
      for (const expected of ["R3499.00", "60 minutes", "Including VAT and booking fee", "Monday to Friday, 9:00 - 19:00 UK time", "Online video meeting"]) {
        expect(text).toContain(expected);
      }
      const highlights = page.getByRole("region", { name: "An hour that saves you months of guesswork" });
      expect(await highlights.getByRole("listitem").count()).toBe(4);
      for (const highlight of consultationHighlights) await highlights.getByRole("heading", { level: 3, name: highlight.title }).waitFor();
      expect(consultationOutcomes.map((outcome) => outcome.title)).toEqual(["Assessment", "Advice", "Action plan"]);
      for (const outcome of consultationOutcomes) await page.getByRole("heading", { level: 3, name: outcome.title, exact: true }).waitFor();
      await page.getByRole("heading", { level: 2, name: "Availability" }).waitFor();

      await page.getByRole("heading", { name: "Join Our Next Seminar" }).waitFor();
      const seminarShown = (await page.locator("[data-testid=next-seminar]").count()) === 1;
      const emptyShown = text.includes("No scheduled seminars at the moment");
      expect(seminarShown !== emptyShown, "the card shows either the next seminar or the empty text").toBe(true);
      expect(await page.getByRole("link", { name: "View Schedule" }).getAttribute("href")).toBe("/events");

      expect(await page.locator('main a[href="/consultations/book"]').count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator('main a[href="/consultations/book-free"]').count()).toBeGreaterThanOrEqual(1);
      await page.getByRole("link", { name: "Book Your Consultation" }).first().click();
      await page.waitForURL(/\/consultations\/book$/);
      await page.goBack();
      await page.getByRole("link", { name: "Book a Free 10-Minute Call" }).click();
      await page.waitForURL(/\/consultations\/book-free$/);
      await page.goto("/consultations");
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });
  });
}

describe("the paid booking form, with JavaScript", () => {
  it("shows field errors without losing anything, then the success modal, and closing it returns to /consultations", async () => {
    // The request form: "None of these times suit me" on the time picker (consultation-slots.e2e.ts).
    const { page, errors, close } = await visit("/consultations/book?request", "desktop");
    await expectOneH1(page, "Book your private consultation");
    const text = await mainText(page);
    for (const expected of ["R3499.00", "60 minutes", "Including VAT and booking fee", "We will contact you within 24-48 hours"]) expect(text).toContain(expected);
    expect(await page.getByRole("radio", { name: /Email/ }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /Morning/ }).isChecked()).toBe(true);
    expect(await page.getByRole("group", { name: "Preferred time (UK time)" }).innerText()).toMatch(/Morning\s+9:00 - 12:00[\s\S]*Afternoon\s+12:00 - 17:00[\s\S]*Evening\s+17:00 - 19:00/);
    expect(await page.getByLabel("E-mail address").getAttribute("autocomplete")).toBe("email");
    await expectNoAxeViolations(page);

    // Submitting with most fields empty: every problem is listed, focus moves to the list, nothing typed is lost.
    await page.getByLabel("First name").fill("Thandi");
    await page.getByLabel("Tell us about your move").fill("Two children, moving in March.");
    await page.getByRole("radio", { name: /Evening/ }).check();
    await page.getByRole("button", { name: "Request My Consultation" }).click();
    const summary = page.getByRole("group", { name: "There is a problem with your details" });
    await summary.waitFor();
    expect((await focused(page)).labelledBy).toBe("form-error-summary-title");
    expect(await summary.getByRole("link").allInnerTexts()).toEqual([
      "Please enter your last name.",
      "Please enter your e-mail address.",
      "Please enter your phone number.",
    ]);
    const lastName = page.getByLabel("Last name");
    expect(await lastName.getAttribute("aria-invalid")).toBe("true");
    expect(await lastName.getAttribute("aria-describedby")).toContain("lastName-error");
    expect(await page.locator("#lastName-error").innerText()).toBe("Please enter your last name.");
    expect(await page.getByLabel("First name").inputValue()).toBe("Thandi");
    expect(await page.getByLabel("Tell us about your move").inputValue()).toBe("Two children, moving in March.");
    expect(await page.getByRole("radio", { name: /Evening/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    // A summary link takes the keyboard to its field.
    await summary.getByRole("link", { name: "Please enter your e-mail address." }).click();
    expect((await focused(page)).id).toBe("email");
    // A fixed field loses its message as the visitor types.
    await lastName.fill("Nkosi");
    expect(await page.locator("#lastName-error").count()).toBe(0);
    expect(await lastName.getAttribute("aria-invalid")).toBeNull();
    expect(await page.locator("#phone-error").count()).toBe(1);

    const email = uniqueEmail("paid.js");
    await fillContactDetails(page, email);
    await page.getByRole("radio", { name: /WhatsApp/ }).check();
    await page.getByRole("button", { name: "Request My Consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Booking request received" });
    await dialog.waitFor();
    const dialogText = (await dialog.innerText()).replace(/\s+/g, " ");
    expect(dialogText).toContain(email);
    expect(dialogText).toContain("within 24-48 hours");
    expect(dialogText).toContain("secure link to pay R3499.00 online");
    expect((await focused(page)).inDialog).toBe(true);
    // Focus stays inside the modal.
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press("Tab");
      expect((await focused(page)).inDialog).toBe(true);
    }
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Done" }).click();
    await page.waitForURL(/\/consultations$/);
    await page.getByRole("heading", { level: 1, name: "Plan your move to the UK with someone who has made it" }).waitFor();
    expect(errors).toEqual([]);
    await close();

    // The confirmation is in the outbox, with the link to pay online (read as an admin, in a browser of its own).
    const admin = await openPage(browser());
    await signInAsAdmin(admin.page);
    const confirmation = await findOutboxEmail(admin.page, { to: email, kind: "consultation-requested" });
    expect(confirmation.subject).toBe("We've received your consultation request");
    expect(confirmation.text).toContain("/consultations/pay/");
    expect(admin.errors).toEqual([]);
    await admin.close();
  });
});

describe("the free booking form, with JavaScript", () => {
  it("books a free call, shows the success modal, and closing it returns to /consultations", async () => {
    const { page, errors, close } = await visit("/consultations/book-free?request", "mobile");
    await expectOneH1(page, "Book your free intro call");
    expect(await mainText(page)).toContain("Free 10-minute intro call");
    expect(await mainText(page)).toContain("We will contact you within 24-48 hours");
    await expectNoAxeViolations(page);

    const email = uniqueEmail("free.js");
    await fillContactDetails(page, email);
    await page.locator("#address").fill("12 Jacaranda Street, Durban");
    await page.getByRole("radio", { name: /Phone/ }).check();
    await page.getByRole("radio", { name: /Afternoon/ }).check();
    await page.getByRole("button", { name: "Request My Free Call" }).click();
    const dialog = page.getByRole("dialog", { name: "Booking request received" });
    await dialog.waitFor();
    const dialogText = (await dialog.innerText()).replace(/\s+/g, " ");
    // The address decided the type: a free call, with nothing to pay.
    expect(dialogText).toContain("free 10-minute intro call");
    expect(dialogText).toContain(email);
    expect(dialogText).not.toContain("R3499.00");

    await page.keyboard.press("Escape");
    await page.waitForURL(/\/consultations$/);
    await page.getByRole("heading", { level: 1, name: "Plan your move to the UK with someone who has made it" }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the paid booking form, without JavaScript", () => {
  it("posts to the page: errors keep every value (422), then the success content is the page", async () => {
    const { page, close } = await visit("/consultations/book?package=premium&request", "mobile", { javaScriptEnabled: false });
    expect(await page.getByLabel("Tell us about your move").inputValue()).toBe("I'm interested in the Premium package.");
    await page.getByLabel("First name").fill("Sipho");
    await page.getByRole("radio", { name: /Afternoon/ }).check();
    const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Request My Consultation" }).click()]);
    expect(refused?.status()).toBe(422);
    await page.getByRole("group", { name: "There is a problem with your details" }).waitFor();
    expect(await page.locator("#email-error").innerText()).toBe("Please enter your e-mail address.");
    expect(await page.getByLabel("First name").inputValue()).toBe("Sipho");
    expect(await page.getByLabel("Tell us about your move").inputValue()).toBe("I'm interested in the Premium package.");
    expect(await page.getByRole("radio", { name: /Afternoon/ }).isChecked()).toBe(true);

    const email = uniqueEmail("paid.nojs");
    await fillContactDetails(page, email);
    const [accepted] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Request My Consultation" }).click()]);
    expect(accepted?.status()).toBe(200);
    await expectOneH1(page, "Booking request received");
    const text = await mainText(page);
    expect(text).toContain(email);
    expect(text).toContain("within 24-48 hours");
    expect(await page.getByRole("link", { name: "Back to consultations" }).getAttribute("href")).toBe("/consultations");
    await close();
  });

  it("renders an accessible success page (axe needs script, so the site's own scripts are blocked instead)", async () => {
    const { page, close } = await openPage(browser(), { viewport: "desktop" });
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto("/consultations/book-free?request");
    await fillContactDetails(page, uniqueEmail("free.nojs"));
    const [accepted] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Request My Free Call" }).click()]);
    expect(accepted?.status()).toBe(200);
    await expectOneH1(page, "Booking request received");
    expect(await mainText(page)).toContain("free 10-minute intro call");
    await expectNoAxeViolations(page);
    await close();
  });
});

describe("the honeypot", () => {
  it("is hidden from people, and a bot that fills it is shown the same success", async () => {
    const { page, errors, close } = await visit("/consultations/book?request", "desktop");
    const honeypot = page.locator('input[name="website"]');
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    expect(await honeypot.evaluate((input) => input.getBoundingClientRect().right <= 0)).toBe(true);
    await fillContactDetails(page, uniqueEmail("bot"));
    await honeypot.evaluate((input: HTMLInputElement) => (input.value = "https://cheap-pills.example"));
    await page.getByRole("button", { name: "Request My Consultation" }).click();
    await page.getByRole("dialog", { name: "Booking request received" }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the pay-online page", () => {
  it("answers 404 'Consultation not found' for unknown and malformed booking ids", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-booking"]) {
      const response = await page.goto(`/consultations/pay/${id}`);
      expect(response?.status()).toBe(404);
      await expectOneH1(page, "Consultation not found");
      expect(await page.getByRole("link", { name: "Back to consultations" }).getAttribute("href")).toBe("/consultations");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    }
    await expectNoAxeViolations(page);
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    const paying = await fetch(`${inject("baseURL")}/consultations/pay/not-a-booking`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=pay",
      redirect: "manual",
    });
    expect(paying.status).toBe(404);
    await close();
  });
});

type FuzzCase = { label: string; path: string; body: string | URLSearchParams; contentType?: string; expected: number[]; messages: string[] };

const field = (entries: Array<[string, string]>) => new URLSearchParams(entries);
const valid: Array<[string, string]> = [
  ["firstName", "Thandi"],
  ["lastName", "Nkosi"],
  ["email", "fuzz@example.co.za"],
  ["phone", "+27 82 555 0123"],
];
const without = (name: string) => valid.filter(([key]) => key !== name);

describe("bad input posted by hand to both forms", () => {
  it("always answers a clear 4xx with a message, never a 500", async () => {
    const clear = [422, 429];
    const cases: FuzzCase[] = [
      // The first posts still fit under the rate limit: they must be 422 with the field messages.
      {
        label: "every field empty",
        path: "/consultations/book",
        body: field([["firstName", ""], ["lastName", ""], ["email", ""], ["phone", ""], ["address", ""], ["notes", ""], ["preferredContact", ""], ["preferredTime", ""]]),
        expected: [422],
        messages: ["Please enter your first name.", "Please choose a preferred time: morning, afternoon or evening."],
      },
      {
        label: "an unknown preferred time and contact",
        path: "/consultations/book-free",
        body: field([...valid, ["preferredTime", "midnight"], ["preferredContact", "carrier-pigeon"]]),
        expected: [422],
        messages: ["Please choose a preferred time: morning, afternoon or evening.", "Please choose how we should contact you: email, phone or WhatsApp."],
      },
      // From here on the limit may answer first.
      {
        label: "arrays through repeated keys",
        path: "/consultations/book",
        body: field([...without("firstName"), ["firstName", "Thandi"], ["firstName", "Sipho"]]),
        expected: clear,
        messages: [],
      },
      { label: "a 10k-character name", path: "/consultations/book", body: field([...without("firstName"), ["firstName", "a".repeat(10_000)]]), expected: clear, messages: [] },
      { label: "a 100k-character note", path: "/consultations/book-free", body: field([...valid, ["notes", "a".repeat(100_000)]]), expected: [413], messages: ["That form is too large to send"] },
      { label: "an emoji, RTL and zero-width e-mail", path: "/consultations/book", body: field([...without("email"), ["email", "😀\u202e\u200b@example"]]), expected: clear, messages: [] },
      {
        label: "a script as the first name, and no e-mail",
        path: "/consultations/book-free",
        body: field([...without("email").filter(([key]) => key !== "firstName"), ["firstName", "<script>window.__fuzzed = 1</script>"]]),
        expected: clear,
        messages: [],
      },
      { label: "HTML as the e-mail", path: "/consultations/book", body: field([...without("email"), ["email", '"><img src=x onerror=alert(1)>']]), expected: clear, messages: [] },
      { label: "missing every field", path: "/consultations/book-free", body: "", expected: clear, messages: [] },
      { label: "a JSON body", path: "/consultations/book", body: JSON.stringify(Object.fromEntries(valid)), contentType: "application/json", expected: [400], messages: ["The form could not be read"] },
      { label: "an unknown contact on the paid form", path: "/consultations/book", body: field([...valid, ["preferredContact", "fax"]]), expected: clear, messages: [] },
      { label: "a missing phone on the free form", path: "/consultations/book-free", body: field(without("phone")), expected: clear, messages: [] },
    ];

    const statuses: number[] = [];
    for (const fuzz of cases) {
      const response = await fetch(`${inject("baseURL")}${fuzz.path}`, {
        method: "POST",
        headers: { "Content-Type": fuzz.contentType ?? "application/x-www-form-urlencoded" },
        body: fuzz.body,
      });
      const html = await response.text();
      statuses.push(response.status);
      expect(fuzz.expected, `${fuzz.label}: got ${response.status}`).toContain(response.status);
      for (const message of fuzz.messages) expect(html, fuzz.label).toContain(message);
      if (response.status === 422) expect(html).toContain("There is a problem with your details");
      if (response.status === 429) {
        expect(html).toMatch(/Too many requests from your connection\. Please wait \d+ minutes? and try again/);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Whatever was sent back is escaped, never run.
      expect(html).not.toContain("<script>window.__fuzzed");
      expect(html).not.toContain("<img src=x onerror");
    }
    expect(statuses).not.toContain(500);
    // The limit (8 posts per 15 minutes per address) was reached during the fuzz.
    expect(statuses).toContain(429);
  });
});
