import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, expectNoAxeViolations, launchChromium, openPage, useBrowser as launchBrowser, waitForHydration } from "./support/browser.ts";
import { fakeCameraArgs, qrCodeVideo } from "./support/fake-camera.ts";

// Staff at the venue door, on a phone (390 px): a family of three has paid for their seats;
// one ticket is checked in by its address (what a scanner reads), the same again is refused
// with when and by whom, one is found by name, and the last is checked in without
// JavaScript; Manage Attendees then shows who came in (docs/decisions/025).

const browser = launchBrowser();

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

/** The Mokoena family books 3 seats through the page and pays at the test checkout: their e-mail and seminar. */
async function familyBooksThreeSeats(page: Page) {
  const href = await seminarWithSpots(page, 3);
  await page.goto(href);
  await waitForHydration(page);
  const email = `mokoena.door.${Date.now()}@example.com`;
  await page.getByLabel(/^First name/).fill("Naledi");
  await page.getByLabel(/^Last name/).fill("Mokoena");
  await page.getByLabel(/^E-mail address/).fill(email);
  await page.getByLabel(/^Phone number/).fill("+27 82 555 0142");
  await page.getByLabel(/^Seats/).selectOption("3");
  await page.getByLabel(/^Name on ticket 1/).fill("Naledi Mokoena");
  await page.getByLabel(/^Name on ticket 2/).fill("Kagiso Mokoena");
  await page.getByLabel(/^Name on ticket 3/).fill("Lerato Mokoena");
  await page.getByRole("button", { name: "Reserve My Seats" }).click();
  const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname === "/payment-success");
  return { email, seminarId: href.split("/").pop()! };
}

/** A family with three paid seats: their e-mail, seminar, the tickets' addresses (as their QR codes hold them) and an admin's cookies. */
async function familyWithTickets() {
  const visitor = await openPage(browser());
  const { email, seminarId } = await familyBooksThreeSeats(visitor.page);
  await visitor.close();
  // From the confirmation e-mail (the outbox reads best on a desktop).
  const office = await openPage(browser(), { consent: true });
  await signInAsAdmin(office.page);
  const confirmation = await findOutboxEmail(office.page, { to: email, kind: "seminar-booking-confirmed" });
  const addresses = [...new Set([...confirmation.text.matchAll(/https?:\/\/[^\s)]+\/tickets\/[A-Za-z0-9_-]{22,}/g)].map((match) => match[0]))];
  expect(addresses).toHaveLength(3);
  const signedIn = await office.context.cookies();
  await office.close();
  return { email, seminarId, addresses, signedIn };
}

const headline = (page: Page) => page.getByTestId("door-headline").textContent();
const count = async (page: Page) => Number(/Checked in: (\d+) of/.exec((await page.getByTestId("door-count").textContent()) ?? "")?.[1]);

