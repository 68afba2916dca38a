import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
import { eventually, expectNoAxeViolations, useBrowser as launchBrowser, waitForHydration, type ViewportName } from "./support/browser.ts";
import { payTestCheckout } from "./support/demo-data.ts";
import { startSiteServer } from "./support/global-setup.ts";
import { clock, visitOwnSite } from "./support/own-site.ts";

// Consultations booked into real time slots (issue 17), as a visitor books them: the days and
// free times in the visitor's zone with UK time beside each, with and without JavaScript, at
// 390 and 1280 px; a paid time held through checkout and confirmed by the payment, with the
// invitation in both zones and the meeting link, and the hour then gone for everyone, the
// consultant's subscribed calendar included; a time taken meanwhile refused with nothing
// typed lost; and "None of these times suit me" leading to the request form.
//
// Its own server (the demo data: two consultants on UK hours), so its posts do not count
// against the shared server's limit on the public forms.

const browser = launchBrowser();
let site: Awaited<ReturnType<typeof startSiteServer>>;

beforeAll(async () => {
  site = await startSiteServer();
}, 180_000);

afterAll(async () => {
  await site?.stop();
}, 60_000);

const visit = (b: Browser, path: string, options?: { viewport?: ViewportName; javaScriptEnabled?: boolean }) => visitOwnSite(b, site.baseURL, path, options);
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const days = (page: Page) => page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
const labelOf = (radio: Locator) => radio.locator("xpath=ancestor::label[1]");
const times = (page: Page) => page.getByRole("group", { name: /^Free times on / }).getByRole("radio");

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("First name").fill("Thandi");
  await page.getByLabel("Last name").fill("Nkosi");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Phone number").fill("+27 82 555 0123");
}

/** Books a free call without JavaScript: the day at `dayIndex`, its first or last time. Returns the time booked. */
async function bookFreeCall(email: string, dayIndex: number, which: "first" | "last", viewport: ViewportName = "mobile"): Promise<Date> {
  const { page, close } = await visit(browser(), "/consultations/book-free", { viewport, javaScriptEnabled: false });
  await days(page).nth(dayIndex).click();
  await page.waitForURL((url) => url.searchParams.has("day"));
  const radio = which === "first" ? times(page).first() : times(page).last();
  const start = new Date((await radio.getAttribute("value"))!);
  await radio.check();
  await fillDetails(page, email);
  await page.getByRole("button", { name: "Book My Free Call" }).click();
  await page.getByRole("heading", { level: 1, name: "Your call is booked" }).waitFor();
  await close();
  return start;
}

