import type { Locator, Page } from "playwright-core";
import { DEMO_ADMIN } from "~/features/admin-auth/admins.server.ts";
import { waitForHydration } from "./browser.ts";

// The admin side as a browser journey needs it: sign in as the demo admin, and read an
// e-mail the site queued from /admin/outbox, the way staff would (the list, then the
// e-mail's own page).

/** Signs the page's browser context in as the demo admin; ends on /admin/dashboard. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/admin/dashboard");
}

export type OutboxEmail = { to: string; kind: string; subject: string; text: string; attachments: string[] };

/**
 * Finds the newest e-mail to `to` (of `kind`, if given) in /admin/outbox, opens it and
 * reads it from the page. The outbox has no search, only a status filter, so it pages
 * through the list (newest first) by its Older link (rel="next": the pages are cursors,
 * docs/decisions/030); an e-mail queued a moment ago may not be there yet, so it looks
 * again until `timeout` has passed. The page must be signed in as an admin.
 */
export async function findOutboxEmail(page: Page, wanted: { to: string; kind?: string }, { timeout = 15_000, maxPages = 10 } = {}): Promise<OutboxEmail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let address: string | null = "/admin/outbox";
    for (let pageNumber = 1; pageNumber <= maxPages && address; pageNumber++) {
      await page.goto(address);
      await waitForHydration(page);
      let rows = page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: wanted.to, exact: true }) });
      if (wanted.kind) rows = rows.filter({ has: page.getByText(wanted.kind, { exact: true }) });
      if ((await rows.count()) > 0) return openOutboxEmail(page, rows.first().getByTestId("outbox-subject"));
      const older = page.locator('a[rel="next"]');
      address = (await older.count()) > 0 ? await older.getAttribute("href") : null;
    }
    if (Date.now() > deadline) {
      throw new Error(`No e-mail${wanted.kind ? ` of kind ${wanted.kind}` : ""} to ${wanted.to} in /admin/outbox (looked at up to ${maxPages} pages)`);
    }
    await page.waitForTimeout(500);
  }
}

async function openOutboxEmail(page: Page, link: Locator): Promise<OutboxEmail> {
  await link.click();
  await page.waitForURL((url) => url.pathname === "/admin/outbox" && url.searchParams.has("email"));
  const subject = page.locator("#outbox-email-subject");
  await subject.waitFor();
  // The facts list: To, Kind, Queued, Sent, Attempts, Attachments.
  const fact = (term: string) => page.locator("dl").locator(`xpath=dt[normalize-space(.)="${term}"]/following-sibling::dd[1]`);
  return {
    to: (await fact("To").innerText()).trim(),
    kind: (await fact("Kind").innerText()).trim(),
    subject: (await subject.innerText()).trim(),
    text: (await page.getByTestId("outbox-text-body").textContent()) ?? "",
    // Each attachment is "name (type, size)": the name is its download link (less the screen reader's "(download)").
    attachments: (await fact("Attachments").locator("li > a").evaluateAll((links) => links.map((link) => link.firstChild?.textContent ?? ""))).map((name) => name.trim()),
  };
}