describe("door check-in at 390 px", () => {
  it("checks a family in by code, refuses the same ticket twice, finds one by name, and works without JavaScript", async () => {
    const { email, seminarId, addresses, signedIn } = await familyWithTickets();
    const staff = await openPage(browser(), { viewport: "mobile", consent: true });
    const { page } = staff;
    await staff.context.addCookies(signedIn);

    const door = `/admin/check-in/${seminarId}`;
    const response = await page.goto(door);
    expect(response?.headers()["permissions-policy"]).toContain("camera=(self)");
    await waitForHydration(page);
    const before = await count(page);

    // A hand scanner types the QR code's address and Enter.
    await page.getByLabel("Ticket code").fill(addresses[0]!);
    await page.getByLabel("Ticket code").press("Enter");
    await eventually(() => headline(page)).toBe("Checked in: Naledi Mokoena, seat 1 of 3");
    expect(await page.getByTestId("door-answer").getAttribute("role")).toBe("status");
    expect(await page.locator("[data-tone]").getAttribute("data-tone")).toBe("success");
    // Ready for the next ticket: the field is empty and has focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("door-code");
    expect(await page.getByLabel("Ticket code").inputValue()).toBe("");
    await eventually(() => count(page)).toBe(before + 1);
    await expectNoAxeViolations(page);

    // The same ticket again, typed as its bare code: refused, with when and by whom.
    await page.getByLabel("Ticket code").fill(addresses[0]!.split("/").pop()!);
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await eventually(() => headline(page)).toMatch(/^Already checked in at \d{2}:\d{2} by \S.*$/);
    expect(await page.locator("[data-tone]").getAttribute("data-tone")).toBe("warning");
    expect(await count(page)).toBe(before + 1);

    // By name: the search lists the seminar's matching tickets, each with its own button.
    await page.getByLabel("Name or e-mail").fill("Kagiso");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("door-ticket").filter({ hasText: "Kagiso Mokoena" });
    await row.waitFor();
    await row.getByRole("button", { name: /^Check in/ }).click();
    await eventually(() => headline(page)).toBe("Checked in: Kagiso Mokoena, seat 2 of 3");
    // The answer has focus, where the pressed button was.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-tone"))).toBe("success");
    await eventually(() => row.getByText(/^Checked in at \d{2}:\d{2} by /).count()).toBe(1);
    await eventually(() => count(page)).toBe(before + 2);

    // Scanning with the camera: this browser has no camera, and says so; the code field stays.
    await page.getByRole("button", { name: "Scan with camera" }).click();
    await eventually(() => page.getByTestId("scanner-status").textContent()).toBe("The camera could not be opened. Allow camera access for this site, or type the code.");
    expect(await page.getByLabel("Ticket code").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);

    // Without JavaScript: the same forms post and the server answers in the page.
    const plain = await openPage(browser(), { viewport: "mobile", javaScriptEnabled: false, consent: true });
    await plain.context.addCookies(signedIn);
    await plain.page.goto(door);
    expect(await plain.page.getByRole("button", { name: "Scan with camera" }).count()).toBe(0);
    await plain.page.getByLabel("Ticket code").fill(addresses[2]!);
    await plain.page.getByRole("button", { name: "Check in", exact: true }).click();
    await eventually(() => headline(plain.page)).toBe("Checked in: Lerato Mokoena, seat 3 of 3");
    expect(await count(plain.page)).toBe(before + 3);
    // A mistake is undone, and the ticket can come in again.
    await plain.page.getByRole("button", { name: /^Undo check-in/ }).click();
    await eventually(() => headline(plain.page)).toBe("Check-in undone: Lerato Mokoena, seat 3 of 3");
    expect(await count(plain.page)).toBe(before + 2);
    await plain.page.getByLabel("Name or e-mail").fill("Lerato");
    await plain.page.getByRole("button", { name: "Search" }).click();
    await plain.page.getByTestId("door-ticket").filter({ hasText: "Lerato Mokoena" }).getByRole("button", { name: /^Check in/ }).click();
    await eventually(() => headline(plain.page)).toBe("Checked in: Lerato Mokoena, seat 3 of 3");
    expect(plain.errors).toEqual([]);
    await plain.close();

    // Manage Attendees shows who came in.
    await page.goto(`/admin/seminars?attendees=${seminarId}`);
    await waitForHydration(page);
    const family = page.getByTestId("attendee").filter({ hasText: email });
    await eventually(() => family.getByTestId("attendee-check-ins").textContent()).toMatch(/^Checked in: 3 of 3/);

    expect(staff.errors).toEqual([]);
    await staff.close();
  });

  it("reads a ticket's QR code with the camera, on the site's own decoder (this Chromium has no BarcodeDetector)", async () => {
    const { seminarId, addresses, signedIn } = await familyWithTickets();
    const camera = await launchChromium(fakeCameraArgs(qrCodeVideo(addresses[1]!)));
    const staff = await openPage(camera, { viewport: "mobile", consent: true });
    const { page } = staff;
    await staff.context.addCookies(signedIn);
    expect(await page.evaluate(() => "BarcodeDetector" in window), "this test needs a browser without a detector of its own").toBe(false);

    // Staff come from the seminars list: the door's page loads as a document, with the camera allowed.
    const door = `/admin/check-in/${seminarId}`;
    await page.goto(door);
    const title = (await page.locator("#door-heading + p").textContent())!.trim();
    await page.goto(`/admin/seminars?q=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    const decoder = page.waitForResponse((response) => /\/assets\/zxing_reader-[^/]+\.wasm$/.test(response.url()));
    await page.locator(`a[href="${door}"]`).first().click();
    await page.waitForURL((url) => url.pathname === door);
    await waitForHydration(page);
    const before = await count(page);

    await page.getByRole("button", { name: "Scan with camera" }).click();
    // The decoder is the site's own file, never a CDN's.
    const wasm = await decoder;
    expect(new URL(wasm.url()).origin).toBe(new URL(page.url()).origin);
    expect(wasm.headers()["content-type"]).toBe("application/wasm");
    await eventually(() => page.getByTestId("scanner-status").textContent()).toBe("Point the camera at the ticket's QR code.");
    await expect.poll(() => headline(page), { timeout: 20_000 }).toBe("Checked in: Kagiso Mokoena, seat 2 of 3");
    // The count below the answer follows once the page has read the door again.
    await eventually(() => count(page)).toBe(before + 1);
    // The same code in view again is not sent again: the answer stays a success, not "Already checked in".
    await page.waitForTimeout(1500);
    expect(await headline(page)).toBe("Checked in: Kagiso Mokoena, seat 2 of 3");
    await page.getByRole("button", { name: "Stop the camera" }).click();
    expect(await page.getByRole("button", { name: "Scan with camera" }).isVisible()).toBe(true);

    expect(staff.errors).toEqual([]);
    await staff.close();
    await camera.close();
  });
});