describe("a paid consultation in a real time slot, with JavaScript at 1280 px", () => {
  it("a visitor in Durban picks a Tuesday time, sees UK time beside it, pays, and gets the invitation; the hour is then gone, and the consultant's calendar has it", async () => {
    const email = `slot.paid.${Date.now()}@example.co.za`;
    const { page, errors, close } = await visit(browser(), "/consultations/book");
    await page.getByRole("heading", { level: 3, name: "Choose a time" }).waitFor();
    expect(await page.getByLabel("Show times in").inputValue()).toBe("Africa/Johannesburg");
    await expectNoAxeViolations(page);

    // A Tuesday, as in the story, with at least three free times, else any such day:
    // the first day shown may have only its last times left, the notice period having taken the
    // rest (a run on a Monday afternoon found tomorrow's Tuesday with fewer than three).
    const roomy = days(page).filter({ hasText: /(^|\D)([3-9]|\d{2,}) times$/ });
    const tuesday = roomy.filter({ hasText: /^Tue/ }).first();
    const day = (await tuesday.count()) > 0 ? tuesday : roomy.first();
    await day.click();
    await page.waitForURL((url) => url.searchParams.has("day"));
    const dayParam = new URL(page.url()).searchParams.get("day")!;
    // The day's times come with the navigation's data, a moment after the address.
    await eventually(() => day.getAttribute("aria-current")).toBe("date");
    expect(oneLine(await page.getByRole("group", { name: /^Free times on / }).locator("legend").innerText())).toMatch(/^Free times on \w+day \d{1,2} \w+/);

    // Each time shows South African time, and UK time beside it, for the same instant.
    const radio = times(page).nth(2);
    const start = new Date((await radio.getAttribute("value"))!);
    const label = oneLine(await labelOf(radio).innerText());
    const saClock = clock(start, "Africa/Johannesburg");
    const ukClock = clock(start, "Europe/London");
    expect(label).toBe(`${saClock} ${ukClock} UK time`);
    await radio.check();
    await fillDetails(page, email);
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    // The time is held while the visitor pays.
    await page.waitForURL((url) => /^\/consultations\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name: "Pay for your private consultation" }).waitFor();
    const held = oneLine(await page.locator("main").innerText());
    expect(held).toContain(`${saClock} South African time (${ukClock} UK time) for you until`);
    await page.getByRole("button", { name: /^Pay R/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(page);
    await payTestCheckout(page);
    expect(errors).toEqual([]);
    await close();

    // Two consultants work these hours: the hour is still offered once, with the other one;
    // once a second visitor holds it, nobody else can take it.
    const offeredAgain = async () => {
      const { page: later, close: closeLater } = await visit(browser(), `/consultations/book?day=${dayParam}`);
      const count = await later.locator(`input[name="slot"][value="${start.toISOString()}"]`).count();
      return { later, count, closeLater };
    };
    const again = await offeredAgain();
    expect(again.count).toBe(1);
    await again.later.locator(`input[name="slot"][value="${start.toISOString()}"]`).check();
    await fillDetails(again.later, `slot.paid.second.${Date.now()}@example.co.za`);
    await again.later.getByRole("button", { name: "Continue to Payment" }).click();
    await again.later.waitForURL((url) => url.pathname.startsWith("/consultations/pay/"));
    await again.closeLater();
    const gone = await offeredAgain();
    expect(gone.count).toBe(0);
    await gone.closeLater();

    // The invitation: the time in both zones, the meeting link, the calendar file.
    const admin = await visit(browser(), "/");
    await signInAsAdmin(admin.page);
    const mail = await findOutboxEmail(admin.page, { to: email, kind: "consultation-booked" });
    expect(oneLine(mail.subject)).toContain(`${saClock} South African time (${ukClock} UK time)`);
    const meeting = /https:\/\/meet\.jit\.si\/Thula-[A-Za-z0-9_-]{16}/.exec(mail.text)?.[0];
    expect(meeting).toBeDefined();
    expect(mail.attachments.join(" ")).toContain("thula-consultation.ics");

    // The e-mail's link moves it to a Wednesday (the first shown, else another day).
    const manage = /https?:\/\/[^\s]+\/consultations\/manage\/[A-Za-z0-9._-]+/.exec(mail.text)?.[0];
    expect(manage).toBeDefined();
    const client = await visit(browser(), new URL(manage!).pathname);
    expect(oneLine(await client.page.getByTestId("manage-when").innerText())).toContain(`${saClock} South African time (${ukClock} UK time)`);
    await client.page.getByRole("link", { name: "Choose Another Time" }).click();
    await client.page.getByRole("heading", { level: 3, name: "Choose a time" }).waitFor();
    const wednesday = days(client.page).filter({ hasText: /^Wed/ }).first();
    const moveDay = (await wednesday.count()) > 0 ? wednesday : days(client.page).nth(3);
    await moveDay.click();
    await eventually(() => moveDay.getAttribute("aria-current")).toBe("date");
    const newRadio = times(client.page).first();
    const newStart = new Date((await newRadio.getAttribute("value"))!);
    await newRadio.check();
    await client.page.getByRole("button", { name: "Move to This Time" }).click();
    await client.page.getByRole("status").filter({ hasText: "Done: your meeting is now" }).waitFor();
    await eventually(async () => oneLine(await client.page.getByTestId("manage-when").innerText())).toContain(
      `${clock(newStart, "Africa/Johannesburg")} South African time (${clock(newStart, "Europe/London")} UK time)`,
    );
    await expectNoAxeViolations(client.page);
    expect(client.errors).toEqual([]);
    await client.close();
    const movedMail = await findOutboxEmail(admin.page, { to: email, kind: "consultation-moved" });
    expect(movedMail.attachments.join(" ")).toContain("thula-consultation.ics");

    // The consultant it went to sees it in their subscribed calendar, at the new instant only.
    const stamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    await admin.page.goto("/admin/consultants");
    await waitForHydration(admin.page);
    const feeds: string[] = [];
    for (const name of ["Naledi Dube", "Pieter van Wyk"]) {
      await admin.page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: `Edit ${name}` }).click();
      const dialog = admin.page.getByRole("dialog", { name: "Edit Consultant" });
      feeds.push((await (await admin.page.request.get(await dialog.getByRole("textbox", { name: /^Calendar address/ }).inputValue())).text()).replace(/\r\n[ \t]/g, ""));
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await dialog.waitFor({ state: "hidden" });
    }
    expect(feeds.filter((feed) => feed.includes(`DTSTART:${stamp(newStart)}`) && feed.includes(meeting!))).toHaveLength(1);
    await admin.close();
  });
});

