import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eventsHero } from "~/content/events.ts";
import { formatRand } from "~/lib/format.ts";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, expectNoAxeViolations, openPage, useBrowser as launchBrowser, visitPage, waitForHydration } from "./support/browser.ts";

// A family books three seats in one booking through the page and the test checkout; the
// confirmation carries three tickets with their QR codes inline; each ticket page opens on a
// phone and a desktop, accessible, uncached and unindexed (docs/decisions/024).

const browser = launchBrowser();


async function waitForUrl(page: Page, predicate: (url: URL) => boolean) {
  await eventually(() => predicate(new URL(page.url()))).toBe(true);
}

/** A seminar on /events with at least `seats` spots left: its booking address. */
async function seminarWithSpots(page: Page, seats: number): Promise<string> {
  await page.goto("/events");
  for (const card of await page.getByRole("list", { name: "Upcoming events" }).getByRole("article").all()) {
    const spots = Number(/^(\d+)/.exec((await card.getByTestId("event-spots").textContent())?.trim() ?? "")?.[1] ?? 0);
    const link = card.getByRole("link", { name: "Reserve Your Spot" });
    if (spots >= seats && (await link.count()) > 0) return (await link.getAttribute("href"))!;
  }
  throw new Error(`No seminar with ${seats} spots on /events`);
}

