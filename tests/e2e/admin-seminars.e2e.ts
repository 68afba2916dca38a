import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/format.ts";
import { signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, expectNoAxeViolations, openPage, useBrowser as launchBrowser, waitForHydration, type TestPage } from "./support/browser.ts";

// The seminar side of the admin portal (issue 6), as staff and a visitor use it: an admin
// creates a seminar, a visitor books and pays for it through the test checkout, the admin
// sees the payment in Manage Attendees and on /admin/bookings, exports the CSV, adds an
// attendee, sends a reminder, edits the price (and reads who did it in the seminar's history
// and on /admin/activity), cancels the seminar (it has bookings, so it is never deleted), and
// reads both e-mails in /admin/outbox.

const browser = launchBrowser();
const stamp = Date.now().toString(36);
const seminarTitle = `E2E Evening ${stamp}`;
const visitor = { firstName: "Nomsa", lastName: `Visitor${stamp}`, email: `nomsa.${stamp}@example.com` };

/** Server round trips on the embedded database can take a moment: poll for up to 10 s. */

/** Console errors, less the ones a refused form (422/409) makes the browser print by design. */
function unexpected(errors: string[]) {
  return errors.filter((error) => !/status of (409|422)/.test(error));
}

/**
 * axe on the e-mail detail view. The HTML body sits in a sandboxed frame where no script
 * may run, so axe could never answer from inside it (it would wait for ever): that frame
 * is left out; the mail layout's own checks live with the templates.
 */
