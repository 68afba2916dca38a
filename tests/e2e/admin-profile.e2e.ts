import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { expectNoAxeViolations, openPage, useBrowser as browserForThisFile, waitForHydration } from "./support/browser.ts";
import { PROFILE_ADMIN } from "./support/profile-admin.ts";

// The admin's own profile (issue 14): open it from the header, rename (the header, the page
// and the activity log follow), change the password (another session ends, the new password
// signs in, the old one does not), and both forms without JavaScript. As PROFILE_ADMIN, an
// admin of this journey's own: every other journey keeps the demo admin's name and password.

const browser = browserForThisFile();
const stamp = Date.now().toString(36);
const newPassword = `the profile journey's passphrase ${stamp}`;
/** The refusals this journey asks for (a wrong current password, a wrong sign-in) print a resource error; nothing else may. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 4(01|22)/.test(error));

async function signIn(page: Page, email: string, password: string, { javaScript = true } = {}) {
  await page.goto("/admin/login");
  if (javaScript) await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

const header = (page: Page) => page.getByRole("banner");
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-labelledby") ?? document.activeElement?.id ?? null);

describe("/admin/profile", () => {
  it("opens from the header and renames the admin: the header, the page and the activity log use the new name", async () => {
    const { page, errors, close } = await openPage(browser());
    await signIn(page, PROFILE_ADMIN.email, PROFILE_ADMIN.password);
    await page.waitForURL("**/admin/dashboard");
    expect(await header(page).innerText()).toContain(PROFILE_ADMIN.name);

    await header(page).getByRole("link", { name: "Profile" }).click();
    await page.waitForURL("**/admin/profile");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Your profile");
    expect(await header(page).getByRole("link", { name: "Profile" }).getAttribute("aria-current")).toBe("page");
    const name = page.getByRole("textbox", { name: /^Name/ });
    expect(await name.inputValue()).toBe(PROFILE_ADMIN.name);
    await expectNoAxeViolations(page);

    // An empty name is refused before anything is sent: the summary takes focus and links to the field.
    await name.fill("   ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => focusedLabel(page)).toBe("profile-name-summary");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("link", { name: "Please enter your name." }).click();
    await expect.poll(() => focusedLabel(page)).toBe("profile-name");

    const renamed = `Thandi Mokoena ${stamp}`;
    await name.fill(renamed);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe(`Saved: your name is now ${renamed}.`);
    await expect.poll(() => header(page).innerText()).toContain(renamed);
    // The answer shows at once; the page's data (the history) follows when it has been read again.
    await expect.poll(() => page.getByRole("region", { name: "Recent activity on your account" }).innerText()).toContain("Changed the account's name");

    await page.reload();
    await waitForHydration(page);
    expect(await name.inputValue()).toBe(renamed);

    await page.goto("/admin/activity?type=account");
    const row = page.locator("tbody tr").filter({ hasText: "Changed the account's name" }).filter({ hasText: renamed });
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, " ")).toContain(`Name: "${PROFILE_ADMIN.name}" → "${renamed}"`);
    expect(errors).toEqual([]);
    await close();
  });

  it("works without JavaScript: the name is saved and a refused password shows its summary", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await signIn(page, PROFILE_ADMIN.email, PROFILE_ADMIN.password, { javaScript: false });
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/profile");

    const renamed = `Sipho Dlamini ${stamp}`;
    await page.getByRole("textbox", { name: /^Name/ }).fill(renamed);
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByRole("status").filter({ hasText: `Saved: your name is now ${renamed}.` }).waitFor();
    // The answer's own page already shows the new name in the header.
    expect(await header(page).innerText()).toContain(renamed);

    await page.locator("#profile-currentPassword").fill("not the current passphrase");
    await page.locator("#profile-newPassword").fill("a passphrase never saved");
    await page.locator("#profile-confirmPassword").fill("a passphrase never saved");
    await page.getByRole("button", { name: "Change password" }).click();
    const summary = page.getByRole("group", { name: "Please correct the highlighted fields." });
    await summary.waitFor();
    expect(await summary.innerText()).toContain("That is not your current password.");
    expect(await focusedLabel(page)).toBe("profile-password-summary");
    // Nothing typed in a password field comes back in the page.
    expect(await page.content()).not.toContain("not the current passphrase");
    await close();
  });

  it("changes the password: another session ends, this one stays, the new password signs in and the old one does not", async () => {
    const { page, errors, close } = await openPage(browser());
    const elsewhere = await openPage(browser());
    await signIn(elsewhere.page, PROFILE_ADMIN.email, PROFILE_ADMIN.password);
    await elsewhere.page.waitForURL("**/admin/dashboard");
    await signIn(page, PROFILE_ADMIN.email, PROFILE_ADMIN.password);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/profile");
    await waitForHydration(page);

    const current = page.locator("#profile-currentPassword");
    const next = page.locator("#profile-newPassword");
    const again = page.locator("#profile-confirmPassword");

    // Two different new passwords: refused in the browser.
    await current.fill(PROFILE_ADMIN.password);
    await next.fill(newPassword);
    await again.fill(`${newPassword} typo`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => focusedLabel(page)).toBe("profile-password-summary");
    expect(await page.getByRole("group", { name: "Please correct the highlighted fields." }).innerText()).toContain("The two new passwords differ");

    // A wrong current password: refused by the server, at its field.
    await current.fill("not the current passphrase");
    await again.fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.locator("#profile-currentPassword-error").textContent()).toBe("That is not your current password.");
    await expect.poll(() => focusedLabel(page)).toBe("profile-password-summary");

    await current.fill(PROFILE_ADMIN.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("Your password was changed. You stay signed in here; every other session was signed out.");
    expect(await current.inputValue()).toBe("");
    await expect.poll(() => page.getByRole("region", { name: "Recent activity on your account" }).innerText()).toContain("Changed the password; every other session was signed out");

    // This browser is still signed in; the other one is not.
    await page.goto("/admin/dashboard");
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
    await elsewhere.page.goto("/admin/dashboard");
    expect(new URL(elsewhere.page.url()).pathname).toBe("/admin/login");

    await header(page).getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/admin/login");
    await signIn(page, PROFILE_ADMIN.email, PROFILE_ADMIN.password);
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("Invalid e-mail or password.");
    await signIn(page, PROFILE_ADMIN.email, newPassword);
    await page.waitForURL("**/admin/dashboard");

    await page.goto("/admin/profile");
    const history = await page.getByRole("region", { name: "Recent activity on your account" }).innerText();
    expect(history).toContain("Sign-in with a password failed: wrong e-mail or password");
    expect(history).toContain("Signed out");
    expect(history).not.toContain(newPassword);
    expect(unexpected(errors)).toEqual([]);
    await elsewhere.close();
    await close();
  });
});
