import { readFile } from "node:fs/promises";
import type { Cookie, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addMonths, monthLabel, monthOf } from "~/features/dashboard/months.ts";
import { signInAsAdmin } from "./support/admin.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { expectNoAxeViolations, openPage, useBrowser as browserForThisFile, waitForHydration, type ViewportName } from "./support/browser.ts";

// The ledger's reports (issue 14): the dashboard's revenue (payments minus refunds) and its
// "Revenue and seats sold by month" chart with the same figures in a table, the monthly
// statement and its CSV, the statement's month picker without JavaScript, and both pages at a
// phone's and a desktop's width. The demo's paid bookings are in the ledger; the figures are
// checked against each other (tile, table, statement, CSV), so payments other journeys make
// meanwhile do not matter.

const browser = browserForThisFile();
let adminCookies: Cookie[] = [];

beforeAll(async () => {
  const { page, context, close } = await openPage(browser());
  await signInAsAdmin(page);
  adminCookies = await context.cookies();
  await close();
});

async function adminPage(path: string, options: { viewport?: ViewportName; javaScriptEnabled?: boolean } = {}) {
  const test = await openPage(browser(), options);
  await test.context.addCookies(adminCookies);
  const response = await test.page.goto(path);
  expect(response?.status()).toBe(200);
  if (options.javaScriptEnabled !== false) await waitForHydration(test.page);
  return test;
}

/** "R1200.50" / "-R200.00" → cents. */
function cents(text: string): number {
  const match = /^(-?)R(\d+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount in rand: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

const thisMonth = monthOf(new Date());
const thisMonthLabel = monthLabel(thisMonth);

/** The revenue tile's big number. */
const tileRevenue = (page: Page) => page.getByRole("heading", { level: 3, name: `Revenue in ${thisMonthLabel}` }).locator("xpath=following-sibling::p[1]");

function monthRow(table: Locator, label: string) {
  return table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: label, exact: true }) });
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, page.url()).toBeLessThanOrEqual(widths.viewport);
}