describe("cancelling from the e-mail's link, without JavaScript at 390 px", () => {
  it("asks to confirm, cancels the free call, and the old link can then only say so", async () => {
    const email = `slot.cancel.${Date.now()}@example.co.za`;
    // Chosen without JavaScript at 1280 px (the other journeys choose at 390 px, and with JavaScript).
    await bookFreeCall(email, 3, "first", "desktop");

    const admin = await visit(browser(), "/");
    await signInAsAdmin(admin.page);
    const mail = await findOutboxEmail(admin.page, { to: email, kind: "intro-call-booked" });
    await admin.close();
    const path = new URL(/https?:\/\/[^\s]+\/consultations\/manage\/[A-Za-z0-9._-]+/.exec(mail.text)![0]).pathname;

    const client = await visit(browser(), path, { viewport: "mobile", javaScriptEnabled: false });
    await client.page.getByRole("heading", { level: 1, name: "Your free intro call" }).waitFor();
    expect(oneLine(await client.page.locator("main").innerText())).toContain("Nothing was charged, so there is nothing to refund.");
    // The server asks for the box too, whatever the browser checks: a post without it changes nothing.
    const version = await client.page.locator("form:has(input[value=cancel]) input[name=version]").inputValue();
    const unticked = await client.page.request.post(path, { form: { intent: "cancel", version } });
    expect(unticked.status()).toBe(422);
    expect(await unticked.text()).toContain("Please tick the box to confirm that you want to cancel.");
    await client.page.getByLabel("Yes, cancel my free intro call").check();
    await client.page.getByRole("button", { name: "Cancel My Booking" }).click();
    await client.page.getByRole("status").filter({ hasText: "Your booking is cancelled." }).waitFor();
    await client.page.goto(path);
    await client.page.getByRole("heading", { level: 1, name: "Your free intro call is cancelled" }).waitFor();
    expect(await client.page.getByRole("button", { name: "Move to This Time" }).count()).toBe(0);
    expect(await client.page.getByRole("link", { name: "Choose Another Time" }).count()).toBe(0);
    await client.close();
  });
});

