import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/admin.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { eventually, expectNoAxeViolations, openPage, useBrowser as browserForThisFile, waitForHydration, type ViewportName } from "./support/browser.ts";

// The portal's Consultants screen (issue 17): staff add who takes consultations, with the zone
// their hours are in and one stretch of hours per weekday (Monday to Friday, 09:00–19:00 UK time
// to start with), and edit them, each change in the consultant's history. With JavaScript at
// 1280 px and without it at 390 px; a refused form keeps what was typed; axe on every state
// (with JavaScript: axe runs in the page).

const browser = browserForThisFile();
const stamp = Date.now().toString(36);
let adminCookies: Cookie[] = [];
const refused422 = "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)";

beforeAll(async () => {
  const { page, context, close } = await openPage(browser());
  await signInAsAdmin(page);
  adminCookies = await context.cookies();
  await close();
});

async function adminPage(path: string, { viewport = "desktop", javaScriptEnabled = true }: { viewport?: ViewportName; javaScriptEnabled?: boolean } = {}) {
  const test = await openPage(browser(), { viewport, javaScriptEnabled });
  await test.context.addCookies(adminCookies);
  const response = await test.page.goto(path);
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled) await waitForHydration(test.page);
  return test;
}

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
/** The consultant's row in the list, by the name it shows. */
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
const rowText = async (page: Page, name: string) => (await rowOf(page, name).innerText()).replace(/\s+/g, " ");

