import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/format.ts";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, expectNoAxeViolations, openPage, useBrowser as launchBrowser, visitPage, waitForHydration } from "./support/browser.ts";
import { payTestCheckout, startTestCheckout } from "./support/demo-data.ts";

// A full seminar's waitlist as visitors and staff meet it (docs/decisions/027): the seminar
// fills, its card says "Fully booked" with "Join the waitlist", two visitors join (without and
// with JavaScript), staff raise the capacity, the first in line's offer e-mail waits in the
// outbox, and its link claims the seat through the test checkout to the confirmed page.

const browser = launchBrowser();
const stamp = Date.now().toString(36);


/** Console errors, less the ones a refused form (409/422) makes the browser print by design. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of (409|422)/.test(error));

/** Creates a one-seat seminar from the admin form; returns its id. */
async function createSeminar(page: Page, title: string): Promise<string> {
  await page.goto("/admin/seminars?create=1");
  await waitForHydration(page);
  const create = page.getByRole("dialog", { name: "Create Seminar" });
  await create.waitFor();
  const values: Record<string, string> = {
    "Organizer name": "Thula Relocations",
    Location: "Harbourview Hotel, Durban",
    City: "Durban",
    "Venue name": "Harbourview Hotel",
    Address: "12 Lagoon Drive, Umhlanga Rocks",
    Date: addDays(todayIn("Africa/Johannesburg"), 12),
    Time: "18:00",
    "Price (R)": "950",
    "Max attendees": "1",
  };
  await create.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  for (const [label, value] of Object.entries(values)) await create.getByLabel(label).fill(value);
  await create.getByRole("button", { name: "Create Seminar" }).click();
  await page.getByText(`Seminar “${title}” was created.`).waitFor();
  await page.goto(`/admin/seminars?q=${encodeURIComponent(title)}`);
  const edit = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  return new URL(edit!, "http://site").searchParams.get("edit")!;
}

/** Fills and sends "Join the waitlist" on the booking page. */
async function joinWaitlist(page: Page, seminarId: string, who: { firstName: string; email: string }) {
  await page.goto(`/events/book/${seminarId}`);
  const form = page.getByRole("form", { name: "Join the waitlist" });
  await form.getByLabel(/^First name/).fill(who.firstName);
  await form.getByLabel(/^Last name/).fill("Dlamini");
  await form.getByLabel(/^E-mail address/).fill(who.email);
  await form.getByLabel(/^Phone number/).fill("+27 82 555 0142");
  await form.getByLabel(/^Seats wanted/).selectOption("1");
  await form.getByRole("button", { name: "Join the waitlist" }).click();
}