describe("a free intro call in a real time slot, without JavaScript at 390 px", () => {
  it("switches the zone with the button, books a time from the server-rendered list, and refuses it once both consultants are taken, keeping what was typed", async () => {
    const first = await visit(browser(), "/consultations/book-free", { viewport: "mobile", javaScriptEnabled: false });
    const second = await visit(browser(), "/consultations/book-free", { viewport: "mobile", javaScriptEnabled: false });
    const third = await visit(browser(), "/consultations/book-free", { viewport: "mobile", javaScriptEnabled: false });
    for (const { page } of [first, second, third]) {
      await page.getByLabel("Show times in").selectOption("Europe/London");
      await page.getByRole("button", { name: "Show times" }).click();
      await page.waitForURL((url) => url.searchParams.get("tz") === "Europe/London");
      expect(oneLine(await page.getByText(/^10 minutes, online\./).innerText())).toBe("10 minutes, online. Times are in UK time.");
      // The last day listed (two weeks on): the paid journey above books the first Tuesday shown
      // and moves to the first Wednesday's first time, which left one consultant there when that
      // Wednesday was this day's second (on a Monday, when today is no longer offered).
      await days(page).filter({ hasText: /\d+ times?$/ }).last().click();
      await page.waitForURL((url) => url.searchParams.has("day"));
    }
    const radio = times(first.page).first();
    const value = (await radio.getAttribute("value"))!;
    const ukClock = clock(new Date(value), "Europe/London");
    // On UK time, there is nothing to show beside it.
    expect(oneLine(await labelOf(radio).innerText())).toBe(ukClock);

    await radio.check();
    await fillDetails(first.page, `slot.free.${Date.now()}@example.co.za`);
    await first.page.getByRole("button", { name: "Book My Free Call" }).click();
    await first.page.getByRole("heading", { level: 1, name: "Your call is booked" }).waitFor();
    expect(oneLine(await first.page.locator("main").innerText())).toContain(`is booked for`);
    expect(oneLine(await first.page.locator("main").innerText())).toContain(`${ukClock} UK time.`);
    await first.close();

    // The second visitor takes the same time with the other consultant; the third visitor's
    // page still shows it, and the server refuses it on the time list, keeping the details.
    await second.page.locator(`input[name="slot"][value="${value}"]`).check();
    await fillDetails(second.page, `slot.second.${Date.now()}@example.co.za`);
    await second.page.getByRole("button", { name: "Book My Free Call" }).click();
    await second.page.getByRole("heading", { level: 1, name: "Your call is booked" }).waitFor();
    await second.close();

    await third.page.locator(`input[name="slot"][value="${value}"]`).check();
    await fillDetails(third.page, `slot.third.${Date.now()}@example.co.za`);
    await third.page.getByRole("button", { name: "Book My Free Call" }).click();
    await third.page.getByRole("heading", { name: "There is a problem with your details" }).waitFor();
    const summary = third.page.getByRole("link", { name: /Sorry, (someone has just booked that time|that time is no longer available)/ });
    expect(await summary.getAttribute("href")).toBe("#slot");
    expect(await third.page.getByLabel("First name").inputValue()).toBe("Thandi");
    expect(await third.page.locator(`input[name="slot"][value="${value}"]`).count()).toBe(0);
    await third.close();
  });

  it("leads 'None of these times suit me' to the request form, and back", async () => {
    const { page, close } = await visit(browser(), "/consultations/book", { viewport: "mobile", javaScriptEnabled: false });
    await page.getByRole("link", { name: "None of these times suit me" }).click();
    await page.waitForURL((url) => url.searchParams.has("request"));
    await page.getByRole("group", { name: "Preferred time (UK time)" }).waitFor();
    expect(await page.getByRole("button", { name: "Request My Consultation" }).count()).toBe(1);
    await page.getByRole("link", { name: "Choose a time online instead" }).click();
    await page.getByRole("heading", { level: 3, name: "Choose a time" }).waitFor();
    await close();
  });
});

