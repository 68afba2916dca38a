import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, formatRand, todayIn } from "~/lib/format.ts";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, expectNoAxeViolations, openPage, useBrowser as launchBrowser, visitPage, waitForHydration } from "./support/browser.ts";

// "Manage my booking" (docs/decisions/026): a family books three seats through the test
// checkout, opens the signed link from the confirmation in the outbox, renames a seat,
// cancels one seat and sees the refund on the page, in the e-mail and on that seat's ticket;
// then, without JavaScript, cancels another seat. The page is scanned by axe at both widths.

const browser = launchBrowser();


/** A seminar at least three days away (inside the free-cancellation window) with `seats` spots left: its booking address. */
async function seminarToCancel(page: Page, seats: number): Promise<string> {
  await page.goto("/events");
  const earliest = addDays(todayIn("Africa/Johannesburg"), 3);
  for (const card of await page.getByRole("list", { name: "Upcoming events" }).getByRole("article").all()) {
    const spots = Number(/^(\d+)/.exec((await card.getByTestId("event-spots").textContent())?.trim() ?? "")?.[1] ?? 0);
    const date = await card.locator("time").first().getAttribute("datetime");
    const link = card.getByRole("link", { name: "Reserve Your Spot" });
    if (spots >= seats && date && date >= earliest && (await link.count()) > 0) return (await link.getAttribute("href"))!;
  }
  throw new Error(`No seminar three days away with ${seats} spots on /events`);
}

/** Books three seats with JavaScript and pays at the test checkout; the booker's e-mail and the total in cents. */
async function bookThreeSeats(page: Page): Promise<{ email: string; totalCents: number }> {
  await page.goto(await seminarToCancel(page, 3));
  await waitForHydration(page);
  const fee = (await page.getByTestId("booking-fee").textContent())!.trim();
  const totalCents = Math.round(Number(fee.slice(1)) * 100) * 3;
  const email = `manage.family.${Date.now()}@example.com`;
  await page.getByLabel(/^First name/).fill("Thandi");
  await page.getByLabel(/^Last name/).fill("Nkosi");
  await page.getByLabel(/^E-mail address/).fill(email);
  await page.getByLabel(/^Phone number/).fill("+27 82 555 0123");
  await page.getByLabel(/^Seats/).selectOption("3");
  await page.getByLabel(/^Name on ticket 2/).fill("Sipho Nkosi");
  await page.getByLabel(/^Name on ticket 3/).fill("Lindi Nkosi");
  await page.getByRole("button", { name: "Reserve My Seats" }).click();
  const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname === "/payment-success");
  await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
  return { email, totalCents };
}

/** The manage link's path (/bookings/{token}) in an e-mail's text. */
function managePath(text: string): string {
  const match = /Manage your booking: https?:\/\/[^/\s]+(\/bookings\/[A-Za-z0-9._-]+)/.exec(text);
  if (!match) throw new Error(`No manage link in:\n${text}`);
  return match[1]!;
}

