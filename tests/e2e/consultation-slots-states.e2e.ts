import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { consultantDateOverrides, consultants, consultationBookings, emailOutbox } from "#db/schema/index.ts";
import { releaseLapsedSlotHolds } from "~/features/consultations/service.server.ts";
import { eventually, expectNoAxeViolations, useBrowser as launchBrowser, waitForHydration, type ViewportName } from "./support/browser.ts";
import { payTestCheckout } from "./support/demo-data.ts";
import { startSiteServer } from "./support/global-setup.ts";
import { clock, visitOwnSite } from "./support/own-site.ts";
import { onPostgresServer, postgresUrlFor } from "./support/postgres.ts";

// The states a visitor meets around a consultation time (issue 17), as pages: the pay page once
// the time held was released unpaid, and once paid (the time booked); the time picker when the
// day chosen has no free times left, and its "Earlier dates" / "Later dates" paging; the move-
// or-cancel page once online changes have closed.
//
// Its own server on a throwaway PostgreSQL database with the demo data (two consultants on UK
// hours), so the journeys can do to the database what time would: lapse a hold and run the
// sweeper, take a day off. Online changes close 720 hours (the most allowed) before a paid
// meeting, so any time booked here is already past its cut-off.

const browser = launchBrowser();
const databaseName = `ukr_e2e_slot_states_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
let site: Awaited<ReturnType<typeof startSiteServer>>;
let database: Database;

beforeAll(async () => {
  await onPostgresServer(`create database ${databaseName}`);
  site = await startSiteServer({
    DATABASE_URL: postgresUrlFor(databaseName),
    DEMO_DATA: "on",
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    CONSULTATION_FREE_CANCELLATION_HOURS: "720",
  });
  database = await openDatabase({ kind: "postgres", url: postgresUrlFor(databaseName), poolSize: 1 });
}, 180_000);

afterAll(async () => {
  await database?.close();
  await site?.stop();
  await onPostgresServer(`drop database if exists ${databaseName} with (force)`);
}, 60_000);

const visit = (b: Browser, path: string, options?: { viewport?: ViewportName; javaScriptEnabled?: boolean }) => visitOwnSite(b, site.baseURL, path, options);
/** "Tuesday 1 December 2026" in South African time. */
const saDay = (instant: Date) => new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Johannesburg" }).format(instant).replace(",", "");
/** A booked time as the site writes it for a visitor on South African time. */
const bookedText = (instant: Date) => `${saDay(instant)}, ${clock(instant, "Africa/Johannesburg")} South African time (${clock(instant, "Europe/London")} UK time)`;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const days = (page: Page) => page.getByRole("navigation", { name: "Days with free times" }).getByRole("listitem").getByRole("link");
const times = (page: Page) => page.getByRole("group", { name: /^Free times on / }).getByRole("radio");
const dayOf = async (link: Locator) => new URLSearchParams((await link.getAttribute("href"))!.split("?")[1]).get("day")!;

/** Chooses the first time of the first day on /consultations/book and goes on to pay: returns the pay page's path and the time held. */
async function holdPaidTime(page: Page, email: string): Promise<{ payPath: string; start: Date }> {
  await page.goto("/consultations/book");
  await waitForHydration(page);
  const radio = times(page).first();
  const start = new Date((await radio.getAttribute("value"))!);
  await radio.check();
  await page.getByLabel("First name").fill("Thandi");
  await page.getByLabel("Last name").fill("Nkosi");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Phone number").fill("+27 82 555 0123");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL((url) => /^\/consultations\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
  await page.getByRole("heading", { level: 1, name: "Pay for your private consultation" }).waitFor();
  return { payPath: new URL(page.url()).pathname, start };
}

/** Pays on the pay page the browser is on, through the built-in test checkout. */
async function pay(page: Page) {
  await page.getByRole("button", { name: /^Pay R/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
  await waitForHydration(page);
  await payTestCheckout(page);
}

describe("the pay page of a paid consultation time, with JavaScript at 1280 px", () => {
  it("says the time held was released once its hold lapsed unpaid, and the time is offered again", async () => {
    const { page, errors, close } = await visit(browser(), "/");
    const { payPath, start } = await holdPaidTime(page, `slot.released.${Date.now()}@example.co.za`);
    expect(oneLine(await page.locator("main").innerText())).toContain(`We are holding ${bookedText(start)} for you until`);

    // Time passes: the hold lapses, and the sweeper (the server's job, run here at once) frees the time.
    const id = payPath.split("/").pop()!;
    await database.db.update(consultationBookings).set({ holdExpiresAt: sql`now() - interval '1 minute'` }).where(eq(consultationBookings.id, id));
    await releaseLapsedSlotHolds(database.db, { siteUrl: site.baseURL });

    await page.goto(payPath);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "The time we held for you was released" }).waitFor();
    expect(oneLine(await page.locator("main").innerText())).toContain(`We held ${bookedText(start)} for you, but it was not paid in time, so it is free for others again. Nothing was charged.`);
    expect(await page.getByRole("button", { name: /^Pay R/ }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // "Choose a time" leads back to the list, where the hour is free again.
    await page.getByRole("link", { name: "Choose a time", exact: true }).click();
    await page.getByRole("heading", { level: 3, name: "Choose a time" }).waitFor();
    await eventually(() => page.locator(`input[name="slot"][value="${start.toISOString()}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("once paid, says so and shows the time booked, with nothing left to pay", async () => {
    const { page, errors, close } = await visit(browser(), "/");
    const { payPath, start } = await holdPaidTime(page, `slot.paid.${Date.now()}@example.co.za`);
    await pay(page);

    // The payment link in the e-mail still opens the page: now it says the time is booked.
    await page.goto(payPath);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "This consultation is already paid. Thank you!" }).waitFor();
    expect(oneLine(await page.locator("main").innerText())).toContain(`Your consultation is booked for ${bookedText(start)}; the meeting link and a calendar invitation are in your e-mail.`);
    expect(await page.getByRole("button", { name: /^Pay R/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the move-or-cancel page after the online cut-off, with JavaScript at 390 px", () => {
  it("shows the meeting and says online changes have closed, offering neither a move nor a cancellation", async () => {
    const email = `slot.too-late.${Date.now()}@example.co.za`;
    const booking = await visit(browser(), "/");
    const { start } = await holdPaidTime(booking.page, email);
    await pay(booking.page);
    await booking.close();

    // The link the client's invitation carries.
    const [mail] = await database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "consultation-booked")));
    const link = /https?:\/\/[^\s]+\/consultations\/manage\/[A-Za-z0-9._-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();

    const { page, errors, close } = await visit(browser(), new URL(link!).pathname, { viewport: "mobile" });
    await page.getByRole("heading", { level: 1, name: "Your private consultation" }).waitFor();
    expect(oneLine(await page.getByTestId("manage-when").innerText())).toBe(bookedText(start));
    expect(oneLine(await page.locator("main").innerText())).toContain("Online changes have closed for this meeting. Reply to your confirmation e-mail and we'll help.");
    expect(await page.getByRole("link", { name: "Choose Another Time" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Cancel My Booking" }).count()).toBe(0);
    // Asking for the times by address shows none either.
    await expectNoAxeViolations(page);
    await page.goto(`${new URL(link!).pathname}?move`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 3, name: "Choose a time" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the time picker", () => {
  it("without JavaScript at 390 px: a day whose times have all gone says so, and shows the next day that has times", async () => {
    const { page, close } = await visit(browser(), "/consultations/book-free", { viewport: "mobile", javaScriptEnabled: false });
    const gone = await dayOf(days(page).nth(1));
    const next = await dayOf(days(page).nth(2));
    await days(page).nth(1).click();
    await page.waitForURL((url) => url.searchParams.get("day") === gone);
    expect(await times(page).count()).toBeGreaterThan(0);

    // Meanwhile both consultants take that day off (the dates are UK dates; on UK daytime hours South Africa's date is the same).
    const everyone = await database.db.select({ id: consultants.id }).from(consultants);
    await database.db.insert(consultantDateOverrides).values(everyone.map(({ id }) => ({ consultantId: id, date: gone, note: "Day off" })));

    await page.reload();
    const notice = page.getByRole("status").filter({ hasText: "That day has no free times left" });
    expect(oneLine(await notice.innerText())).toBe("That day has no free times left. Here is the next day that has.");
    expect(await Promise.all((await days(page).all()).map(dayOf))).not.toContain(gone);
    expect(await dayOf(page.locator('nav[aria-label="Days with free times"] a[aria-current="date"]'))).toBe(next);
    expect(await times(page).count()).toBeGreaterThan(0);
    await close();
  });

  it("with JavaScript at 1280 px: pages to later dates and back to earlier ones", async () => {
    const { page, errors, close } = await visit(browser(), "/consultations/book-free");
    const firstPage = await Promise.all((await days(page).all()).map(dayOf));
    expect(firstPage).toHaveLength(10);
    expect(await page.getByRole("link", { name: "Earlier dates" }).count()).toBe(0);

    await page.getByRole("link", { name: "Later dates" }).click();
    await page.waitForURL((url) => url.searchParams.has("day"));
    const laterDay = new URL(page.url()).searchParams.get("day")!;
    expect(laterDay > firstPage.at(-1)!).toBe(true);
    // The next ten days, the first of them chosen, with its times (they come with the navigation's data, a moment after the address).
    await eventually(() => dayOf(days(page).first())).toBe(laterDay);
    expect(await days(page).first().getAttribute("aria-current")).toBe("date");
    for (const day of await Promise.all((await days(page).all()).map(dayOf))) expect(firstPage).not.toContain(day);
    expect(await times(page).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Earlier dates" }).click();
    await page.waitForURL((url) => url.searchParams.get("day") === firstPage[0]);
    await eventually(async () => Promise.all((await days(page).all()).map(dayOf))).toEqual(firstPage);
    expect(await days(page).first().getAttribute("aria-current")).toBe("date");
    expect(await page.getByRole("link", { name: "Earlier dates" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