describe("the time picker with JavaScript at 390 px", () => {
  it("applies a new zone at once, keeps the day, and passes axe", async () => {
    const { page, errors, close } = await visit(browser(), "/consultations/book-free", { viewport: "mobile" });
    await days(page).nth(2).click();
    await page.waitForURL((url) => url.searchParams.has("day"));
    const day = new URL(page.url()).searchParams.get("day");
    await eventually(() => days(page).nth(2).getAttribute("aria-current")).toBe("date");
    const first = new Date((await times(page).first().getAttribute("value"))!);
    await page.getByLabel("Show times in").selectOption("Asia/Dubai");
    await page.waitForURL((url) => url.searchParams.get("tz") === "Asia/Dubai");
    expect(new URL(page.url()).searchParams.get("day")).toBe(day);
    // The new zone's times come with the navigation's data, a moment after the address.
    await eventually(async () => oneLine(await labelOf(times(page).first()).innerText())).toBe(`${clock(first, "Asia/Dubai")} ${clock(first, "Europe/London")} UK time`);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the portal's week calendar at 1280 px", () => {
  it("shows a booked call in its consultant's row, opens its details, and reassigns it to the other consultant, whose own room the client is e-mailed", async () => {
    const email = `slot.week.${Date.now()}@example.co.za`;
    const start = await bookFreeCall(email, 7, "last");

    const admin = await visit(browser(), "/");
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/admin/consultations?q=${encodeURIComponent(email)}`);
    await waitForHydration(admin.page);
    // The list shows the booked time, in UK time.
    const ukDay = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "Europe/London" }).format(start).replace(",", "");
    expect(oneLine(await admin.page.locator("main").innerText())).toContain(`Booked for ${ukDay}, ${clock(start, "Europe/London")} UK time`);
    const view = (await admin.page.locator('a[href*="view="]').first().getAttribute("href"))!;
    const id = new URLSearchParams(view.split("?")[1]).get("view")!;

    await admin.page.getByRole("link", { name: "Week Calendar" }).click();
    await admin.page.getByRole("heading", { level: 1, name: "Week Calendar" }).waitFor();
    const meeting = admin.page.locator(`a[href="/admin/consultations?view=${id}"]`);
    // The week the call falls in (any day of it names the week).
    const ukDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(start);
    await admin.page.goto(`/admin/consultations/week?week=${ukDate}`);
    await waitForHydration(admin.page);
    expect(oneLine(await meeting.innerText())).toBe(`${clock(start, "Europe/London")}–${clock(new Date(start.getTime() + 10 * 60_000), "Europe/London")} Thandi Nkosi`);
    await expectNoAxeViolations(admin.page);
    const rowName = async () => oneLine(await admin.page.locator("tbody tr").filter({ has: meeting }).locator("th").innerText());
    const from = await rowName();
    const to = from === "Naledi Dube" ? "Pieter van Wyk" : "Naledi Dube";

    // The consultant it goes to meets in a fixed room of their own (the last journey here: later bookings would get it too).
    const room = `https://meet.example/room-${Date.now().toString(36)}`;
    await admin.page.goto("/admin/consultants");
    await waitForHydration(admin.page);
    await admin.page.getByRole("row").filter({ hasText: to }).getByRole("link", { name: `Edit ${to}` }).click();
    const edit = admin.page.getByRole("dialog", { name: "Edit Consultant" });
    await edit.getByRole("textbox", { name: /^Meeting room/ }).fill(room);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await admin.page.getByRole("status").filter({ hasText: `${to}'s details and hours were saved.` }).waitFor();
    await admin.page.goto(`/admin/consultations/week?week=${ukDate}`);
    await waitForHydration(admin.page);

    const item = admin.page.getByRole("listitem").filter({ has: meeting });
    await item.getByText("Reassign", { exact: true }).first().click();
    await item.getByRole("combobox").selectOption({ label: to });
    await item.getByRole("button", { name: "Reassign" }).click();
    await admin.page.getByText(`The meeting now goes to ${to}.`).waitFor();
    await eventually(rowName).toBe(to);

    // Its details open from the calendar.
    await meeting.click();
    const details = admin.page.getByRole("dialog");
    await details.getByText(to, { exact: true }).waitFor();

    // The client hears of the new room: the same time, the new link, a calendar file that updates the entry.
    const mail = await findOutboxEmail(admin.page, { to: email, kind: "consultation-room-changed" });
    expect(oneLine(mail.subject)).toMatch(new RegExp(`^A new link for your meeting on .*${clock(start, "Africa/Johannesburg")} South African time \\(${clock(start, "Europe/London")} UK time\\)$`));
    expect(oneLine(mail.text)).toContain("stays at");
    expect(mail.text).toContain(room);
    expect(mail.attachments.join(" ")).toContain("thula-intro-call.ics");
    await admin.close();
  });
});
