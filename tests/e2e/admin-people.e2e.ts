import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
import { bookableSeminarHref, paramOf, startTestCheckout } from "./support/demo-data.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { expectNoAxeViolations, openPage, useBrowser as browserForThisFile, waitForHydration, type ViewportName } from "./support/browser.ts";

// The admin's people screens (issue 6): the dashboard, Users (create with a validation error
// first, search, edit and the edit's history, the count modals, delete) and Consultations
// (filters in the URL, details, status change with its note signed by the signed-in admin,
// a note and its confirmed delete, a payment reminder, the consultation's history and
// /admin/activity); and issue 14: a paid consultation cancelled instead of deleted, and a
// contact with a paid booking anonymised instead of deleted. Signed in once as the demo
// admin; every page checked with axe and for console errors.

const browser = browserForThisFile();
const stamp = Date.now().toString(36);
let adminCookies: Cookie[] = [];

beforeAll(async () => {
  const { page, context, close } = await openPage(browser());
  await signInAsAdmin(page);
  adminCookies = await context.cookies();
  await close();
});

async function adminPage(path: string, viewport: ViewportName = "desktop") {
  const test = await openPage(browser(), { viewport });
  await test.context.addCookies(adminCookies);
  const response = await test.page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(test.page);
  return test;
}

const text = async (page: Page, selector = "main") => (await page.locator(selector).innerText()).replace(/\s+/g, " ");
const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
const search = (page: Page) => new URL(page.url()).searchParams;
const refused422 = "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)";