describe("a group booking", () => {
  it("works without JavaScript: six labelled name fields, the server asks for the missing one, then holds 2 seats at price × 2", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false, viewport: "mobile" });
    const href = await seminarWithSpots(page, 2);
    await page.goto(href);
    const fee = (await page.getByTestId("booking-fee").textContent())!.trim();
    // Each field is found by its label (axe needs JavaScript, so the labels are checked this way here).
    for (const seat of [1, 2, 3, 4, 5, 6]) expect(await page.getByLabel(new RegExp(`^Name on ticket ${seat}`)).isVisible()).toBe(true);

    await page.getByLabel(/^First name/).fill("Pieter");
    await page.getByLabel(/^Last name/).fill("Botha");
    await page.getByLabel(/^E-mail address/).fill(`botha.nojs.${Date.now()}@example.com`);
    await page.getByLabel(/^Phone number/).fill("+27 82 555 0199");
    await page.getByLabel(/^Seats/).selectOption("2");
    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    await page.getByText("Please enter the name on the ticket for seat 2.").first().waitFor();
    expect(await page.getByLabel(/^Name on ticket 2/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel(/^Seats/).inputValue()).toBe("2");

    await page.getByLabel(/^Name on ticket 2/).fill("Anna Botha");
    await page.getByRole("button", { name: /Reserve My Seat/ }).click();
    const payment = page.getByRole("region", { name: "Your seat is reserved" });
    await payment.waitFor();
    expect((await payment.getByTestId("payment-amount").textContent())?.trim()).toBe(formatRand(Math.round(Number(fee.slice(1)) * 100) * 2));
    await payment.getByRole("button", { name: "Cancel" }).click();
    await waitForUrl(page, (url) => url.pathname === "/events");
    await close();
  });

  it("a family books 3 seats, pays price × 3 and gets 3 tickets, each with its own page", async () => {
    const { page, errors, close } = await openPage(browser());
    const href = await seminarWithSpots(page, 3);
    await page.goto(href);
    await waitForHydration(page);
    const fee = (await page.getByTestId("booking-fee").textContent())!.trim();
    const total = formatRand(Math.round(Number(fee.slice(1)) * 100) * 3);

    const email = `nkosi.family.${Date.now()}@example.com`;
    await page.getByLabel(/^First name/).fill("Thandi");
    await page.getByLabel(/^Last name/).fill("Nkosi");
    await page.getByLabel(/^E-mail address/).fill(email);
    await page.getByLabel(/^Phone number/).fill("+27 82 555 0123");
    await page.getByLabel(/^Seats/).selectOption("3");
    // Seat 1 left empty: it carries the booker's name.
    await page.getByLabel(/^Name on ticket 2/).fill("Sipho Nkosi");
    // A missing name is refused before anything is sent, and says which seat.
    await page.getByRole("button", { name: "Reserve My Seats" }).click();
    await eventually(() => page.getByLabel(/^Name on ticket 3/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Please enter the name on the ticket for seat 3.").count()).toBeGreaterThan(0);
    await page.getByLabel(/^Name on ticket 3/).fill("Lindi Nkosi");
    expect(await page.getByText(`Seminar fee (3 seats)`).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Reserve My Seats" }).click();
    const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
    await dialog.waitFor();
    expect((await dialog.getByTestId("payment-amount").textContent())?.trim()).toBe(total);
    await dialog.getByRole("button", { name: "Pay" }).click();
    await waitForUrl(page, (url) => url.pathname.startsWith("/checkout/test/"));
    expect((await page.getByTestId("checkout-amount").textContent())?.trim()).toBe(total);
    await page.getByRole("button", { name: "Pay" }).click();
    await waitForUrl(page, (url) => url.pathname === "/payment-success");
    await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();

    // The confirmation in the outbox: three tickets, each QR code an inline PNG of the e-mail.
    const admin = await openPage(browser());
    await signInAsAdmin(admin.page);
    const confirmation = await findOutboxEmail(admin.page, { to: email, kind: "seminar-booking-confirmed" });
    expect(confirmation.attachments).toEqual(["thula-seminar.ics", "ticket-1.png", "ticket-2.png", "ticket-3.png"]);
    for (const line of ["Thandi Nkosi: Seat 1 of 3", "Sipho Nkosi: Seat 2 of 3", "Lindi Nkosi: Seat 3 of 3"]) expect(confirmation.text).toContain(line);
    const preview = admin.page.locator('iframe[title^="The e-mail"]');
    const html = await preview.getAttribute("srcdoc");
    await eventually(() => preview.contentFrame().locator('img[alt^="QR code of"]').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length)).toBe(3);
    // The preview shows each inline image from the e-mail itself (cid: → data:), never from another host.
    expect(html?.match(/<img src="data:image\/png;base64,/g)).toHaveLength(3);
    expect(html).not.toMatch(/<img[^>]+src="https?:/);
    const codes = [...confirmation.text.matchAll(/\/tickets\/([A-Za-z0-9_-]{22,})/g)].map((match) => match[1]!);
    expect(codes).toHaveLength(3);
    expect(admin.errors).toEqual([]);
    await admin.close();

    for (const [index, code] of codes.entries()) {
      for (const viewport of ["mobile", "desktop"] as const) {
        const ticket = await visitPage(browser(), `/tickets/${code}`, viewport);
        const response = await ticket.page.request.get(`/tickets/${code}`);
        expect(response.headers()["cache-control"]).toBe("no-store");
        expect(await ticket.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
        expect(await ticket.page.getByText(`Seat ${index + 1} of 3`).isVisible()).toBe(true);
        expect(await ticket.page.getByRole("img", { name: /QR code of .*'s ticket/ }).isVisible()).toBe(true);
        expect(await ticket.page.getByRole("link", { name: /Add to Google Calendar/ }).getAttribute("href")).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
        const calendar = await ticket.page.request.get((await ticket.page.getByRole("link", { name: /Calendar file/ }).getAttribute("href"))!);
        expect(calendar.headers()["content-type"]).toContain("text/calendar");
        // Nothing wider than the phone's screen.
        expect(await ticket.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectNoAxeViolations(ticket.page);
        if (viewport === "desktop") {
          // Printed: the ticket alone (no navbar, no footer), on one A4 page.
          await ticket.page.emulateMedia({ media: "print" });
          expect(await ticket.page.locator("header").first().evaluate((header) => getComputedStyle(header).visibility)).toBe("hidden");
          const pdf = (await ticket.page.pdf({ preferCSSPageSize: true })).toString("latin1");
          expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
          // A4 is 595 × 842 points (Chromium rounds to whole pixels).
          const [, , width, height] = (/\/MediaBox\s*\[([^\]]*)\]/.exec(pdf)?.[1] ?? "").trim().split(/\s+/).map(Number);
          expect(Math.abs(width! - 595.28)).toBeLessThan(2);
          expect(Math.abs(height! - 841.89)).toBeLessThan(2);
          if (index === 0) {
            // The ticket's print rules stay in the head after a client navigation: they must not hide the next page.
            await ticket.page.emulateMedia({ media: "screen" });
            await ticket.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events", exact: true }).click();
            await ticket.page.waitForURL((url) => url.pathname === "/events");
            // /events' own heading, not any: the ticket's heading stays until the new page is drawn.
            const eventsHeading = ticket.page.getByRole("heading", { level: 1, name: eventsHero.heading });
            await eventsHeading.waitFor();
            await ticket.page.emulateMedia({ media: "print" });
            expect(await ticket.page.locator("header").first().evaluate((header) => getComputedStyle(header).visibility)).toBe("visible");
            expect(await eventsHeading.evaluate((heading) => getComputedStyle(heading).visibility)).toBe("visible");
          }
        }
        expect(ticket.errors).toEqual([]);
        await ticket.close();
      }
    }

    const unknown = await openPage(browser());
    const notFound = await unknown.page.goto("/tickets/AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(notFound?.status()).toBe(404);
    await unknown.page.getByRole("heading", { name: "Ticket not found" }).waitFor();
    await unknown.close();

    expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    await close();
  });
});