describe("/admin/consultants", () => {
  it("with JavaScript: adds a consultant after a refused first try, then edits their zone and week, each in their history", async () => {
    const { page, errors, close } = await adminPage("/admin/consultations");
    await page.getByRole("link", { name: "Consultants" }).click();
    await page.waitForURL("**/admin/consultants");
    await page.getByRole("heading", { level: 1, name: "Consultants" }).waitFor();

    await page.getByRole("link", { name: "Add Consultant" }).click();
    const add = dialog(page, "Add Consultant");
    await add.waitFor();
    // Someone new works Monday to Friday, 09:00–19:00 UK time, and takes both kinds.
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) expect(await add.getByRole("checkbox", { name: day, exact: true }).isChecked()).toBe(true);
    for (const day of ["Saturday", "Sunday"]) expect(await add.getByRole("checkbox", { name: day, exact: true }).isChecked()).toBe(false);
    expect(await add.getByLabel("Monday from").inputValue()).toBe("09:00");
    expect(await add.getByLabel("Monday until").inputValue()).toBe("19:00");
    expect(await add.getByRole("combobox", { name: /Time zone of the hours/ }).inputValue()).toBe("Europe/London");

    const name = `Lindiwe Cele ${stamp}`;
    await add.getByRole("textbox", { name: /^Name/ }).fill(name);
    await add.getByRole("textbox", { name: /^E-mail address/ }).fill(`lindiwe.${stamp}@thula.example`);
    await add.getByRole("checkbox", { name: /^Paid consultations/ }).uncheck();
    await add.getByRole("checkbox", { name: /^Free intro calls/ }).uncheck();
    await add.getByLabel("Friday until").fill("08:00");
    await add.getByRole("button", { name: "Add Consultant" }).click();
    await add.getByText("Please tick at least one kind of consultation this consultant takes.").waitFor();
    await add.getByText("Friday must end after it starts.").waitFor();
    // Nothing typed is lost, and the first wrong field has the focus.
    expect(await add.getByRole("textbox", { name: /^Name/ }).inputValue()).toBe(name);
    expect(await add.getByLabel("Friday until").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);

    await add.getByRole("checkbox", { name: /^Paid consultations/ }).check();
    await add.getByLabel("Friday until").fill("17:00");
    await add.getByRole("button", { name: "Add Consultant" }).click();
    await page.getByRole("status").filter({ hasText: `${name} was added as a consultant.` }).waitFor();
    await add.waitFor({ state: "detached" });
    await eventually(() => rowText(page, name)).toContain("Paid consultations Mon 09:00–19:00, Tue 09:00–19:00, Wed 09:00–19:00, Thu 09:00–19:00, Fri 09:00–17:00 Europe/London Made per meeting");
    await expectNoAxeViolations(page);

    await rowOf(page, name).getByRole("link", { name: `Edit ${name}` }).click();
    const edit = dialog(page, "Edit Consultant");
    await edit.waitFor();
    expect(await edit.getByLabel("Friday until").inputValue()).toBe("17:00");
    expect(await edit.getByRole("checkbox", { name: /^Free intro calls/ }).isChecked()).toBe(false);
    await edit.getByRole("combobox", { name: /Time zone of the hours/ }).selectOption("Africa/Johannesburg");
    await edit.getByRole("checkbox", { name: "Saturday", exact: true }).check();
    await edit.getByLabel("Saturday from").fill("10:00");
    await edit.getByLabel("Saturday until").fill("13:00");
    await edit.getByRole("textbox", { name: /^Meeting room/ }).fill(`https://meet.example/lindiwe-${stamp}`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: `${name}'s details and hours were saved.` }).waitFor();
    await eventually(() => rowText(page, name)).toContain(`Fri 09:00–17:00, Sat 10:00–13:00 Africa/Johannesburg https://meet.example/lindiwe-${stamp}`);

    await rowOf(page, name).getByRole("link", { name: `Edit ${name}` }).click();
    const history = dialog(page, "Edit Consultant").getByRole("region", { name: "History" });
    await history.getByText(`Edited the consultant ${name}`).waitFor();
    await history.getByText(`Added the consultant ${name}`).waitFor();
    await expectNoAxeViolations(page);

    // The private calendar feed: its address answers an iCalendar file; 'New Address' revokes it at once.
    const address = dialog(page, "Edit Consultant").getByRole("textbox", { name: /^Calendar address/ });
    const oldFeed = await address.inputValue();
    expect(oldFeed).toMatch(/\/calendars\/[A-Za-z0-9_-]{24}\/consultations\.ics$/);
    const answer = await page.request.get(oldFeed);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect((await answer.text()).replace(/\r\n[ \t]/g, "")).toContain(`X-WR-CALNAME:Thula consultations: ${name}`);
    await dialog(page, "Edit Consultant").getByRole("button", { name: "New Address" }).click();
    await dialog(page, "Edit Consultant").getByRole("status").filter({ hasText: "the old one no longer works" }).waitFor();
    await eventually(() => address.inputValue()).not.toBe(oldFeed);
    expect((await page.request.get(oldFeed)).status()).toBe(404);
    expect((await page.request.get(await address.inputValue())).status()).toBe(200);
    expect(errors.filter((error) => error !== refused422)).toEqual([]);
    await close();
  });

  it("without JavaScript on a phone: the dialog is a plain form, a refusal keeps what was typed, and the saved consultant is listed", async () => {
    const { page, errors, close } = await adminPage("/admin/consultants?new=1", { viewport: "mobile", javaScriptEnabled: false });
    const add = dialog(page, "Add Consultant");
    const name = `Sizwe Mthembu ${stamp}`;
    await add.getByRole("textbox", { name: /^Name/ }).fill(name);
    await add.getByRole("textbox", { name: /^E-mail address/ }).fill("not an address");
    await add.getByRole("checkbox", { name: "Sunday", exact: true }).check();
    await add.getByLabel("Sunday from").fill("");
    await add.getByRole("button", { name: "Add Consultant" }).click();
    await add.getByText("Please enter a valid e-mail address, like name@example.com.").waitFor();
    await add.getByText("Please enter when Sunday starts, like 09:00.").waitFor();
    expect(await add.getByRole("textbox", { name: /^Name/ }).inputValue()).toBe(name);
    expect(await add.getByRole("checkbox", { name: "Sunday", exact: true }).isChecked()).toBe(true);

    await add.getByRole("textbox", { name: /^E-mail address/ }).fill(`sizwe.${stamp}@thula.example`);
    await add.getByLabel("Sunday from").fill("14:00");
    await add.getByRole("button", { name: "Add Consultant" }).click();
    await page.getByRole("status").filter({ hasText: `${name} was added as a consultant.` }).waitFor();
    await page.waitForLoadState("load");
    // On a phone each row is a card, every value under its column's name.
    expect(await rowText(page, name)).toContain(
      "TAKES Paid consultations and free calls WEEKLY HOURS Mon 09:00–19:00, Tue 09:00–19:00, Wed 09:00–19:00, Thu 09:00–19:00, Fri 09:00–19:00, Sun 14:00–19:00 TIME ZONE Europe/London",
    );
    // The refused post answered 422, which the browser notes in its console.
    expect(errors.filter((error) => error !== refused422)).toEqual([]);
    await close();

    // axe needs JavaScript in the page: the list and the dialog at 390 px, checked with it.
    const mobile = await adminPage("/admin/consultants?new=1", { viewport: "mobile" });
    await dialog(mobile.page, "Add Consultant").waitFor();
    await expectNoAxeViolations(mobile.page);
    await mobile.close();
  });

  it("days off and changed hours: added, refused when out of order, replaced and removed, with JavaScript and without", async () => {
    // A consultant of this journey's own, added as the form posts.
    const name = `Refilwe Mabaso ${stamp}`;
    const { page, errors, close } = await adminPage("/admin/consultants?new=1");
    const add = dialog(page, "Add Consultant");
    await add.getByRole("textbox", { name: /^Name/ }).fill(name);
    await add.getByRole("textbox", { name: /^E-mail address/ }).fill(`refilwe.${stamp}@thula.example`);
    await add.getByRole("button", { name: "Add Consultant" }).click();
    await page.getByRole("status").filter({ hasText: `${name} was added as a consultant.` }).waitFor();

    await rowOf(page, name).getByRole("link", { name: `Days off and changed hours of ${name}` }).click();
    const dates = dialog(page, `Days off and changed hours: ${name}`);
    await dates.getByText(`No changes: ${name} works as their week says.`).waitFor();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    await dates.getByLabel(/^Date/).fill(inDays(10));
    await dates.getByRole("textbox", { name: /^Note/ }).fill("Training day");
    await dates.getByRole("button", { name: "Save Date" }).click();
    await dates.getByRole("status").filter({ hasText: /: day off\.$/ }).waitFor();
    await dates.getByText("Training day", { exact: true }).waitFor();

    await dates.getByLabel(/^Date/).fill(inDays(12));
    await dates.getByRole("radio", { name: "Different hours" }).check();
    await dates.getByLabel("From", { exact: true }).fill("14:00");
    await dates.getByLabel("Until", { exact: true }).fill("10:00");
    await dates.getByRole("button", { name: "Save Date" }).click();
    await dates.getByText("The day must end after it starts.").waitFor();
    expect(await dates.getByLabel(/^Date/).inputValue()).toBe(inDays(12));
    await expectNoAxeViolations(page);
    await dates.getByLabel("Until", { exact: true }).fill("17:30");
    await dates.getByRole("button", { name: "Save Date" }).click();
    await dates.getByRole("status").filter({ hasText: /: 14:00–17:30\.$/ }).waitFor();
    await eventually(async () => (await dates.getByRole("listitem").allInnerTexts()).length).toBe(2);

    await dates.getByRole("button", { name: /^Remove .*: day off$/ }).click();
    await dates.getByRole("status").filter({ hasText: "as their week says again." }).waitFor();
    await eventually(async () => (await dates.getByRole("listitem").allInnerTexts()).map((item) => item.replace(/\s+/g, " "))).toEqual([expect.stringMatching(/: 14:00–17:30 Remove/)]);
    expect(errors.filter((error) => error !== refused422)).toEqual([]);
    const datesUrl = page.url();
    await close();

    // Without JavaScript the dialog is a plain form, and a date already changed is replaced.
    const plain = await adminPage(new URL(datesUrl).pathname + new URL(datesUrl).search, { viewport: "mobile", javaScriptEnabled: false });
    const form = dialog(plain.page, `Days off and changed hours: ${name}`);
    await form.getByLabel(/^Date/).fill(inDays(12));
    await form.getByRole("button", { name: "Save Date" }).click();
    await form.getByRole("status").filter({ hasText: "(it replaces the change that date had)." }).waitFor();
    await plain.page.waitForLoadState("load");
    expect((await form.getByRole("listitem").allInnerTexts()).map((item) => item.replace(/\s+/g, " "))).toEqual([expect.stringMatching(/: day off Remove/)]);
    expect(plain.errors).toEqual([]);
    await plain.close();
  });
});
