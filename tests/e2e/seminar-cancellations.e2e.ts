import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/format.ts";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, axeViolations, openPage, useBrowser as launchBrowser, waitForHydration, type TestPage } from "./support/browser.ts";
import { payTestCheckout, startTestCheckout } from "./support/demo-data.ts";

// Bookings change state; money stays on record (issue 14, docs/decisions/015), as staff and a
// visitor meet it: a visitor pays for a seat, the admin cancels the seminar with a reason, the
// visitor's cancellation e-mail waits in /admin/outbox, /admin/bookings shows "Cancelled ·
// Refund due" and the seminar is gone from /events (its page says it was cancelled). Then one
// attendee's booking is cancelled in Manage Attendees, and making a seminar with live bookings
// inactive asks what happens to them, with JavaScript and without. axe runs on each new dialog
// and page at 390 and 1280 px.

const browser = launchBrowser();
const stamp = Date.now().toString(36);

/** Server round trips on the embedded database can take a moment: poll for up to 10 s. */

/** Console errors, less the ones a refused form (409/422) makes the browser print by design. */
function unexpected(errors: string[]) {
  return errors.filter((error) => !/status of (409|422)/.test(error));
}

async function gotoAdmin(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

/** An admin page at phone width, signed in, for the 390 px axe runs. */
async function phoneAdmin(): Promise<TestPage> {
  const phone = await openPage(browser(), { viewport: "mobile" });
  await signInAsAdmin(phone.page);
  return phone;
}

/** axe on `path` at 390 px, after `ready` says the state to check is on screen. */
async function expectNoViolationsOnPhone(phone: TestPage, path: string, ready: (page: Page) => Promise<unknown>) {
  await gotoAdmin(phone.page, path);
  await ready(phone.page);
  expect(await axeViolations(phone.page), `axe at 390 px on ${path}`).toEqual([]);
}

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page), `axe at 1280 px on ${page.url()}`).toEqual([]);
}

/** Creates a seminar from the admin form (Durban, ten days ahead, R950, 5 seats); returns its id. */
async function createSeminar(page: Page, title: string): Promise<string> {
  await gotoAdmin(page, "/admin/seminars?create=1");
  const create = dialog(page, "Create Seminar");
  await create.waitFor();
  const values: Record<string, string> = {
    "Organizer name": "Thula Relocations",
    Location: "Harbourview Hotel, Durban",
    City: "Durban",
    "Venue name": "Harbourview Hotel",
    Address: "12 Lagoon Drive, Umhlanga Rocks",
    Date: addDays(todayIn("Africa/Johannesburg"), 10),
    Time: "18:00",
    "Price (R)": "950",
    "Max attendees": "5",
  };
  await create.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  for (const [label, value] of Object.entries(values)) await create.getByLabel(label).fill(value);
  await create.getByRole("button", { name: "Create Seminar" }).click();
  await page.getByText(`Seminar “${title}” was created.`).waitFor();
  await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(title)}`);
  const edit = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  return new URL(edit!, "http://site").searchParams.get("edit")!;
}

/** A visitor books and pays a seat through the test checkout (their own browser). */
async function visitorPays(seminarId: string, email: string) {
  const visitor = await openPage(browser());
  await startTestCheckout(visitor.page, `/events/book/${seminarId}`, email);
  await payTestCheckout(visitor.page);
  await visitor.page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
  expect(unexpected(visitor.errors)).toEqual([]);
  await visitor.close();
}

async function bookingRow(page: Page, email: string): Promise<Locator> {
  await gotoAdmin(page, `/admin/bookings?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await eventually(() => row.count()).toBe(1);
  return row;
}