describe("the waitlist of a full seminar", () => {
  it("visitors join a full seminar's line; a freed seat is offered to the first, who claims and pays for it", { timeout: 240_000 }, async () => {
    const admin = await openPage(browser());
    await signInAsAdmin(admin.page);
    const title = `Waitlist Evening ${stamp}`;
    const seminarId = await createSeminar(admin.page, title);

    // The one seat is sold.
    const buyer = await openPage(browser());
    await startTestCheckout(buyer.page, `/events/book/${seminarId}`, `seat.${stamp}@example.com`);
    await payTestCheckout(buyer.page);
    await buyer.close();

    // Its card on /events: Fully booked, and Join the waitlist instead of a booking link.
    const lister = await openPage(browser());
    await lister.page.goto("/events");
    let card = lister.page.getByRole("article").filter({ hasText: title });
    while ((await card.count()) === 0) {
      const next = lister.page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" });
      expect(await next.count(), "the new seminar on some page of /events").toBe(1);
      await lister.page.goto((await next.getAttribute("href"))!);
      card = lister.page.getByRole("article").filter({ hasText: title });
    }
    expect((await card.getByTestId("event-spots").textContent())?.trim()).toBe("Fully booked");
    expect(await card.getByRole("link", { name: "Reserve Your Spot" }).count()).toBe(0);
    expect(await card.getByRole("link", { name: "Join the waitlist" }).getAttribute("href")).toBe(`/events/book/${seminarId}#waitlist`);
    await lister.close();

    // Without JavaScript: the server answers the form, first with its errors, then with the place.
    const first = { firstName: "Ayanda", email: `first.${stamp}@example.com` };
    const noJs = await openPage(browser(), { javaScriptEnabled: false, viewport: "mobile" });
    await noJs.page.goto(`/events/book/${seminarId}`);
    await noJs.page.getByRole("form", { name: "Join the waitlist" }).getByRole("button", { name: "Join the waitlist" }).click();
    await noJs.page.getByText("Please enter your first name.").first().waitFor();
    await joinWaitlist(noJs.page, seminarId, first);
    await noJs.page.getByRole("heading", { name: "You're on the waitlist" }).waitFor();
    await noJs.page.waitForLoadState("load");
    expect(await noJs.page.getByText(/number 1 in line/).count()).toBe(1);
    await noJs.close();

    // With JavaScript: the second in line; the same address again is refused with its place.
    const second = { firstName: "Bongani", email: `second.${stamp}@example.com` };
    const withJs = await openPage(browser());
    await joinWaitlist(withJs.page, seminarId, second);
    await withJs.page.getByRole("heading", { name: "You're on the waitlist" }).waitFor();
    expect(await withJs.page.getByText(/number 2 in line/).count()).toBe(1);
    await joinWaitlist(withJs.page, seminarId, second);
    await withJs.page.getByText(/already on the waitlist for this seminar with this e-mail address \(number 2 in line\)/).waitFor();
    await expectNoAxeViolations(withJs.page);
    expect(unexpected(withJs.errors)).toEqual([]);
    await withJs.close();

    // Staff raise the capacity to 2: the new seat goes to the first in line.
    await admin.page.goto(`/admin/seminars?edit=${seminarId}`);
    await waitForHydration(admin.page);
    const edit = admin.page.getByRole("dialog", { name: "Edit Seminar" });
    await edit.waitFor();
    await edit.getByLabel("Max attendees").fill("2");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await admin.page.getByText(/were saved/).first().waitFor();

    // Staff see the line: the first offered, the second waiting.
    await admin.page.goto(`/admin/seminars/${seminarId}/waitlist`);
    const rows = admin.page.getByTestId("waitlist-entry");
    await eventually(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain("Offered");
    expect(await rows.nth(1).textContent()).toContain("Waiting");
    await expectNoAxeViolations(admin.page);

    const offer = await findOutboxEmail(admin.page, { to: first.email, kind: "seminar-waitlist-offer" });
    const link = /\/waitlist\/offer\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/.exec(offer.text)?.[0];
    expect(link, "the claim link in the offer e-mail").toBeDefined();

    // The offer's page at both widths, uncached and unindexed.
    for (const viewport of ["mobile", "desktop"] as const) {
      const view = await visitPage(browser(), link!, viewport);
      expect((await view.page.request.get(link!)).headers()["cache-control"]).toBe("no-store");
      expect(await view.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      await view.page.getByRole("heading", { name: "1 seat held for you" }).waitFor();
      expect((await view.page.getByTestId("offer-amount").textContent())?.trim()).toBe("R950.00");
      await expectNoAxeViolations(view.page);
      expect(view.errors).toEqual([]);
      await view.close();
    }

    // Claimed: Pay and confirm → the test checkout → the confirmed page.
    const claimer = await openPage(browser());
    await claimer.page.goto(link!);
    await waitForHydration(claimer.page);
    await claimer.page.getByRole("button", { name: "Pay and confirm" }).click();
    await claimer.page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(claimer.page);
    await payTestCheckout(claimer.page);
    await claimer.page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
    await claimer.page.goto(link!);
    await claimer.page.getByRole("heading", { name: "Your seats are booked" }).waitFor();
    expect(unexpected(claimer.errors)).toEqual([]);
    await claimer.close();

    await admin.page.goto(`/admin/seminars/${seminarId}/waitlist`);
    await eventually(async () => (await admin.page.getByTestId("waitlist-entry").nth(0).textContent()) ?? "").toContain("Waiting");
    expect(await admin.page.getByTestId("waitlist-entry").filter({ hasText: "Booked" }).count()).toBe(1);
    expect(unexpected(admin.errors)).toEqual([]);
    await admin.close();
  });

  it("staff reorder the line, are refused a move made on an older page, cannot offer seats that are not free, and withdraw a place", { timeout: 240_000 }, async () => {
    const admin = await openPage(browser());
    await signInAsAdmin(admin.page);
    const seminarId = await createSeminar(admin.page, `Waitlist Staff ${stamp}`);
    const buyer = await openPage(browser());
    await startTestCheckout(buyer.page, `/events/book/${seminarId}`, `staff.seat.${stamp}@example.com`);
    await payTestCheckout(buyer.page);
    await buyer.close();

    const visitor = await openPage(browser());
    for (const firstName of ["Ayanda", "Bongani", "Cebo"]) {
      await joinWaitlist(visitor.page, seminarId, { firstName, email: `${firstName.toLowerCase()}.staff.${stamp}@example.com` });
      await visitor.page.getByRole("heading", { name: "You're on the waitlist" }).waitFor();
    }
    await visitor.close();

    const line = `/admin/seminars/${seminarId}/waitlist`;
    const names = async (page: Page) => (await page.getByTestId("waitlist-entry").allTextContents()).map((row) => /Ayanda|Bongani|Cebo/.exec(row)?.[0]);
    // A second tab opened now holds the line as it is before the move.
    const older = await openPage(browser());
    await older.context.addCookies(await admin.context.cookies());
    await older.page.goto(line);
    await admin.page.goto(line);
    expect(await names(admin.page)).toEqual(["Ayanda", "Bongani", "Cebo"]);

    await admin.page.getByRole("button", { name: "Move up: Cebo Dlamini" }).click();
    await admin.page.getByText("Moved up the line.").waitFor();
    await eventually(() => names(admin.page)).toEqual(["Ayanda", "Cebo", "Bongani"]);

    // Bongani's place moved with that swap: the older page's move is refused and changes nothing.
    await older.page.getByRole("button", { name: "Move down: Bongani Dlamini" }).click();
    await older.page.getByText(/changed this waitlist entry at .* after you opened it, so your changes were not saved/).waitFor();
    await older.close();
    await admin.page.reload();
    expect(await names(admin.page)).toEqual(["Ayanda", "Cebo", "Bongani"]);

    // The seminar is full: an offer by hand says what it lacks and holds nothing.
    await admin.page.getByRole("button", { name: "Send offer now: Cebo Dlamini" }).click();
    await admin.page.getByText(/Only 0 seats are free and this place wants 1\. Free seats first/).waitFor();
    await admin.page.reload();
    expect(await admin.page.getByTestId("waitlist-entry").filter({ hasText: "Cebo" }).textContent()).toContain("Waiting");

    await admin.page.getByRole("button", { name: "Withdraw: Ayanda Dlamini" }).click();
    await admin.page.getByText("Taken off the waitlist; an e-mail to tell them is in the outbox.").waitFor();
    const withdrawn = admin.page.getByTestId("waitlist-entry").filter({ hasText: "Ayanda" });
    await eventually(async () => (await withdrawn.textContent()) ?? "").toMatch(/Withdrawn\s*by /);
    expect(await withdrawn.getByRole("button").count()).toBe(0);
    expect(await names(admin.page)).toEqual(["Cebo", "Bongani", "Ayanda"]);
    expect(unexpected(admin.errors)).toEqual([]);
    await admin.close();
  });
});
