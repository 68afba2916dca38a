import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, axeViolations, openPage, useBrowser as launchBrowser, waitForHydration } from "./support/browser.ts";
import { bookableSeminarHref, payTestCheckout, startTestCheckout } from "./support/demo-data.ts";

// Refunds as staff make them (issue 14): a visitor pays for a seminar seat through the test
// checkout; an admin refunds part of it from /admin/bookings (first without JavaScript, the
// plain form), is refused an over-refund, then refunds the rest in the dialog; the booking
// ends refunded, and the customer's two refund e-mails are in the outbox. axe checks the
// dialog at 390 and 1280 px.

const browser = launchBrowser();
const stamp = Date.now().toString(36);
const email = `refund.${stamp}@example.com`;

/** Server round trips on the embedded database can take a moment: poll for up to 10 s. */

/** Console errors, less the ones a refused form (422) makes the browser print by design. */
function unexpected(errors: string[]) {
  return errors.filter((error) => !/status of 422/.test(error));
}

/** "R1200.00" → cents. */
const cents = (rand: string) => Math.round(Number(rand.replace(/^R/, "")) * 100);
const rand = (value: number) => `R${(value / 100).toFixed(2)}`;

async function factOf(dialog: Locator, term: string): Promise<string> {
  return (await dialog.locator(`xpath=.//dt[normalize-space(.)="${term}"]/following-sibling::dd[1]`).innerText()).trim();
}

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page), `axe found violations on ${page.url()}`).toEqual([]);
}