async function expectNoAxeViolationsBesideTheMailFrame(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("iframe[sandbox]").analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function gotoAdmin(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
const card = (page: Page) => page.getByTestId("seminar-card").filter({ hasText: seminarTitle });

async function openAttendees(page: Page): Promise<Locator> {
  await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(stamp)}`);
  await card(page).getByRole("link", { name: `Manage Attendees of ${seminarTitle}` }).click();
  const modal = dialog(page, new RegExp(`^${seminarTitle} - \\d+ / 5 attendees$`));
  await modal.waitFor();
  return modal;
}

async function fillSeminarForm(modal: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await modal.getByLabel(label).fill(value);
}

describe("running a seminar from the admin portal", () => {
  // One long journey (two browsers, a payment, eleven axe runs): it gets more time than the default.
  it("creates, sells, exports, adds, reminds and cancels, with every e-mail in the outbox", { timeout: 180_000 }, async () => {
    const admin: TestPage = await openPage(browser());
    const { page } = admin;
    await signInAsAdmin(page);

    // --- /admin/seminars, and Create Seminar with a validation error first.
    await gotoAdmin(page, "/admin/seminars");
    expect(await page.getByRole("heading", { level: 1, name: "Seminars" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin/dashboard");
    expect(await page.getByRole("combobox", { name: "Show" }).inputValue()).toBe("active");
    expect(await page.getByPlaceholder("Search seminars...").isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Create Seminar" }).click();
    const create = dialog(page, "Create Seminar");
    await create.waitFor();
    expect(await create.getByLabel("Price (R)").inputValue()).toBe("1200.00");
    expect(await create.getByLabel("Max attendees").inputValue()).toBe("30");
    expect(await create.getByLabel("Active").isChecked()).toBe(true);
    expect(await create.getByLabel("Date").getAttribute("min")).toBe(todayIn("Africa/Johannesburg"));
    await expectNoAxeViolations(page);

    const seminarDate = addDays(todayIn("Africa/Johannesburg"), 12);
    await fillSeminarForm(create, {
      Title: seminarTitle,
      // Blank after trimming: the browser lets it through, the server refuses it.
      "Organizer name": "   ",
      Location: "Harbourview Hotel, Durban",
      City: "Durban",
      "Venue name": "Harbourview Hotel",
      Address: "12 Lagoon Drive, Umhlanga Rocks",
      Date: seminarDate,
      Time: "18:30",
      "Price (R)": "850.50",
      "Max attendees": "5",
      Description: "An end-to-end evening about moving to the UK.",
    });
    await create.getByRole("button", { name: "Create Seminar" }).click();
    await create.getByText("Organizer name is required").waitFor();
    expect(await create.getByRole("alert").first().textContent()).toContain("Failed to create seminar");
    expect(await create.getByRole("textbox", { name: "Title", exact: true }).inputValue()).toBe(seminarTitle);
    expect(await create.getByLabel("Organizer name").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);

    await create.getByLabel("Organizer name").fill("Thula Relocations");
    await create.getByRole("button", { name: "Create Seminar" }).click();
    await page.getByText(`Seminar “${seminarTitle}” was created.`).waitFor();
    await eventually(() => create.count()).toBe(0);

    await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(stamp)}`);
    await card(page).waitFor();
    const cardText = (await card(page).textContent()) ?? "";
    for (const text of ["Active", "at 18:30", "Harbourview Hotel, Durban", "0 / 5", "R850.50"]) expect(cardText).toContain(text);

    // --- A visitor finds it on /events, books and pays through the test checkout.
    const visitorPage = await openPage(browser());
    const vp = visitorPage.page;
    await vp.goto(`/events?q=${encodeURIComponent(seminarTitle)}`);
    await waitForHydration(vp);
    const reserve = vp.getByRole("link", { name: "Reserve Your Spot" });
    expect(await reserve.count()).toBe(1);
    await reserve.click();
    await eventually(() => new URL(vp.url()).pathname.startsWith("/events/book/")).toBe(true);
    await waitForHydration(vp);
    await vp.getByLabel(/^First name/).fill(visitor.firstName);
    await vp.getByLabel(/^Last name/).fill(visitor.lastName);
    await vp.getByLabel(/^E-mail address/).fill(visitor.email);
    await vp.getByLabel(/^Phone number/).fill("+27 82 555 0177");
    await vp.getByRole("button", { name: "Reserve My Seat" }).click();
    const payment = vp.getByRole("dialog", { name: "Your seat is reserved" });
    await payment.waitFor();
    await payment.getByRole("button", { name: "Pay" }).click();
    await eventually(() => new URL(vp.url()).pathname.startsWith("/checkout/test/")).toBe(true);
    await vp.getByRole("button", { name: "Pay" }).click();
    await vp.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
    expect(unexpected(visitorPage.errors)).toEqual([]);
    await visitorPage.close();

    // --- The admin sees the paid seat in Manage Attendees …
    let attendees = await openAttendees(page);
    expect(await attendees.getByRole("heading", { name: `${seminarTitle} - 1 / 5 attendees` }).count()).toBe(1);
    const paidRow = attendees.getByTestId("attendee").filter({ hasText: visitor.email });
    expect(await paidRow.getByText("Confirmed · Paid", { exact: true }).isVisible()).toBe(true);
    expect(await attendees.getByRole("heading", { name: "Current Attendees" }).isVisible()).toBe(true);
    expect(await attendees.getByRole("heading", { name: "Add Attendees" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // … and on /admin/bookings, and in the CSV of the filtered rows.
    await gotoAdmin(page, `/admin/bookings?q=${encodeURIComponent(visitor.email)}`);
    const row = page.getByRole("row").filter({ hasText: visitor.email });
    expect(await row.count()).toBe(1);
    expect(await row.getByText("Confirmed · Paid", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText("R850.50").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    const exportHref = await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
    expect(exportHref).toBe(`/admin/bookings?${new URLSearchParams({ q: visitor.email, format: "csv" })}`);
    const csv = await page.request.get(exportHref!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="seminar-bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe(
      "Booking reference,Booked at,Seminar,Seminar date,City,First name,Last name,E-mail,Phone,Preferred contact,State,Paid,Amount (R),Paid at,Refunded (R),Net (R),Cancelled at,Cancelled by,Cancel reason,Seats,Names on tickets,Checked in",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${seminarTitle},${seminarDate},Durban,${visitor.firstName},${visitor.lastName},${visitor.email},'+27 82 555 0177,Email,Confirmed · Paid,Yes,850.50,`);
    expect(lines[1]!.endsWith(`,0.00,850.50,,,,1,${visitor.firstName} ${visitor.lastName},0 of 1`), lines[1]).toBe(true);
    // Without the admin's session the export is refused.
    const anonymous = await browser().newContext();
    const refused = await anonymous.request.get(admin.url(exportHref!), { maxRedirects: 0 });
    expect([302, 303]).toContain(refused.status());
    await anonymous.close();

    // --- Add an attendee from 'Add Attendees', then send a reminder.
    attendees = await openAttendees(page);
    await attendees.getByPlaceholder("Search users...").fill("Sipho");
    const addable = attendees.getByTestId("addable-contacts");
    await eventually(() => addable.getByRole("listitem").count()).toBe(1);
    await addable.getByRole("button", { name: "Add Sipho Ndlovu" }).click();
    await attendees.getByText("Sipho Ndlovu was added as a confirmed attendee; their booking confirmation (fee still to pay) is in the outbox.").waitFor();
    await dialog(page, `${seminarTitle} - 2 / 5 attendees`).waitFor();
    const siphoRow = attendees.getByTestId("attendee").filter({ hasText: "Sipho Ndlovu" });
    expect(await siphoRow.getByText("Confirmed · Unpaid").isVisible()).toBe(true);
    // Sipho is booked now: the search no longer offers him.
    await eventually(() => attendees.getByText("No users found").isVisible()).toBe(true);

    await siphoRow.getByRole("button", { name: "Send Reminder to Sipho Ndlovu" }).click();
    await attendees.getByText("A reminder e-mail to sipho.ndlovu@example.co.za is in the outbox.").waitFor();
    await expectNoAxeViolations(page);

    await gotoAdmin(page, "/admin/outbox");
    const reminder = page.getByRole("row").filter({ hasText: `Reminder: ${seminarTitle}` });
    expect(await reminder.count()).toBe(1);
    expect(await reminder.getByText("sipho.ndlovu@example.co.za").isVisible()).toBe(true);
    expect(await reminder.getByText("seminar-reminder").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await reminder.getByRole("link").click();
    await page.getByRole("heading", { name: new RegExp(`^Reminder: ${seminarTitle}`) }).waitFor();
    const frame = page.locator("iframe");
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await frame.getAttribute("srcdoc")).toContain("What to bring");
    const textBody = (await page.getByTestId("outbox-text-body").textContent()) ?? "";
    for (const text of ["Harbourview Hotel", "12 Lagoon Drive, Umhlanga Rocks, Durban", "18:30 (South African time)", "What to bring"]) expect(textBody).toContain(text);
    await expectNoAxeViolationsBesideTheMailFrame(page);

    // --- Edit the price: the Edit dialog's history says who changed what, and so does /admin/activity.
    await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(stamp)}`);
    await card(page).getByRole("link", { name: `Edit ${seminarTitle}` }).click();
    let edit = dialog(page, "Edit Seminar");
    await edit.waitFor();
    await edit.getByLabel("Price (R)").fill("900");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(`Your changes to “${seminarTitle}” were saved.`).waitFor();
    await card(page).getByRole("link", { name: `Edit ${seminarTitle}` }).click();
    edit = dialog(page, "Edit Seminar");
    await edit.waitFor();
    const history = edit.getByRole("region", { name: "History" });
    const edited = history.getByRole("listitem").filter({ hasText: `Edited the seminar "${seminarTitle}"` });
    expect(await edited.count()).toBe(1);
    for (const line of ['Price: "R850.50" → "R900.00"', "Demo Admin"]) expect(await edited.textContent()).toContain(line);
    expect(await history.getByText(`Created the seminar "${seminarTitle}"`).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await gotoAdmin(page, `/admin/activity?q=${encodeURIComponent(seminarTitle)}`);
    const logged = page.getByRole("row").filter({ hasText: `Edited the seminar "${seminarTitle}"` });
    expect(await logged.count()).toBe(1);
    for (const line of ["Demo Admin", 'Price: "R850.50" → "R900.00"', "seminar.update"]) expect(await logged.textContent()).toContain(line);

    // --- Cancel the seminar (it has bookings, so it is not deleted): both attendees are told, in the outbox.
    await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(stamp)}`);
    await card(page).getByRole("link", { name: `Edit ${seminarTitle}` }).click();
    edit = dialog(page, "Edit Seminar");
    await edit.waitFor();
    // Max attendees never below the seats taken: the browser's min, and the server.
    expect(await edit.getByLabel("Max attendees").getAttribute("min")).toBe("2");
    await expectNoAxeViolations(page);
    await edit.getByRole("link", { name: "Cancel seminar" }).click();
    const confirm = dialog(page, "Cancel this seminar?");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("2 attendees hold a seat; 1 of them paid (R850.50 in all)");
    await expectNoAxeViolations(page);
    await confirm.getByLabel(/^Reason for cancelling/).fill("The venue closed for repairs");
    await confirm.getByRole("button", { name: "Cancel seminar" }).click();
    await page.getByText(`Seminar “${seminarTitle}” was cancelled. 2 attendees were e-mailed that it is cancelled. 1 refund is due`).waitFor();
    // Archived: off the active list, on the cancelled one with its badge and reason.
    expect(await card(page).count()).toBe(0);
    await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(stamp)}&show=cancelled`);
    expect(await card(page).getByText("Cancelled", { exact: true }).isVisible()).toBe(true);
    expect(await card(page).textContent()).toContain("The venue closed for repairs");

    await gotoAdmin(page, "/admin/outbox");
    const cancellations = page.getByRole("row").filter({ hasText: `Cancelled: ${seminarTitle}` });
    expect(await cancellations.count()).toBe(2);
    expect(await cancellations.filter({ hasText: visitor.email }).count()).toBe(1);
    expect(await cancellations.filter({ hasText: "sipho.ndlovu@example.co.za" }).count()).toBe(1);

    // The public page has gone with it.
    const gone = await page.request.get(`/events?q=${encodeURIComponent(seminarTitle)}`);
    expect(await gone.text()).not.toContain("Reserve Your Spot</a>");

    expect(unexpected(admin.errors)).toEqual([]);
    await admin.close();
  });

  it("shows the three pages and their modals at phone width without axe violations", async () => {
    const admin = await openPage(browser(), { viewport: "mobile" });
    const { page } = admin;
    await signInAsAdmin(page);
    for (const path of ["/admin/seminars", "/admin/bookings", "/admin/outbox"]) {
      await gotoAdmin(page, path);
      await expectNoAxeViolations(page);
    }
    await gotoAdmin(page, "/admin/seminars?create=1");
    await dialog(page, "Create Seminar").waitFor();
    await expectNoAxeViolations(page);
    // The backdrop closes it.
    await page.mouse.click(5, 5);
    await eventually(() => new URL(page.url()).searchParams.has("create")).toBe(false);

    await gotoAdmin(page, "/admin/seminars");
    await page.getByRole("link", { name: /^Manage Attendees of / }).first().click();
    const modal = page.getByRole("dialog", { name: / - \d+ \/ \d+ attendees$/ });
    await modal.waitFor();
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Close" }).click();
    await eventually(() => new URL(page.url()).searchParams.has("attendees")).toBe(false);

    // 'Show' all lists inactive and cancelled seminars too, and says so in the URL.
    await page.getByRole("combobox", { name: "Show" }).selectOption("all");
    await eventually(() => new URL(page.url()).searchParams.get("show")).toBe("all");
    expect(unexpected(admin.errors)).toEqual([]);
    await admin.close();
  });
});
