import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/format.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
import { eventually, expectNoAxeViolations, openPage, useBrowser as launchBrowser, waitForHydration, type TestPage, type ViewportName } from "./support/browser.ts";

// The seminar journey: /events (filters, pages), the booking page, the payment dialog, the
// built-in test checkout and /payment-success. Seminars are found through the list, never
// by id: the demo data is seeded fresh for each run.

const browser = launchBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];
const rand = /^R\d+\.\d{2}$/;

/** Server round trips on the embedded database can take a moment: poll for up to 10 s. */

/** Console errors, less the ones a 4xx answer makes the browser print by design. */
function unexpected(errors: string[], ...statuses: number[]) {
  return errors.filter((error) => !statuses.some((status) => error.includes(`status of ${status}`)));
}

const cards = (page: Page) => page.getByRole("list", { name: "Upcoming events" }).getByRole("article");

/**
 * The city and date of every card on the page, read in one pass: a list that re-renders between
 * the reads of one card and the next cannot leave a read waiting for a card that has gone.
 */
async function allCardFacts(page: Page) {
  return cards(page).evaluateAll((articles) =>
    articles.map((card) => ({
      city: card.querySelector("[data-testid='event-city']")?.textContent?.trim(),
      date: card.querySelector("time")?.getAttribute("datetime") ?? null,
    })),
  );
}

function spotsNumber(text: string | null | undefined): number {
  const match = /^(\d+) spots? remaining$/.exec(text?.trim() ?? "");
  if (!match) throw new Error(`Not a spots label: ${text}`);
  return Number(match[1]);
}

/** The nth bookable card on /events page 1: its booking address and its spots. */
async function bookableSeminar(page: Page, nth: number) {
  await page.goto("/events");
  const link = page.getByRole("link", { name: "Reserve Your Spot" }).nth(nth);
  const href = await link.getAttribute("href");
  const card = cards(page).filter({ has: page.locator(`a[href="${href}"]`) });
  return { href: href!, spots: spotsNumber(await card.getByTestId("event-spots").textContent()) };
}

async function fillBookingForm(page: Page, who: { firstName: string; email: string }) {
  await page.getByLabel(/^First name/).fill(who.firstName);
  await page.getByLabel(/^Last name/).fill("Dlamini");
  await page.getByLabel(/^E-mail address/).fill(who.email);
  await page.getByLabel(/^Phone number/).fill("+27 82 555 0123");
  await page.getByLabel(/^Address/).fill("12 Florida Road, Durban");
  await page.getByLabel(/^Notes/).fill("Coming with my partner <b>Sipho</b> — ñandú 🇿🇦");
  await page.getByRole("radio", { name: "WhatsApp" }).check();
}

async function waitForUrl(page: Page, predicate: (url: URL) => boolean) {
  await eventually(() => predicate(new URL(page.url()))).toBe(true);
}