describe("refunding a paid seminar booking from the admin portal", () => {
  it("refunds part (without JavaScript), refuses too much, refunds the rest, and the customer is e-mailed each time", { timeout: 180_000 }, async () => {
    // --- A visitor books and pays.
    const visitor = await openPage(browser());
    const bookingHref = await bookableSeminarHref(visitor.page);
    await startTestCheckout(visitor.page, bookingHref, email);
    await payTestCheckout(visitor.page);
    await visitor.close();

    // --- The admin finds the booking on /admin/bookings and opens its refund dialog.
    const admin = await openPage(browser());
    const { page } = admin;
    await signInAsAdmin(page);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: email });
    expect(await row.count()).toBe(1);
    const refundLink = row.getByRole("link", { name: /^Refund booking [0-9A-F]{8}$/ });
    const reference = /booking ([0-9A-F]{8})/.exec((await refundLink.textContent()) ?? "")![1]!;
    const dialogHref = (await refundLink.getAttribute("href"))!;
    expect(decodeURIComponent(dialogHref)).toMatch(/refund=seminar:[0-9a-f-]{36}/);
    await refundLink.click();
    const dialog = page.getByRole("dialog", { name: `Refund booking ${reference}` });
    await dialog.waitFor();
    // Focus starts on the amount, which is what can be refunded: all of it.
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe("refund-amount");
    const paid = cents(await factOf(dialog, "Paid"));
    expect(paid).toBeGreaterThan(20000);
    expect(await dialog.getByLabel(/^Amount to refund \(R\)/).inputValue()).toBe((paid / 100).toFixed(2));
    expect(await dialog.getByText("Paid through the test checkout: the refund is recorded, and no real money moves.").isVisible()).toBe(true);
    await expectNoViolations(page);

    // --- Without JavaScript: the same dialog is on the page, and its plain form refunds R100.00.
    const plain = await browser().newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
    await plain.addCookies(await admin.context.cookies());
    const noJs = await plain.newPage();
    await noJs.goto(dialogHref);
    const plainDialog = noJs.getByRole("dialog", { name: `Refund booking ${reference}` });
    await plainDialog.getByLabel(/^Amount to refund \(R\)/).fill("100");
    await plainDialog.getByLabel(/^Reason/).fill("Could only come to the first hour");
    await plainDialog.getByRole("button", { name: "Refund" }).click();
    await noJs.getByText("Refunded R100.00 through the test checkout (no real money moves).").waitFor();
    expect(await factOf(noJs.getByRole("dialog", { name: `Refund booking ${reference}` }), "Refunded")).toBe("R100.00");
    await plain.close();

    // --- Back with JavaScript: the dialog reads the new state; too much is refused on the field.
    await page.reload();
    await waitForHydration(page);
    await dialog.waitFor();
    expect(await factOf(dialog, "Refundable")).toBe(rand(paid - 10000));
    const amount = dialog.getByLabel(/^Amount to refund \(R\)/);
    expect(await amount.inputValue()).toBe(((paid - 10000) / 100).toFixed(2));
    await amount.fill(((paid - 10000 + 1) / 100).toFixed(2));
    await dialog.getByLabel(/^Reason/).fill("Seminar moved to a date they cannot make");
    await dialog.getByRole("button", { name: "Refund" }).click();
    const limit = `You can refund at most ${rand(paid - 10000)} of the ${rand(paid)} paid (R100.00 already refunded).`;
    await dialog.getByRole("alert").filter({ hasText: limit }).first().waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    await eventually(() => amount.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel(/^Reason/).inputValue()).toBe("Seminar moved to a date they cannot make");
    await expectNoViolations(page);

    // --- The rest.
    await amount.fill(((paid - 10000) / 100).toFixed(2));
    await dialog.getByRole("button", { name: "Refund" }).click();
    await dialog.getByText(`Refunded ${rand(paid - 10000)} through the test checkout (no real money moves).`).waitFor();
    await dialog.getByText("Nothing is left to refund of this booking.").waitFor();
    // The answer takes the focus, so it is read out and the keyboard is still in the dialog.
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("refund-answer");
    expect(await factOf(dialog, "Refunded")).toBe(rand(paid));
    const history = dialog.getByRole("region", { name: "Refunds of this booking" });
    expect(await history.getByRole("listitem").count()).toBe(2);
    await expectNoViolations(page);

    // Closing gives the list back, the booking now refunded.
    await dialog.getByRole("link", { name: "Close" }).click();
    await eventually(() => new URL(page.url()).searchParams.has("refund")).toBe(false);
    await eventually(() => row.getByText("Cancelled · Refunded", { exact: true }).count()).toBeGreaterThan(0);

    // The booking's History link lists what happened to it, and only that.
    await row.getByRole("link", { name: `History of booking ${reference}` }).click();
    await page.getByTestId("one-record").filter({ hasText: `Showing the history of seminar booking ${reference} only.` }).waitFor();
    const entries = page.getByRole("row").filter({ hasText: `booking ${reference}` });
    await eventually(() => entries.filter({ hasText: /^.*Refunded R/ }).count()).toBe(2);
    expect(await page.getByRole("row").filter({ hasNotText: reference }).filter({ has: page.getByRole("cell") }).count()).toBe(0);
    await expectNoViolations(page);

    // The Users screen's list of that person's bookings names the same state, not "Paid".
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: /seminar bookings of/ }).click();
    const bookingsDialog = page.getByRole("dialog", { name: /^Seminar bookings of / });
    await bookingsDialog.getByText("Cancelled · Refunded", { exact: true }).waitFor();
    expect(await bookingsDialog.getByText("Paid", { exact: true }).count()).toBe(0);

    // --- The customer's e-mails: one per refund.
    const last = await findOutboxEmail(page, { to: email, kind: "seminar-refunded" });
    expect(last.subject).toMatch(new RegExp(`^Refund of ${rand(paid - 10000).replace(".", "\\.")}: `));
    expect(last.text).toContain("Your booking is now fully refunded, so your seat has been released.");
    expect(last.text).toContain(`Booking reference: ${reference}`);
    await page.goto("/admin/outbox");
    await eventually(() => page.getByRole("row").filter({ hasText: email }).filter({ hasText: "seminar-refunded" }).count()).toBe(2);

    expect(unexpected(admin.errors)).toEqual([]);
    await admin.close();
  });

  it("the refund dialog has no axe violations at phone width", async () => {
    // A second paid booking, so the dialog has its form.
    const visitor = await openPage(browser());
    const phoneEmail = `refund.phone.${stamp}@example.com`;
    await startTestCheckout(visitor.page, await bookableSeminarHref(visitor.page), phoneEmail);
    await payTestCheckout(visitor.page);
    await visitor.close();

    const admin = await openPage(browser(), { viewport: "mobile" });
    const { page } = admin;
    await signInAsAdmin(page);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(phoneEmail)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Refund booking [0-9A-F]{8}$/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Refund booking [0-9A-F]{8}$/ });
    await dialog.waitFor();
    await expectNoViolations(page);
    // A refusal at phone width: the error is on the field, and still no violations.
    await dialog.getByLabel(/^Amount to refund \(R\)/).fill("0");
    await dialog.getByLabel(/^Reason/).fill("Testing the limits");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await dialog.getByText("Enter an amount of at least R0.01 to refund.").first().waitFor();
    await expectNoViolations(page);
    // Escape closes it, back to the list.
    await page.keyboard.press("Escape");
    await eventually(() => new URL(page.url()).searchParams.has("refund")).toBe(false);
    expect(unexpected(admin.errors)).toEqual([]);
    await admin.close();
  });
});