describe("cancelling seminars and bookings", () => {
  it("cancels a seminar a visitor paid for: the visitor is told, the refund is due, and it leaves /events", { timeout: 180_000 }, async () => {
    const admin = await openPage(browser());
    const { page } = admin;
    await signInAsAdmin(page);
    const title = `Cancelled Evening ${stamp}`;
    const seminarId = await createSeminar(page, title);
    const email = `paid.${stamp}@example.com`;
    await visitorPays(seminarId, email);

    // Edit Seminar offers 'Cancel seminar' (it has a booking), and the dialog says what will happen.
    await gotoAdmin(page, `/admin/seminars?edit=${seminarId}`);
    const edit = dialog(page, "Edit Seminar");
    await edit.waitFor();
    expect(await edit.getByRole("link", { name: "Delete seminar" }).count()).toBe(0);
    await edit.getByRole("link", { name: "Cancel seminar" }).click();
    const confirm = dialog(page, "Cancel this seminar?");
    await confirm.waitFor();
    expect(await confirm.getByTestId("cancel-seminar-summary").textContent()).toBe(
      "1 attendee holds a seat; 1 of them paid (R950.00 in all): that booking is marked Refund due and told the refund is on its way. Each attendee is e-mailed that the seminar is cancelled.",
    );
    await expectNoViolations(page);
    const phone = await phoneAdmin();
    await expectNoViolationsOnPhone(phone, `/admin/seminars?delete=${seminarId}`, (p) => dialog(p, "Cancel this seminar?").waitFor());

    // A reason is required: the browser asks for it before anything is sent.
    await confirm.getByRole("button", { name: "Cancel seminar" }).click();
    expect(await confirm.getByLabel(/^Reason for cancelling/).evaluate((field: HTMLTextAreaElement) => field.validity.valueMissing)).toBe(true);
    await confirm.getByLabel(/^Reason for cancelling/).fill("The venue flooded");
    await confirm.getByRole("button", { name: "Cancel seminar" }).click();
    await page.getByText(`Seminar “${title}” was cancelled. 1 attendee was e-mailed that it is cancelled. 1 refund is due:`).waitFor();
    expect(await page.getByRole("link", { name: "see the bookings with a refund due" }).getAttribute("href")).toBe("/admin/bookings?state=refund_due");

    // The visitor's e-mail is in the outbox, with the refund and without the staff's reason.
    const mail = await findOutboxEmail(page, { to: email, kind: "seminar-cancelled" });
    expect(mail.subject).toMatch(new RegExp(`^Cancelled: ${title} on `));
    expect(mail.text).toContain("You paid R950.00 for your seat. We will refund R950.00 to the way you paid");
    expect(mail.text).not.toContain("flooded");

    // /admin/bookings: "Cancelled · Refund due", who cancelled it and why; the refund-due filter finds it.
    const row = await bookingRow(page, email);
    await row.getByText("Cancelled · Refund due", { exact: true }).waitFor();
    expect(await row.getByTestId("cancellation-note").textContent()).toMatch(/^Cancelled .+ by Demo Admin: The venue flooded$/);
    await expectNoViolations(page);
    await gotoAdmin(page, `/admin/bookings?state=refund_due&q=${encodeURIComponent(email)}`);
    expect(await page.getByRole("combobox", { name: "State" }).inputValue()).toBe("refund_due");
    expect(await page.getByRole("row").filter({ hasText: email }).count()).toBe(1);
    await expectNoViolationsOnPhone(phone, `/admin/bookings?q=${encodeURIComponent(email)}`, (p) => p.getByText("Cancelled · Refund due").first().waitFor());

    // Archived: on the list of cancelled seminars, with its badge; off the active list.
    await gotoAdmin(page, `/admin/seminars?q=${encodeURIComponent(title)}`);
    expect(await page.getByTestId("seminar-card").count()).toBe(0);
    await page.getByRole("combobox", { name: "Show" }).selectOption("cancelled");
    await eventually(() => new URL(page.url()).searchParams.get("show")).toBe("cancelled");
    // The URL changes a moment before the list is drawn: wait for the card itself.
    await page.getByTestId("seminar-card").filter({ hasText: title }).getByText("Cancelled", { exact: true }).waitFor();

    // Gone from /events; its own page says it was cancelled and points to the others.
    const visitor = await openPage(browser(), { consent: true });
    await visitor.page.goto(`/events?q=${encodeURIComponent(title)}`);
    await waitForHydration(visitor.page);
    expect(await visitor.page.getByRole("link", { name: "Reserve Your Spot" }).count()).toBe(0);
    await visitor.page.getByText("No events match your filters.").waitFor();
    await visitor.page.goto(`/events/book/${seminarId}`);
    await waitForHydration(visitor.page);
    await visitor.page.getByRole("heading", { name: "This seminar has been cancelled." }).waitFor();
    expect(await visitor.page.getByRole("link", { name: "View Other Events" }).getAttribute("href")).toBe("/events");
    expect(await visitor.page.getByLabel(/^First name/).count()).toBe(0);
    expect(await axeViolations(visitor.page)).toEqual([]);
    await visitor.close();
    const phoneVisitor = await openPage(browser(), { viewport: "mobile", consent: true });
    await phoneVisitor.page.goto(`/events/book/${seminarId}`);
    await waitForHydration(phoneVisitor.page);
    await phoneVisitor.page.getByRole("heading", { name: "This seminar has been cancelled." }).waitFor();
    expect(await axeViolations(phoneVisitor.page)).toEqual([]);
    await phoneVisitor.close();

    // The log says what happened, without the reason.
    await gotoAdmin(page, `/admin/activity?q=${encodeURIComponent(title)}`);
    const logged = page.getByRole("row").filter({ hasText: `Cancelled the seminar "${title}"` });
    expect(await logged.textContent()).toContain("1 live booking was cancelled and its attendee e-mailed; 1 refund due");

    expect(unexpected(admin.errors)).toEqual([]);
    expect(unexpected(phone.errors)).toEqual([]);
    await phone.close();
    await admin.close();
  });

  it("cancels one booking with its refund answered, and asks before hiding a seminar with live bookings, with JavaScript and without", { timeout: 240_000 }, async () => {
    const admin = await openPage(browser());
    const { page } = admin;
    await signInAsAdmin(page);
    const title = `Attendees Evening ${stamp}`;
    const seminarId = await createSeminar(page, title);
    const first = `first.${stamp}@example.com`;
    const second = `second.${stamp}@example.com`;
    await visitorPays(seminarId, first);
    await visitorPays(seminarId, second);

    // --- Manage Attendees: 'Cancel booking' asks why and whether the refund is due.
    await gotoAdmin(page, `/admin/seminars?attendees=${seminarId}`);
    let attendees = dialog(page, `${title} - 2 / 5 attendees`);
    await attendees.waitFor();
    const firstRow = attendees.getByTestId("attendee").filter({ hasText: first });
    await firstRow.getByText("Confirmed · Paid").waitFor();
    await firstRow.getByRole("link", { name: /^Cancel booking/ }).click();
    const form = attendees.getByTestId("cancel-booking");
    await form.waitFor();
    expect(await form.getByRole("radio", { name: "Yes: R950.00 is owed back" }).isChecked()).toBe(true);
    await expectNoViolations(page);
    const phone = await phoneAdmin();
    await expectNoViolationsOnPhone(phone, new URL(page.url()).pathname + new URL(page.url()).search, (p) => p.getByTestId("cancel-booking").waitFor());

    await form.getByLabel(/^Reason for cancelling/).fill("Asked to move to the March seminar");
    await form.getByRole("radio", { name: "No refund" }).check();
    await form.getByRole("button", { name: "Cancel booking" }).click();
    attendees = dialog(page, `${title} - 1 / 5 attendees`);
    await attendees.getByText(/booking was cancelled and its seat given back; an e-mail to tell them is in the outbox\. No refund is due\./).waitFor();
    const cancelledRow = attendees.getByTestId("attendee").filter({ hasText: first });
    await cancelledRow.getByText("Cancelled · Paid").waitFor();
    expect(await cancelledRow.getByTestId("cancellation-note").textContent()).toContain("by Demo Admin: Asked to move to the March seminar");
    expect(await cancelledRow.getByRole("link", { name: /^Cancel booking/ }).count()).toBe(0);
    const told = await findOutboxEmail(page, { to: first, kind: "seminar-booking-cancelled" });
    expect(told.text).toContain("this booking is not refunded");

    // --- Edit Seminar, Active unticked: the server asks what happens to the live booking.
    await gotoAdmin(page, `/admin/seminars?edit=${seminarId}`);
    let edit = dialog(page, "Edit Seminar");
    await edit.waitFor();
    await edit.getByLabel("Active").uncheck();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    const question = edit.getByTestId("live-bookings-choice");
    await question.waitFor();
    expect(await question.textContent()).toContain("This seminar has 1 live booking (1 paid). What should happen to it?");
    await expectNoViolations(page);
    await edit.getByRole("radio", { name: /^Keep the bookings/ }).check();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(`Your changes to “${title}” were saved. It is hidden from the site and its bookings are kept.`).waitFor();
    const hidden = await page.request.get(`/events?q=${encodeURIComponent(title)}`);
    expect(await hidden.text()).not.toContain("Reserve Your Spot</a>");

    // The question at 390 px: the same edit, asked again on the phone (Active ticked back first).
    await gotoAdmin(page, `/admin/seminars?edit=${seminarId}`);
    edit = dialog(page, "Edit Seminar");
    await edit.getByLabel("Active").check();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(`Your changes to “${title}” were saved.`).waitFor();
    await gotoAdmin(phone.page, `/admin/seminars?edit=${seminarId}`);
    const phoneEdit = dialog(phone.page, "Edit Seminar");
    await phoneEdit.getByLabel("Active").uncheck();
    await phoneEdit.getByRole("button", { name: "Save Changes" }).click();
    await phoneEdit.getByTestId("live-bookings-choice").waitFor();
    expect(await axeViolations(phone.page), "axe at 390 px on the live-bookings question").toEqual([]);

    // --- Without JavaScript: the same question is part of the form; 'Cancel the seminar' cancels it.
    const noScript = await browser().newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false, baseURL: admin.url("") });
    await noScript.addCookies(await admin.context.cookies());
    const plain = await noScript.newPage();
    await plain.goto(`/admin/seminars?edit=${seminarId}`);
    await plain.getByLabel("Active").uncheck();
    await plain.getByRole("button", { name: "Save Changes" }).click();
    await plain.getByTestId("live-bookings-choice").waitFor();
    await plain.getByRole("radio", { name: /^Cancel the seminar \(tell 1 attendee, mark 1 refund due\)/ }).check();
    await plain.getByLabel(/^Reason for cancelling/).fill("Too few seats sold");
    await plain.getByRole("button", { name: "Save Changes" }).click();
    await plain.getByText(`Your changes to “${title}” were saved. The seminar is cancelled: its attendees were e-mailed and paid bookings marked Refund due.`).waitFor();
    await noScript.close();

    // The second visitor is told, and both bookings show their state on /admin/bookings.
    const cancelled = await findOutboxEmail(page, { to: second, kind: "seminar-cancelled" });
    expect(cancelled.text).toContain("We will refund R950.00");
    await (await bookingRow(page, second)).getByText("Cancelled · Refund due", { exact: true }).waitFor();
    await (await bookingRow(page, first)).getByText("Cancelled · Paid", { exact: true }).waitFor();

    expect(unexpected(admin.errors)).toEqual([]);
    expect(unexpected(phone.errors)).toEqual([]);
    await phone.close();
    await admin.close();
  });
});