describe("/admin/dashboard", () => {
  it("shows Latest Activity, the four count tiles, this month's revenue from the ledger, the fill rate and Quick Access", async () => {
    const { page, errors, close } = await adminPage("/admin/dashboard");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Dashboard");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Sign Out" }).waitFor();
    for (const heading of ["Latest Activity", "Overview Statistics", "Quick Access"]) await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    for (const card of ["Latest Registered User", "Latest Consultation", "Latest Seminar Booking"]) await page.getByRole("heading", { level: 3, name: card }).waitFor();

    const tiles = page.getByRole("region", { name: "Overview Statistics" }).getByRole("listitem").getByRole("link");
    expect(await tiles.count()).toBe(4);
    const tileTexts = (await tiles.allInnerTexts()).map((tile) => tile.replace(/\s+/g, " ").trim());
    expect(tileTexts.map((tile) => tile.replace(/ [\d,]+$/, ""))).toEqual(["Users", "Consultations", "Seminars", "Seminar Bookings"]);
    for (const tile of tileTexts) expect(tile).toMatch(/ [1-9][\d,]*$/);
    expect(await tiles.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(["/admin/users", "/admin/consultations", "/admin/seminars", "/admin/bookings"]);

    const body = await text(page);
    // Revenue comes from the ledger, net of refunds (the demo's paid bookings are in it).
    expect(body).toMatch(/Revenue in [A-Z][a-z]+ \d{4} -?R\d+\.\d{2}/);
    expect(body).toMatch(/Payments received minus refunds made this calendar month \(South African time\), from the ledger\. All time: R[1-9]\d*\.\d{2}\./);
    expect(body).toMatch(/Upcoming seminars’ fill rate \d+% [\d,]+ of [\d,]+ seats taken across \d+ upcoming active seminars?\./);
    for (const link of ["Manage Users", "Manage Consultations", "Manage Seminars"]) await page.getByRole("link", { name: link }).waitFor();

    await expectNoAxeViolations(page);
    await tiles.filter({ hasText: "Seminar Bookings" }).click();
    await page.waitForURL("**/admin/bookings");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("/admin/users", () => {
  it("pages by cursor: Older, Newer, Last and First as plain links that keep the search, without JavaScript", async () => {
    // 27 contacts one search finds: a full page of 25, then 2.
    const { page: poster, context: posterContext, close: closePoster } = await openPage(browser());
    await posterContext.addCookies(adminCookies);
    const origin = new URL(inject("baseURL")).origin;
    const tag = `Pager${stamp}`;
    for (let n = 0; n < 27; n++) {
      const answer = await poster.request.post("/admin/users", {
        form: { intent: "create-user", firstName: `${tag}`, lastName: `Number${String(n).padStart(2, "0")}`, email: `pager.${stamp}.${n}@example.com` },
        headers: { origin },
        maxRedirects: 0,
      });
      expect(answer.status()).toBeLessThan(400);
    }
    await closePoster();

    const { page, errors, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.context().addCookies(adminCookies);
    await page.goto(`/admin/users?q=${tag}`);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    const lastNames = async () => (await page.locator("tbody tr").allInnerTexts()).map((row) => row.match(/Number\d\d/)?.[0]);
    expect(await text(page)).toContain("Showing 25 of 27 users");
    expect((await lastNames())[0]).toBe("Number26");
    // On the newest page, First and Newer are not links.
    expect(await pager.getByRole("link", { name: /^(First|Newer)/ }).count()).toBe(0);

    await pager.locator('a[rel="next"]').click();
    await page.waitForURL((url) => url.searchParams.has("after"));
    expect(search(page).get("q")).toBe(tag);
    expect(await lastNames()).toEqual(["Number01", "Number00"]);
    expect(await text(page)).toContain("Showing 2 of 27 users");
    expect(await pager.locator('a[rel="next"]').count()).toBe(0);

    await pager.locator('a[rel="prev"]').click();
    await page.waitForURL((url) => url.searchParams.has("before"));
    expect((await lastNames())[0]).toBe("Number26");
    expect(await lastNames()).toHaveLength(25);

    await pager.getByRole("link", { name: "Last page (oldest users)" }).click();
    await page.waitForURL((url) => url.searchParams.get("last") === "1");
    expect(await lastNames()).toHaveLength(25);
    expect((await lastNames()).at(-1)).toBe("Number00");
    expect(search(page).get("q")).toBe(tag);

    await pager.getByRole("link", { name: "First page (newest users)" }).click();
    await page.waitForURL((url) => !url.searchParams.has("last") && !url.searchParams.has("before") && !url.searchParams.has("after"));
    expect((await lastNames())[0]).toBe("Number26");

    // A cursor that cannot be read shows the newest page, not an error.
    const response = await page.goto(`/admin/users?q=${tag}&after=bm9wZQ`);
    expect(response?.status()).toBe(200);
    expect((await lastNames())[0]).toBe("Number26");
    expect(errors).toEqual([]);
    await close();
  });

  it("creates a user (after a validation error), finds it, edits it, opens its counts and deletes it", async () => {
    const { page, errors, close } = await adminPage("/admin/users");
    const email = `e2e.${stamp}@example.co.za`;
    await page.getByRole("searchbox", { name: "Search users" }).waitFor();
    expect(await page.getByRole("searchbox", { name: "Search users" }).getAttribute("placeholder")).toBe("Search attendees...");
    expect(await page.locator("thead th").allInnerTexts()).toEqual(["NAME", "CONTACT", "PREFERRED CONTACT", "JOINED", "CONSULTATIONS", "SEMINARS", "ACTIONS"]);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Create User" }).click();
    const create = dialog(page, "Create New User");
    await create.waitFor();
    expect(search(page).get("new")).toBe("1");
    expect(await create.getByLabel("Preferred contact").inputValue()).toBe("email");
    expect(await create.getByRole("checkbox", { name: "Admin privileges" }).isChecked()).toBe(false);
    await expectNoAxeViolations(page);

    await create.getByLabel("First name").fill("Lindiwe");
    await create.getByLabel("Last name").fill("Dlamini");
    await create.getByLabel("E-mail address").fill("lindiwe@");
    await create.getByRole("button", { name: "Create User" }).click();
    await create.getByText("Please enter a valid e-mail address, like name@example.com.").first().waitFor();
    expect(await create.getByLabel("E-mail address").getAttribute("aria-invalid")).toBe("true");

    await create.getByLabel("E-mail address").fill(email);
    await create.getByLabel("Phone").fill("+27 83 555 0456");
    await create.getByRole("button", { name: "Create User" }).click();
    await create.waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Lindiwe Dlamini was added." }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has("new"));

    await page.getByRole("searchbox", { name: "Search users" }).fill(email.toUpperCase());
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === email.toUpperCase());
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => text(page, "tbody")).toContain("Lindiwe Dlamini");

    await page.getByRole("link", { name: "Edit Lindiwe Dlamini" }).click();
    const edit = dialog(page, "Edit User Details");
    await edit.waitFor();
    expect(await edit.getByLabel("E-mail address").inputValue()).toBe(email);
    await edit.getByLabel("Last name").fill("Dlamini-Khoza");
    await edit.getByLabel("Preferred contact").selectOption("whatsapp");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Lindiwe Dlamini-Khoza's details were saved." }).waitFor();
    await expect.poll(() => text(page, "tbody")).toContain("WhatsApp");

    // The edit is in the user's history, as the demo admin's, without the new name.
    await page.getByRole("link", { name: "Edit Lindiwe Dlamini-Khoza" }).click();
    const history = dialog(page, "Edit User Details").getByRole("region", { name: "History" });
    await history.getByText(/^Edited user [0-9A-F]{8}$/).waitFor();
    const historyText = (await history.innerText()).replace(/\s+/g, " ");
    for (const line of ["Last name changed", 'Preferred contact: "email" → "whatsapp"', "Demo Admin", "Created user"]) expect(historyText).toContain(line);
    expect(historyText).not.toContain("Dlamini");
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("edit"));

    await page.getByRole("link", { name: "0 consultations of Lindiwe Dlamini-Khoza" }).click();
    const consultations = dialog(page, "Consultations of Lindiwe Dlamini-Khoza");
    await consultations.getByText("No consultations found for this user.").waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await consultations.waitFor({ state: "detached" });
    await page.waitForURL((url) => !url.searchParams.has("consultations"));
    await page.getByRole("link", { name: "0 seminar bookings of Lindiwe Dlamini-Khoza" }).click();
    const seminars = dialog(page, "Seminar bookings of Lindiwe Dlamini-Khoza");
    await seminars.getByText("No seminar bookings found for this user.").waitFor();
    await seminars.getByRole("button", { name: "Close" }).click();
    await seminars.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Delete Lindiwe Dlamini-Khoza" }).click();
    const confirm = dialog(page, "Delete User");
    await confirm.waitFor();
    expect(await text(page, "[role=dialog][data-state=open]")).toContain("Delete Lindiwe Dlamini-Khoza? They have no bookings or payments. This cannot be undone.");
    await confirm.getByRole("button", { name: "Delete User" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Lindiwe Dlamini-Khoza was deleted." }).waitFor();
    await page.getByText("No users match your search.").waitFor();
    // The one refusal the browser reports: the invalid e-mail's 422.
    expect(errors).toEqual([refused422]);
    await close();
  });

  it("is readable at phone width without widening the page", async () => {
    const { page, errors, close } = await adminPage("/admin/users", "mobile");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("/admin/consultations", () => {
  it("filters by type and status in the URL", async () => {
    const { page, errors, close } = await adminPage("/admin/consultations");
    expect(await page.getByRole("searchbox", { name: "Search consultations" }).getAttribute("placeholder")).toBe("Search consultations...");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: /^Type/ }).click();
    const typePanel = dialog(page, "Filter by type");
    await typePanel.waitFor();
    expect(await typePanel.getByRole("radio").evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.innerText.trim()))).toEqual(["Show All", "FREE", "PAID"]);
    expect(await typePanel.evaluate((panel) => getComputedStyle(panel).maxHeight)).toBe("300px");
    await typePanel.getByRole("radio", { name: "FREE" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "free");
    await expect.poll(async () => (await page.locator("tbody tr td:nth-child(2)").allInnerTexts()).every((cell) => cell.trim() === "FREE")).toBe(true);

    await page.getByRole("button", { name: /^Status/ }).click();
    const statusPanel = dialog(page, "Filter by status");
    await statusPanel.waitFor();
    expect(await statusPanel.getByRole("checkbox").count()).toBe(7);
    expect(await statusPanel.getByRole("checkbox", { name: "Show All" }).isChecked()).toBe(true);
    await statusPanel.getByRole("checkbox", { name: "Pending" }).click();
    await page.waitForURL((url) => url.searchParams.getAll("status").join() === "pending");
    await statusPanel.getByRole("checkbox", { name: "Confirmed" }).click();
    await page.waitForURL((url) => url.searchParams.getAll("status").join() === "pending,confirmed");
    expect(search(page).get("type")).toBe("free");
    expect(await statusPanel.getByRole("checkbox", { name: "Show All" }).isChecked()).toBe(false);
    await expect.poll(async () => (await page.locator("tbody tr td:nth-child(3)").allInnerTexts()).every((cell) => ["Pending", "Confirmed"].includes(cell.trim()))).toBe(true);
    await expectNoAxeViolations(page);

    await statusPanel.getByRole("checkbox", { name: "Show All" }).click();
    await page.waitForURL((url) => !url.searchParams.has("status"));
    await page.keyboard.press("Escape");
    await page.getByRole("searchbox", { name: "Search consultations" }).fill(`nothing-matches-${stamp}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("No consultations found.").waitFor();
    await page.getByText("Try adjusting your search filters.").waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("without JavaScript, 'Book Consultation' finds a user by search and books for them", async () => {
    const { page: poster, context: posterContext, close: closePoster } = await openPage(browser());
    await posterContext.addCookies(adminCookies);
    // Its own token: the next journey finds its consultation by searching for `stamp`.
    const token = [...stamp].reverse().join("");
    const email = `picked.${token}@example.co.za`;
    const created = await poster.request.post("/admin/users", {
      form: { intent: "create-user", firstName: "Picked", lastName: `Nojs${token}`, email },
      headers: { origin: new URL(inject("baseURL")).origin },
      maxRedirects: 0,
    });
    expect(created.status()).toBeLessThan(400);
    await closePoster();

    const { page, errors, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.context().addCookies(adminCookies);
    await page.goto("/admin/consultations?status=pending&new=1");
    const create = dialog(page, "Book Consultation");
    await create.getByRole("searchbox", { name: /Find a user/ }).fill(`nojs${token}`);
    await create.getByRole("button", { name: "Find" }).click();
    await page.waitForURL((url) => url.searchParams.get("user-search") === `nojs${token}`);
    // The rest of the address is kept: the list's filter and the open dialog.
    expect(search(page).get("status")).toBe("pending");
    expect(search(page).get("new")).toBe("1");
    const user = create.getByRole("combobox", { name: "User" });
    expect(await user.locator("option").allInnerTexts()).toEqual(["Select a user", `Picked Nojs${token} (${email})`]);
    await user.selectOption({ label: `Picked Nojs${token} (${email})` });
    await create.getByRole("button", { name: "Book Consultation" }).click();
    await page.getByRole("status").filter({ hasText: `Consultation booked for Picked Nojs${token}` }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("books a consultation, changes its status as the signed-in admin, adds a note and sends a payment reminder, each in its history", async () => {
    const { page, errors, close } = await adminPage("/admin/consultations");
    const description = `E2E ${stamp}: moving to Leeds in spring with a nursing job offer.`;

    await page.getByRole("link", { name: "Book Consultation" }).click();
    const create = dialog(page, "Book Consultation");
    await create.waitFor();
    await create.getByRole("button", { name: "Book Consultation" }).click();
    await create.getByText("Please select a user").first().waitFor();
    // The picker asks the server for users as the admin types: the dialog never lists them all.
    const user = create.getByRole("combobox", { name: "User" });
    expect(await user.getAttribute("aria-invalid")).toBe("true");
    await user.fill("ayesha");
    const ayesha = create.getByRole("option", { name: /^Ayesha / }).first();
    await ayesha.waitFor();
    await ayesha.click();
    expect(await user.inputValue()).toMatch(/^Ayesha .+ \(.+@.+\)$/);
    await create.getByLabel("Description").fill(description);
    await create.getByLabel("Preferred time").fill("Weekday mornings");
    await create.getByRole("button", { name: "Book Consultation" }).click();
    await create.waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: /^Consultation booked for Ayesha/ }).waitFor();

    await page.getByRole("searchbox", { name: "Search consultations" }).fill(stamp);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: /^View details of Ayesha/ }).click();
    const details = dialog(page, /^Consultation: Ayesha/);
    await details.waitFor();
    expect(search(page).get("view")).toMatch(/^[0-9a-f-]{36}$/);
    const detailsText = await text(page, "[role=dialog][data-state=open]");
    for (const expected of [description, "PAID", "Unpaid", "Pending", "Weekday mornings", "No admin notes added yet"]) expect(detailsText).toContain(expected);
    await expectNoAxeViolations(page);

    const reference = (await details.locator("dt", { hasText: "Reference" }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    const history = details.getByRole("region", { name: "History" });
    expect(await history.innerText()).toContain(`Booked consultation ${reference} (PAID, Pending, unpaid)`);

    // No name to type: the note and the history carry the signed-in admin's name.
    expect(await details.getByRole("textbox", { name: "Your name" }).count()).toBe(0);
    await details.getByLabel("New status").selectOption("confirmed");
    await details.getByRole("button", { name: "Update Status" }).click();
    await details.getByRole("status").filter({ hasText: "Status changed to Confirmed." }).waitFor();
    const statusNote = details.getByRole("listitem").filter({ hasText: 'Consultation status changed to "confirmed"' });
    expect(await statusNote.innerText()).toContain("Demo Admin");
    const statusEntry = history.getByRole("listitem").filter({ hasText: `Changed consultation ${reference} to "Confirmed"` });
    expect((await statusEntry.innerText()).replace(/\s+/g, " ")).toMatch(/Status: "pending" → "confirmed" Demo Admin · /);

    const addNote = details.getByRole("button", { name: "Add Note" });
    expect(await addNote.isDisabled()).toBe(true);
    await details.getByRole("textbox", { name: "Note" }).fill("Sent the NMC registration checklist.");
    expect(await addNote.isDisabled()).toBe(false);
    await addNote.click();
    await details.getByText("Sent the NMC registration checklist.").waitFor();
    await expect.poll(async () => text(page, "[role=dialog][data-state=open]")).toContain("Admin notes (2)");
    // The history says a note was added, not what it says.
    await history.getByText(`Added a note to consultation ${reference}`).waitFor();
    expect(await history.innerText()).not.toContain("NMC registration checklist");

    // Deleting a note asks first; "Keep it" keeps it, "Delete note" deletes it.
    const askToDelete = details.getByRole("link", { name: "Delete note 2 by Demo Admin" });
    await askToDelete.click();
    const question = details.getByRole("group", { name: "Delete this note by Demo Admin? It cannot be undone." });
    await question.waitFor();
    expect(search(page).get("deleteNote")).toBe("1");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("delete-note-1-question");
    await expectNoAxeViolations(page);
    await question.getByRole("link", { name: "Keep it" }).click();
    await question.waitFor({ state: "detached" });
    expect(await details.getByText("Sent the NMC registration checklist.").count()).toBe(1);
    await askToDelete.click();
    await question.getByRole("button", { name: "Delete note" }).click();
    await details.getByRole("status").filter({ hasText: "Note deleted." }).waitFor();
    await expect.poll(async () => text(page, "[role=dialog][data-state=open]")).toContain("Admin notes (1)");
    expect(await details.getByText("Sent the NMC registration checklist.").count()).toBe(0);
    expect(search(page).has("deleteNote")).toBe(false);
    await history.getByText(`Deleted a note from consultation ${reference}`).waitFor();

    await details.getByRole("button", { name: "Send payment reminder" }).click();
    const reminderStatus = details.getByRole("status").filter({ hasText: /^Payment reminder queued for ayesha\..+@example\.com$/ });
    await reminderStatus.waitFor();
    const client = (await reminderStatus.innerText()).replace("Payment reminder queued for ", "").trim();
    await details.getByRole("button", { name: "Send intro email" }).click();
    await details.getByRole("status").filter({ hasText: /^Intro email queued for ayesha/ }).waitFor();

    await details.getByRole("button", { name: "Mark as Paid" }).click();
    await details.getByRole("button", { name: "Mark as Unpaid" }).waitFor();
    expect(await details.getByRole("button", { name: "Send payment reminder" }).count()).toBe(0);
    await history.getByText(`Marked consultation ${reference} as paid`).waitFor();
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
    expect(search(page).has("view")).toBe(false);
    await expect.poll(() => text(page, "tbody")).toContain("Confirmed");
    // The one refusal the browser reports: 'Please select a user' (422).
    expect(errors).toEqual([refused422]);
    await close();

    // The status change is on /admin/activity too, as the demo admin's, without the client's name.
    const activity = await adminPage(`/admin/activity?type=consultation&q=${reference}`);
    const row = activity.page.locator("tbody tr").filter({ hasText: `Changed consultation ${reference} to "Confirmed"` });
    const rowText = (await row.innerText()).replace(/\s+/g, " ");
    expect(rowText).toContain("Demo Admin");
    expect(rowText).not.toContain("Ayesha");
    expect(activity.errors).toEqual([]);
    await activity.close();

    // The reminder is in the outbox, addressed to the client, with the link to pay.
    const outbox = await adminPage("/admin/outbox");
    const reminder = await findOutboxEmail(outbox.page, { to: client, kind: "consultation-payment-reminder" });
    expect(reminder.subject).toBe("Reminder: your consultation is waiting for payment");
    expect(reminder.text).toContain("/consultations/pay/");
    // So is the client's word that it is confirmed.
    const confirmed = await findOutboxEmail(outbox.page, { to: client, kind: "consultation-confirmed" });
    expect(confirmed.subject).toBe("Your consultation is confirmed");
    expect(confirmed.text).toContain(`Reference: ${reference}`);
    expect(outbox.errors).toEqual([]);
    await outbox.close();
  });
});

describe("erasing a contact with a paid booking (issue 14)", () => {
  it("cancels their paid consultation instead of deleting it, then anonymises them: 'Deleted contact' in the lists, the booking's amount still in /admin/bookings", async () => {
    const email = `erase.${stamp}@example.co.za`;
    // A visitor holds a seat and gives up at the checkout: a seminar booking with a checkout on record.
    const visitor = await openPage(browser());
    await startTestCheckout(visitor.page, await bookableSeminarHref(visitor.page), email);
    await visitor.page.getByRole("button", { name: "Cancel" }).click();
    await visitor.page.waitForURL((url) => url.pathname === "/events" && url.searchParams.has("cancelled"));
    expect(visitor.errors).toEqual([]);
    await visitor.close();

    // What /admin/bookings says of that booking before anything is erased.
    const bookings = await adminPage(`/admin/bookings?q=${encodeURIComponent(email)}`);
    const bookingRow = bookings.page.locator("tbody tr");
    await expect.poll(() => bookingRow.count()).toBe(1);
    const amount = (await text(bookings.page, "tbody")).match(/R\d+\.\d{2}/)?.[0];
    expect(amount).toMatch(/^R\d+\.\d{2}$/);
    await bookings.close();

    // Staff book them a paid consultation and record it as paid: money on record.
    const { page, errors, close } = await adminPage("/admin/consultations?new=1");
    const create = dialog(page, "Book Consultation");
    await create.waitFor();
    await create.getByRole("combobox", { name: "User" }).fill(email);
    await create.getByRole("option", { name: `Ayanda Zulu (${email})` }).click();
    await create.getByRole("button", { name: "Book Consultation" }).click();
    await create.waitFor({ state: "detached" });
    await page.getByRole("searchbox", { name: "Search consultations" }).fill(email);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: "View details of Ayanda Zulu" }).click();
    const details = dialog(page, "Consultation: Ayanda Zulu");
    await details.waitFor();
    const consultationId = search(page).get("view")!;
    expect(await details.getByRole("link", { name: "Delete consultation" }).count()).toBe(1);
    await details.getByRole("button", { name: "Mark as Paid" }).click();
    await details.getByRole("button", { name: "Mark as Unpaid" }).waitFor();
    // With money on record, Delete becomes Cancel consultation.
    expect(await details.getByRole("link", { name: "Delete consultation" }).count()).toBe(0);

    // While the consultation is under way, the contact cannot be erased: the dialog says what to cancel first.
    const users = await adminPage(`/admin/users?q=${encodeURIComponent(email)}`);
    const contactId = paramOf((await users.page.getByRole("link", { name: "Delete Ayanda Zulu" }).getAttribute("href"))!, "delete");
    await users.page.getByRole("link", { name: "Delete Ayanda Zulu" }).click();
    const refused = dialog(users.page, "Delete User");
    await refused.getByText("Ayanda Zulu still has 1 consultation under way.", { exact: false }).waitFor();
    expect(await refused.getByRole("button", { name: /Delete User|Anonymise User/ }).count()).toBe(0);
    await expectNoAxeViolations(users.page);
    expect(users.errors).toEqual([]);
    await users.close();

    // The cancel dialog, at phone width too.
    const phone = await adminPage(`/admin/consultations?cancel=${consultationId}`, "mobile");
    await dialog(phone.page, "Cancel Consultation").waitFor();
    await expectNoAxeViolations(phone.page);
    expect(phone.errors).toEqual([]);
    await phone.close();

    await details.getByRole("link", { name: "Cancel consultation" }).click();
    const cancel = dialog(page, "Cancel Consultation");
    await cancel.waitFor();
    expect(await cancel.getByRole("radio", { name: "Refund due: Ayanda Zulu is owed R3499.00" }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await cancel.getByRole("button", { name: "Cancel Consultation" }).click();
    await cancel.getByText("Please say why the consultation is cancelled.").first().waitFor();
    expect(await cancel.getByLabel("Reason for cancelling").getAttribute("aria-invalid")).toBe("true");
    await cancel.getByLabel("Reason for cancelling").fill("The client asked us to erase their details.");
    await cancel.getByRole("button", { name: "Cancel Consultation" }).click();
    await cancel.waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Consultation cancelled. A refund is due." }).waitFor();
    const cancelled = dialog(page, "Consultation: Ayanda Zulu");
    await cancelled.waitFor();
    const cancelledText = await text(page, "[role=dialog][data-state=open]");
    for (const expected of ["Cancelled", "Refund due", "by Demo Admin", "The client asked us to erase their details.", "Kept on record"]) expect(cancelledText).toContain(expected);
    expect(errors).toEqual([refused422]);
    await close();

    // The note's delete confirmation at phone width.
    const notes = await adminPage(`/admin/consultations?view=${consultationId}&deleteNote=0`, "mobile");
    await notes.page.getByRole("group", { name: /^Delete this note by Demo Admin\?/ }).waitFor();
    await expectNoAxeViolations(notes.page);
    expect(notes.errors).toEqual([]);
    await notes.close();

    // Now the contact is anonymised: the dialog says so before staff confirm, at both widths.
    const narrow = await adminPage(`/admin/users?delete=${contactId}`, "mobile");
    await dialog(narrow.page, "Delete User").getByRole("button", { name: "Anonymise User" }).waitFor();
    await expectNoAxeViolations(narrow.page);
    expect(narrow.errors).toEqual([]);
    await narrow.close();

    const erase = await adminPage(`/admin/users?q=${encodeURIComponent(email)}`);
    await erase.page.getByRole("link", { name: "Delete Ayanda Zulu" }).click();
    const confirm = dialog(erase.page, "Delete User");
    await confirm.waitFor();
    expect(await text(erase.page, "[role=dialog][data-state=open]")).toContain(
      "Ayanda Zulu has 2 bookings (1 seminar booking and 1 consultation) and R3499.00 paid: their details will be anonymised, the bookings and payments kept.",
    );
    await expectNoAxeViolations(erase.page);
    await confirm.getByRole("button", { name: "Anonymise User" }).click();
    await confirm.waitFor({ state: "detached" });
    await erase.page.getByRole("status").filter({ hasText: /^Ayanda Zulu's details were anonymised\./ }).waitFor();
    await erase.page.getByText("No users match your search.").waitFor();
    expect(erase.errors).toEqual([]);
    await erase.close();

    // The contact is "Deleted contact", with nothing to edit; their booking and its amount are still listed.
    const placeholder = `deleted-${contactId}@invalid`;
    const listed = await adminPage(`/admin/users?q=${encodeURIComponent(placeholder)}`);
    const row = listed.page.locator("tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    const rowText = (await row.innerText()).replace(/\s+/g, " ");
    expect(rowText).toContain("Deleted contact");
    expect(rowText).toContain("Details erased");
    expect(rowText).not.toContain("Ayanda");
    expect(await row.getByRole("link", { name: /^Edit / }).count()).toBe(0);
    await expectNoAxeViolations(listed.page);
    expect(listed.errors).toEqual([]);
    await listed.close();

    const kept = await adminPage(`/admin/bookings?q=${encodeURIComponent(placeholder)}`);
    const keptRow = kept.page.locator("tbody tr");
    await expect.poll(() => keptRow.count()).toBe(1);
    const keptText = (await keptRow.innerText()).replace(/\s+/g, " ");
    expect(keptText).toContain("Deleted contact");
    expect(keptText).toContain(amount!);
    expect(keptText).not.toContain(email);
    expect(kept.errors).toEqual([]);
    await kept.close();

    const consultation = await adminPage(`/admin/consultations?view=${consultationId}`);
    const erased = dialog(consultation.page, "Consultation: Deleted contact");
    await erased.waitFor();
    const erasedText = await text(consultation.page, "[role=dialog][data-state=open]");
    for (const expected of ["Details erased at the client's request", "cannot be e-mailed", "Refund due"]) expect(erasedText).toContain(expected);
    expect(erasedText).not.toContain(email);
    expect(consultation.errors).toEqual([]);
    await consultation.close();
  });
});