describe("manage my booking", () => {
  it("a family renames a seat, cancels one seat and is refunded; without JavaScript another seat is cancelled", async () => {
    const { page, errors, close } = await openPage(browser());
    const { email, totalCents } = await bookThreeSeats(page);
    const share = Math.floor(totalCents / 3);

    const admin = await openPage(browser());
    await signInAsAdmin(admin.page);
    const confirmation = await findOutboxEmail(admin.page, { to: email, kind: "seminar-booking-confirmed" });
    const path = managePath(confirmation.text);

    // The page: per person, never stored or indexed; accessible on a phone and a desktop.
    for (const viewport of ["mobile", "desktop"] as const) {
      const visit = await visitPage(browser(), path, viewport);
      const response = await visit.page.request.get(path);
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(response.headers()["x-page-cache"]).toBeUndefined();
      expect(await visit.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expect(await visit.page.getByText("Confirmed and paid").isVisible()).toBe(true);
      expect(await visit.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(visit.page);
      expect(visit.errors).toEqual([]);
      await visit.close();
    }

    await page.goto(path);
    await waitForHydration(page);
    expect(await page.getByLabel("Seat 2 name").inputValue()).toBe("Sipho Nkosi");
    await page.getByLabel("Seat 2 name").fill("Sipho Dlamini");
    await page.getByRole("button", { name: "Save names" }).click();
    await page.getByRole("status").filter({ hasText: "The names are saved" }).waitFor();
    await eventually(() => page.getByText("Sipho Dlamini", { exact: true }).count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: new RegExp(`^Cancel seat 2 of 3 \\(Sipho Dlamini\\): refund ${formatRand(share).replace(".", "\\.")}`) }).click();
    await page.getByRole("status").filter({ hasText: "Seat 2 is cancelled" }).waitFor();
    expect(await page.getByRole("status").textContent()).toContain(formatRand(share));
    await eventually(() => page.locator("dl").getByText(formatRand(share), { exact: true }).count()).toBe(1);
    const seat2Ticket = await page.getByRole("link", { name: /Open ticket.*Sipho Dlamini, Seat 2 of 3/ }).getAttribute("href");

    const cancelledMail = await findOutboxEmail(admin.page, { to: email, kind: "seminar-cancelled-online" });
    expect(cancelledMail.subject).toContain("Seat 2 cancelled");
    expect(cancelledMail.text).toContain(formatRand(share));
    expect(managePath(cancelledMail.text)).toBe(path);
    const refundMail = await findOutboxEmail(admin.page, { to: email, kind: "seminar-refunded" });
    expect(refundMail.text).toContain(formatRand(share));
    expect(admin.errors).toEqual([]);
    await admin.close();

    const ticket = await visitPage(browser(), seat2Ticket!, "mobile");
    await ticket.page.getByText("This ticket was cancelled").waitFor();
    expect(await ticket.page.getByText("Sipho Dlamini").count()).toBeGreaterThan(0);
    await ticket.close();

    // Without JavaScript: the form posts and the server answers with the page.
    const plain = await openPage(browser(), { javaScriptEnabled: false, viewport: "mobile" });
    await plain.page.goto(path);
    await plain.page.getByRole("button", { name: /^Cancel seat 3 of 3 \(Lindi Nkosi\)/ }).click();
    // The answer names the refund made (a refund still owed would say "will be refunded").
    await plain.page.getByRole("status").filter({ hasText: `Seat 3 is cancelled. ${formatRand(share)} has been refunded` }).waitFor();
    // Without JavaScript the answer is a new document: read it once it has all arrived.
    await plain.page.waitForLoadState("load");
    expect(await plain.page.locator("dl").getByText(formatRand(2 * share), { exact: true }).count()).toBe(1);
    // One seat left: it can only go with the whole booking.
    expect(await plain.page.getByRole("button", { name: /^Cancel seat/ }).count()).toBe(0);
    await plain.page.getByRole("button", { name: /^Cancel the whole booking/ }).click();
    await plain.page.getByText("Your booking is cancelled.").first().waitFor();
    await plain.page.waitForLoadState("load");
    expect(await plain.page.getByText("This booking is cancelled.").isVisible()).toBe(true);
    // A cancelled booking offers nothing it cannot do.
    expect(await plain.page.getByRole("button").filter({ hasText: /Cancel|Save names/ }).count()).toBe(0);
    expect(plain.errors).toEqual([]);
    await plain.close();

    // A forged or altered token is a plain 404.
    const forged = await openPage(browser());
    const at = path.length - 10;
    const altered = await forged.page.goto(`${path.slice(0, at)}${path[at] === "A" ? "B" : "A"}${path.slice(at + 1)}`);
    expect(altered?.status()).toBe(404);
    await forged.page.getByRole("heading", { name: "Booking not found" }).waitFor();
    await forged.close();

    expect(errors).toEqual([]);
    await close();
  });
});
