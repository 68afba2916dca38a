import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { findOutboxEmail } from "./admin.ts";
import { waitForHydration } from "./browser.ts";

// A second admin for journeys that need two at once (stale-edits.e2e.ts), made the way a new
// colleague is: they sign up, confirm their address from the e-mail, and an admin grants them
// admin privileges on the Users screen. Made fresh by the journey that needs it, so its name and
// password are nobody else's to change (the profile journey renames PROFILE_ADMIN and changes its password).

export type SecondAdmin = { name: string; email: string; password: string };

/** Signs `page`'s browser context in with the sign-in form; ends on /admin/dashboard. */
export async function signInWithPassword(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/admin/dashboard");
}

/**
 * Creates `admin` as a working admin. `adminPage` must be signed in as an admin: it reads the
 * confirmation e-mail from /admin/outbox and grants the privileges through 'Create User'.
 */
export async function createSecondAdmin(adminPage: Page, admin: SecondAdmin): Promise<SecondAdmin> {
  const baseURL = inject("baseURL");
  const signedUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify(admin),
  });
  expect(signedUp.status, await signedUp.text()).toBe(200);

  const email = await findOutboxEmail(adminPage, { to: admin.email, kind: "auth-verify-email" });
  const link = email.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
  if (!link) throw new Error(`No confirmation link in the e-mail to ${admin.email}:\n${email.text}`);
  const confirmed = await fetch(link, { redirect: "manual" });
  expect(confirmed.status, `confirming ${admin.email}`).toBeLessThan(400);

  await adminPage.goto("/admin/users?new=1");
  await waitForHydration(adminPage);
  const create = adminPage.getByRole("dialog", { name: "Create New User" });
  const [firstName, ...rest] = admin.name.split(" ");
  await create.getByLabel("First name").fill(firstName!);
  await create.getByLabel("Last name").fill(rest.join(" "));
  await create.getByLabel("E-mail address").fill(admin.email);
  await create.getByRole("checkbox", { name: "Admin privileges" }).check();
  await create.getByRole("button", { name: "Create User" }).click();
  await adminPage.getByRole("status").filter({ hasText: `${admin.name} was added.` }).waitFor();
  return admin;
}