describe("revenue and seats sold by month, and the monthly statement", () => {
  it("shows the ledger's figures as a chart and a table, and the month's statement with its CSV", async () => {
    const { page, errors, close } = await adminPage("/admin/dashboard");
    const section = page.getByRole("region", { name: "Revenue and seats sold by month" });
    const table = section.getByRole("table", { name: /^Revenue and seats sold by month, last 12 months/ });
    await table.waitFor();
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(["MONTH", "SEMINARS", "CONSULTATIONS", "REVENUE", "SEATS SOLD"]);
    // Twelve months and the header row, newest first.
    expect(await table.getByRole("row").count()).toBe(13);
    const months = await table.getByRole("rowheader").allInnerTexts();
    expect(months[0]).toBe(thisMonthLabel);
    expect(months[11]).toBe(monthLabel(addMonths(thisMonth, -11)));

    // This month's row says what the revenue tile says, and its parts add up.
    const [seminars, consultations, revenue, seats] = await monthRow(table, thisMonthLabel).getByRole("cell").allInnerTexts();
    expect(cents(revenue!)).toBe(cents(await tileRevenue(page).innerText()));
    expect(cents(seminars!) + cents(consultations!)).toBe(cents(revenue!));
    expect(Number(seats)).toBeGreaterThanOrEqual(0);
    // The demo's payments are all within the year, so the months add up to all time.
    const revenues = await table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[2]!.innerText.trim()));
    const allTime = /All time: (-?R\d+\.\d{2})\./.exec(await page.getByRole("main").innerText())![1]!;
    expect(revenues.reduce((sum, text) => sum + cents(text), 0)).toBe(cents(allTime));
    expect(cents(allTime)).toBeGreaterThan(0);

    // The chart draws the same months, hidden from screen readers (the table says it).
    const chart = section.getByTestId("monthly-chart");
    expect(await chart.getAttribute("aria-hidden")).toBe("true");
    await chart.locator(".recharts-wrapper").first().waitFor();
    // Revenue by kind, and seats sold.
    expect(await chart.locator(".recharts-wrapper").count()).toBe(2);
    await expect.poll(() => chart.locator(".recharts-bar-rectangle").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Nothing in it takes keyboard focus (Recharts' own layers carry tabindex="-1").
    expect(await chart.locator('a, button, [tabindex]:not([tabindex="-1"])').count()).toBe(0);
    await expectNoAxeViolations(page);

    // --- The statement for this month, from the revenue tile.
    await page.getByRole("link", { name: `Statement for ${thisMonthLabel}` }).click();
    await page.waitForURL((url) => url.pathname === "/admin/statement" && url.searchParams.get("month") === thisMonth);
    await page.getByRole("heading", { level: 1, name: "Monthly statement" }).waitFor();
    expect(await page.getByRole("combobox", { name: "Month" }).inputValue()).toBe(thisMonth);
    const totals = page.getByRole("region", { name: `Totals for ${thisMonthLabel}` });
    const total = (term: string) => totals.locator(`xpath=.//dt[normalize-space(.)="${term}"]/following-sibling::dd[1]`).innerText();
    expect(cents(await total("Revenue"))).toBe(cents(revenue!));
    expect(cents(await total("Payments")) + cents(await total("Refunds"))).toBe(cents(revenue!));
    const counts = await totals.locator("dd:nth-of-type(2)").allInnerTexts();
    const entryCount = counts.slice(0, 2).reduce((sum, text) => sum + Number(/^(\d+)/.exec(text)![1]), 0);

    const entries = page.getByRole("table", { name: `Ledger entries for ${thisMonthLabel}, oldest first` });
    expect(await entries.locator("tbody tr").count()).toBe(Math.max(entryCount, 1));
    const amounts = await entries.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[5]?.innerText.trim() ?? ""));
    if (entryCount > 0) expect(amounts.reduce((sum, text) => sum + cents(text), 0)).toBe(cents(revenue!));
    await expectNoAxeViolations(page);

    // --- Its CSV: the same entries, refunds negative, adding up to the month's revenue.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toBe(`ledger-statement-${thisMonth}.csv`);
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date (South African time),Booking reference,Kind,Type,Provider,Amount (R),Currency,By,Reason,Entry id");
    expect(lines).toHaveLength(entryCount + 1);
    const csvCents = lines.slice(1).map((line) => Math.round(Number(line.split(",")[5]) * 100));
    expect(csvCents.reduce((sum, value) => sum + value, 0)).toBe(cents(revenue!));

    // Without the admin's session the CSV is refused.
    const anonymous = await browser().newContext();
    const refused = await anonymous.request.get(page.url().replace(/\?.*$/, `?month=${thisMonth}&format=csv`), { maxRedirects: 0 });
    expect([302, 303]).toContain(refused.status());
    expect(await refused.text()).not.toContain("Booking reference");
    await anonymous.close();

    expect(errors).toEqual([]);
    await close();
  });

  it("changes the statement's month without JavaScript", async () => {
    const previous = addMonths(thisMonth, -1);
    const { page, close } = await adminPage("/admin/statement", { javaScriptEnabled: false });
    expect(await page.getByRole("combobox", { name: "Month" }).inputValue()).toBe(thisMonth);
    await page.getByRole("combobox", { name: "Month" }).selectOption(previous);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("month") === previous);
    await page.getByRole("heading", { level: 2, name: `Totals for ${monthLabel(previous)}` }).waitFor();
    expect(await page.getByRole("link", { name: /^Download CSV/ }).getAttribute("href")).toBe(`/admin/statement?month=${previous}&format=csv`);
    await close();
  });

  for (const viewport of ["mobile", "desktop"] as const) {
    it(`shows the dashboard and the statement at ${viewport} width without axe violations or sideways scrolling`, async () => {
      const { page, errors, close } = await adminPage("/admin/dashboard", { viewport });
      await page.getByTestId("monthly-chart").locator(".recharts-wrapper").first().waitFor();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      for (const path of [`/admin/statement?month=${thisMonth}`, "/admin/statement?month=2001-01"]) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }
      await page.getByText("No payments or refunds in January 2001.").waitFor();
      expect(errors).toEqual([]);
      await close();
    });
  }
});