describe.each(viewportNames)("/events at %s width", (viewport) => {
  it("shows the hero price card, the sections, six cards a page and pagination", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/events");
    await waitForHydration(page);

    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect((await page.getByTestId("hero-price").textContent())?.trim()).toMatch(rand);
    await eventually(() => page.getByRole("complementary", { name: "Seminar price" }).textContent()).toMatch(/from\s*R\d+\.\d{2}/);
    for (const heading of ["Why Attend?", "What You'll Learn", "Where and When?", "Can't Attend an Event?"]) {
      expect(await page.getByRole("heading", { level: 2, name: heading }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("link", { name: "Book a Private Consultation" }).getAttribute("href")).toBe("/consultations/book");
    expect(await page.getByRole("link", { name: "Book a Free Intro Call" }).getAttribute("href")).toBe("/consultations/book-free");

    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const first = cards(page).first();
    expect(await first.getByText(/^R\d+\.\d{2}$/).count()).toBe(1);
    expect(await first.getByText("per person").count()).toBe(1);
    expect(await first.getByText(/^(\d+ spots? remaining|Fully booked)$/).count()).toBe(1);

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    expect(await pagination.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(await pagination.getByRole("link", { name: "Next" }).getAttribute("href")).toContain("page=2");
    expect(await page.getByRole("status").filter({ hasText: /upcoming events?/ }).textContent()).toMatch(/Showing 1–6 of \d+ upcoming events/);

    await expectNoAxeViolations(page);

    // 'View Upcoming Events' scrolls to the list, 100px below the top of the window.
    await page.getByRole("link", { name: "View Upcoming Events" }).click();
    await eventually(() => page.evaluate(() => Math.abs(document.getElementById("upcoming-events")!.getBoundingClientRect().top - 100) <= 1), { timeout: 5_000 })
      .toBe(true);

    // Page 2 keeps working and marks itself current.
    await pagination.getByRole("link", { name: "Next" }).click();
    await waitForUrl(page, (url) => url.searchParams.get("page") === "2");
    await eventually(() => pagination.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(await cards(page).count()).toBeGreaterThan(0);

    expect(errors).toEqual([]);
    await close();
  });

  it("filters by city and dates in the URL, starting again at page 1", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/events?page=2");
    await waitForHydration(page);
    const today = todayIn("Africa/Johannesburg");
    const until = addDays(today, 30);

    // The location popover: open, tick Durban, Escape closes it and returns focus.
    const locationTrigger = page.getByRole("button", { name: /^Locations:/ });
    await locationTrigger.click();
    expect(await locationTrigger.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("checkbox", { name: "Durban" }).check();
    await waitForUrl(page, (url) => url.searchParams.getAll("location").join() === "Durban");
    expect(new URL(page.url()).searchParams.has("page")).toBe(false);
    await page.keyboard.press("Escape");
    expect(await locationTrigger.getAttribute("aria-expanded")).toBe("false");
    expect(await locationTrigger.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await locationTrigger.textContent()).toContain("Durban");

    // The date range: today onwards only.
    await page.getByRole("button", { name: "Select dates" }).click();
    const from = page.getByLabel("From", { exact: true });
    expect(await from.getAttribute("min")).toBe(today);
    await from.fill(today);
    await page.getByLabel("To", { exact: true }).fill(until);
    await waitForUrl(page, (url) => url.searchParams.get("from") === today && url.searchParams.get("to") === until);
    await page.keyboard.press("Escape");
    await eventually(async () => (await cards(page).count()) > 0).toBe(true);
    await eventually(() => page.getByRole("button", { name: /^Dates:/ }).isVisible()).toBe(true);

    const url = new URL(page.url());
    expect(url.searchParams.getAll("location")).toEqual(["Durban"]);
    expect(url.searchParams.has("page")).toBe(false);
    // Read with the address, so a failure says which list was on screen and for which filters.
    await eventually(async () => ({
      search: new URL(page.url()).search,
      afterRange: (await allCardFacts(page)).map((facts) => facts.date!).filter((date) => date > until),
    })).toEqual({ search: expect.stringContaining(`to=${until}`), afterRange: [] });
    for (const facts of await allCardFacts(page)) {
      expect(facts.city).toBe("Durban");
      expect(facts.date! >= today && facts.date! <= until, `${facts.date} within ${today}..${until}`).toBe(true);
    }

    // 'Clear dates' drops only the dates.
    await page.getByRole("button", { name: /^Dates:/ }).click();
    await page.getByRole("button", { name: "Clear dates" }).click();
    await waitForUrl(page, (next) => !next.searchParams.has("from") && next.searchParams.get("location") === "Durban");

    // The filtered list is a shareable URL that renders on the server.
    const shared = await openPage(browser(), { viewport, javaScriptEnabled: false });
    await shared.page.goto(`/events?location=Durban&from=${today}&to=${until}`);
    const shown = await allCardFacts(shared.page);
    expect(shown.length).toBeGreaterThan(0);
    for (const facts of shown) expect(facts.city).toBe("Durban");
    await shared.close();

    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("narrows the list with 'Search events...' and offers 'Clear filters' when nothing matches", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/events");
    await waitForHydration(page);
    const before = (await page.getByRole("status").filter({ hasText: /upcoming event/ }).textContent()) ?? "";

    const search = page.getByRole("searchbox", { name: "Search events" });
    expect(await search.getAttribute("placeholder")).toBe("Search events...");
    await search.fill("pretoria");
    await waitForUrl(page, (url) => url.searchParams.get("q") === "pretoria");
    await eventually(() => page.getByRole("status").filter({ hasText: /upcoming event/ }).textContent()).not.toBe(before);
    await eventually(async () => (await allCardFacts(page)).every((facts) => facts.city === "Pretoria")).toBe(true);
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);

    await search.fill("no such seminar anywhere");
    await eventually(() => page.getByText("No events match your filters.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Clear filters" }).last().click();
    await waitForUrl(page, (url) => url.search === "");
    await eventually(() => search.inputValue()).toBe("");
    await eventually(() => cards(page).count()).toBeGreaterThan(0);

    expect(errors).toEqual([]);
    await close();
  });
});

describe("booking a seminar seat", () => {
  it("books and pays through the test checkout, with errors shown and nothing typed lost", async () => {
    const { page, errors, close } = await openPage(browser());
    const seminar = await bookableSeminar(page, 0);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Reserve Your Spot" }).first().click();
    await waitForUrl(page, (url) => url.pathname === seminar.href);
    await waitForHydration(page);

    // The address changes a moment before the new page paints: read the title once it has.
    const details = page.getByRole("region", { name: "Seminar details" });
    await details.waitFor();
    const seminarTitle = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    expect(await details.getByText("2.5 hours").isVisible()).toBe(true);
    const fee = (await page.getByTestId("booking-fee").textContent())!.trim();
    expect(fee).toMatch(rand);
    expect(spotsNumber(await page.getByTestId("booking-spots").textContent())).toBe(seminar.spots);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ "@type": "Event", offers: { price: fee.slice(1), priceCurrency: "ZAR", availability: "https://schema.org/InStock" } });
    expect(jsonLd.startDate).toMatch(/T\d{2}:\d{2}:00\+02:00$/);
    await expectNoAxeViolations(page);

    // With JavaScript the form is checked with the server's own schema first: a refused form sends nothing.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });

    // Empty: every required field says what is missing, and the summary takes focus.
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    await eventually(() => page.getByLabel(/^First name/).getAttribute("aria-invalid")).toBe("true");
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toContain("Please correct the highlighted fields.");
    expect(await page.getByText("Please enter your first name.").count()).toBeGreaterThan(0);
    expect(await page.getByText("Please enter your phone number.").count()).toBeGreaterThan(0);
    expect(await page.getByLabel(/^Address/).getAttribute("aria-invalid")).toBeNull();

    // A bad e-mail: the error is shown and everything typed stays.
    await fillBookingForm(page, { firstName: "Thandi", email: "not-an-email" });
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    // The second answer has arrived once the first name is no longer in error.
    await eventually(() => page.getByLabel(/^First name/).getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByLabel(/^E-mail address/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Please enter a valid e-mail address, like name@example.com.").count()).toBeGreaterThan(0);
    expect(await page.getByLabel(/^First name/).inputValue()).toBe("Thandi");
    expect(await page.getByLabel(/^E-mail address/).inputValue()).toBe("not-an-email");
    expect(await page.getByLabel(/^Notes/).inputValue()).toContain("ñandú");
    expect(await page.getByRole("radio", { name: "WhatsApp" }).isChecked()).toBe(true);
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);

    const email = `thandi.journey.${Date.now()}@example.com`;
    await page.getByLabel(/^E-mail address/).fill(email);
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
    await dialog.waitFor();
    expect((await dialog.getByTestId("payment-amount").textContent())?.trim()).toBe(fee);
    expect(await dialog.getByText(/holding your seat until \d{2}:\d{2}/).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Pay" }).click();
    await waitForUrl(page, (url) => url.pathname.startsWith("/checkout/test/"));
    await page.getByText("Test checkout — no money moves. This site has no payment provider configured.").waitFor();
    expect((await page.getByTestId("checkout-amount").textContent())?.trim()).toBe(fee);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Pay" }).click();
    await waitForUrl(page, (url) => url.pathname === "/payment-success" && url.searchParams.has("session_id"));
    await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
    await page.getByRole("heading", { name: "Booking Confirmed" }).waitFor({ state: "visible" });
    // The confirmation fades in; axe measures contrast on what is painted, so let the fade end.
    await page.locator(".payment-confirmed").evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    expect((await page.getByTestId("amount-paid").textContent())?.trim()).toBe(fee);
    expect(await page.getByText("Amount Paid").isVisible()).toBe(true);
    expect(await page.getByText("Paid", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Browse More Events" }).getAttribute("href")).toBe("/events");
    expect(await page.getByRole("heading", { name: "What's Next?" }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectNoAxeViolations(page);

    // The confirmation, with the calendar invitation, is in the outbox (read as an admin, in a browser of its own).
    const admin = await openPage(browser());
    await signInAsAdmin(admin.page);
    const confirmation = await findOutboxEmail(admin.page, { to: email, kind: "seminar-booking-confirmed" });
    expect(confirmation.attachments).toContain("thula-seminar.ics");
    // Staff can download the invitation: a file that is a calendar.
    const [download] = await Promise.all([admin.page.waitForEvent("download"), admin.page.getByRole("link", { name: /^thula-seminar\.ics/ }).click()]);
    expect(download.suggestedFilename()).toBe("thula-seminar.ics");
    const invitation = await readFile((await download.path())!, "utf8");
    expect(invitation.startsWith("BEGIN:VCALENDAR")).toBe(true);
    // Its address serves only admins: signed out, the same request is turned away and gets no file.
    const href = await admin.page.getByRole("link", { name: /^thula-seminar\.ics/ }).getAttribute("href");
    expect(href).toMatch(/^\/admin\/outbox\/[^/]+\/attachments\/\d+$/);
    const signedIn = await admin.context.request.get(href!);
    expect(signedIn.headers()["cache-control"]).toBe("no-store");
    expect(signedIn.headers()["content-disposition"]).toContain('filename="thula-seminar.ics"');
    const signedOut = await fetch(admin.url(href!), { redirect: "manual" });
    expect([302, 303, 401, 403]).toContain(signedOut.status);
    expect(await signedOut.text()).not.toContain("BEGIN:VCALENDAR");
    expect(confirmation.subject).toContain(seminarTitle);
    expect(confirmation.text).toContain(seminarTitle);
    expect(admin.errors).toEqual([]);
    await admin.close();

    // The seat is taken for good.
    await page.goto(seminar.href);
    expect(spotsNumber(await page.getByTestId("booking-spots").textContent())).toBe(seminar.spots - 1);

    expect(unexpected(errors, 422)).toEqual([]);
    await close();
  });

  it("'Cancel' in the payment dialog releases the seat and returns to /events with the same notice as the checkout's Cancel", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile" });
    const seminar = await bookableSeminar(page, 1);
    await page.goto(seminar.href);
    await waitForHydration(page);
    await fillBookingForm(page, { firstName: "Lerato", email: "lerato.cancel@example.com" });
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
    await dialog.waitFor();
    await eventually(async () => spotsNumber(await page.getByTestId("booking-spots").textContent())).toBe(seminar.spots - 1);

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await waitForUrl(page, (url) => url.pathname === "/events");
    await page.getByText("Your reservation was cancelled and the seat released.").waitFor();
    const card = cards(page).filter({ has: page.locator(`a[href="${seminar.href}"]`) });
    expect(spotsNumber(await card.getByTestId("event-spots").textContent())).toBe(seminar.spots);
    expect(errors).toEqual([]);
    await close();
  });

  it("'Cancel' on the test checkout returns to /events with the seat released and a notice", async () => {
    const { page, errors, close } = await openPage(browser());
    const seminar = await bookableSeminar(page, 2);
    await page.goto(seminar.href);
    await waitForHydration(page);
    await fillBookingForm(page, { firstName: "Johan", email: "johan.checkout-cancel@example.com" });
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
    await dialog.getByRole("button", { name: "Pay" }).click();
    await waitForUrl(page, (url) => url.pathname.startsWith("/checkout/test/"));
    await page.getByRole("button", { name: "Cancel" }).click();
    await waitForUrl(page, (url) => url.pathname === "/events" && url.searchParams.has("cancelled"));
    await page.getByText("Your reservation was cancelled and the seat released.").waitFor();
    const card = cards(page).filter({ has: page.locator(`a[href="${seminar.href}"]`) });
    expect(spotsNumber(await card.getByTestId("event-spots").textContent())).toBe(seminar.spots);
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the fully booked seminar without a form", async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto("/events");
    // The full seminar may be on any page of the list.
    let full = cards(page).filter({ hasText: "Fully booked" });
    while ((await full.count()) === 0) {
      const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" });
      expect(await next.count(), "a fully booked seminar in the demo data").toBe(1);
      await page.goto((await next.getAttribute("href"))!);
      full = cards(page).filter({ hasText: "Fully booked" });
    }
    expect(await full.first().getByRole("link", { name: "Reserve Your Spot" }).count()).toBe(0);
    await full.first().getByRole("link", { name: "Join the waitlist" }).click();
    await page.getByRole("heading", { name: "This seminar is fully booked." }).waitFor();
    expect(await page.getByRole("link", { name: "View Other Events" }).getAttribute("href")).toBe("/events");
    expect(await page.getByRole("button", { name: "Reserve My Seat" }).count()).toBe(0);
    // No booking form: the waitlist's instead (docs/decisions/027).
    expect(await page.locator('input[name="intent"][value="book"]').count()).toBe(0);
    await page.getByRole("heading", { name: "Join the waitlist" }).waitFor();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd.offers.availability).toBe("https://schema.org/SoldOut");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it.each(["/events/book/00000000-0000-4000-8000-000000000000", "/events/book/not-an-id"])("answers %s with 404 'Seminar not found'", async (path) => {
    const { page, errors, close } = await openPage(browser());
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Seminar not found" }).waitFor();
    expect(await page.getByRole("link", { name: "Return to Events" }).getAttribute("href")).toBe("/events");
    await expectNoAxeViolations(page);
    expect(unexpected(errors, 404)).toEqual([]);
    await close();
  });

  it("books with JavaScript disabled: plain POSTs, errors inline, the payment step on the page", async () => {
    const visitor: TestPage = await openPage(browser(), { javaScriptEnabled: false });
    const { page, close } = visitor;
    const seminar = await bookableSeminar(page, 3);
    await page.goto(seminar.href);

    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    await page.getByText("Please correct the highlighted fields.").waitFor();
    expect(await page.getByLabel(/^First name/).getAttribute("aria-invalid")).toBe("true");

    await fillBookingForm(page, { firstName: "Pieter", email: "pieter.nojs@example.com" });
    await page.getByLabel(/^Phone number/).fill("");
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    await page.getByText("Please enter your phone number.").first().waitFor();
    expect(await page.getByLabel(/^First name/).inputValue()).toBe("Pieter");
    expect(await page.getByRole("radio", { name: "WhatsApp" }).isChecked()).toBe(true);

    await page.getByLabel(/^Phone number/).fill("+27 82 555 0199");
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    const payment = page.getByRole("region", { name: "Your seat is reserved" });
    await payment.waitFor();
    expect((await payment.getByTestId("payment-amount").textContent())?.trim()).toMatch(rand);
    expect(await payment.getByRole("button", { name: "Pay" }).isVisible()).toBe(true);
    expect(spotsNumber(await page.getByTestId("booking-spots").textContent())).toBe(seminar.spots - 1);

    await payment.getByRole("button", { name: "Cancel" }).click();
    await waitForUrl(page, (url) => url.pathname === "/events");
    await page.getByText("Your reservation was cancelled and the seat released.").waitFor();
    const card = cards(page).filter({ has: page.locator(`a[href="${seminar.href}"]`) });
    expect(spotsNumber(await card.getByTestId("event-spots").textContent())).toBe(seminar.spots);
    await close();
  });
});

describe("/payment-success without a paid session", () => {
  it.each(["/payment-success", "/payment-success?session_id=cs_test_bogus"])("%s never says 'Booking Confirmed'", async (path) => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(path);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "We couldn't find this payment" }).waitFor();
    expect(await page.getByText("Booking Confirmed").count()).toBe(0);
    expect(await page.getByText("Payment Successful!").count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });
});
