import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapAnswer, type SitemapEntry } from "~/features/seo/sitemap.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { expectNoAxeViolations, useBrowser as launchBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/admin.ts";
import { startSiteServer } from "./support/global-setup.ts";

// Pages that must not grow with other tables (issue 20, docs/decisions/032): the bookings'
// seminar picker by keyboard and without JavaScript, /blog's numbered pages with their filters
// kept, and the sitemap index, read by the browser's own XML parser. A server of its own: the
// journey adds posts, and its sitemap splits past 10 addresses.

const browser = launchBrowser();
let site: Awaited<ReturnType<typeof startSiteServer>>;
const SITEMAP_MAX_URLS = 10;
const PAGING_TAG = "Paging journey";

beforeAll(async () => {
  site = await startSiteServer({ SITEMAP_MAX_URLS: String(SITEMAP_MAX_URLS) });
}, 180_000);
afterAll(async () => {
  await site?.stop();
}, 60_000);

async function visit(b: Browser, { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {}) {
  const context = await b.newContext({ baseURL: site.baseURL, viewport: viewports.desktop, javaScriptEnabled });
  await context.addCookies([{ name: "thula_consent", value: "v1.a0.m0", url: site.baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  return { page, context, errors, close: () => context.close() };
}

describe("the bookings' seminar picker", () => {
  it("is a combobox: type, arrow to a seminar, Enter filters; Escape closes then clears; leaving keeps the choice", async () => {
    const { page, errors, close } = await visit(browser());
    await signInAsAdmin(page);
    const answer = await page.goto("/admin/bookings");
    expect(answer?.status()).toBe(200);
    await waitForHydration(page);

    const picker = page.getByRole("combobox", { name: "Seminar", exact: true });
    const listbox = page.getByRole("listbox", { name: "Seminar", exact: true });
    expect(await picker.getAttribute("aria-expanded")).toBe("false");
    expect(await picker.getAttribute("aria-autocomplete")).toBe("list");
    // The list is in the page but hidden until it opens.
    expect(await picker.getAttribute("aria-controls")).toBe("bookings-seminar-listbox");
    expect(await page.locator("#bookings-seminar-listbox").getAttribute("role")).toBe("listbox");
    expect(await page.locator("#bookings-seminar-listbox").isVisible()).toBe(false);

    // Arrow down opens the nearest seminars, "All seminars" first.
    await picker.focus();
    await page.keyboard.press("ArrowDown");
    await listbox.waitFor();
    expect(await picker.getAttribute("aria-expanded")).toBe("true");
    const first = page.locator(`#${await picker.getAttribute("aria-activedescendant")}`);
    expect(await first.textContent()).toContain("All seminars");
    expect(await first.getAttribute("aria-selected")).toBe("true");
    await expectNoAxeViolations(page);

    // Typing asks the server; only matches are listed.
    await picker.fill("Bloemfontein");
    await expect.poll(() => listbox.getByRole("option").allTextContents()).toEqual([expect.stringContaining("Bloemfontein")]);
    await page.getByRole("status").filter({ hasText: "1 seminar listed" }).waitFor();
    await page.keyboard.press("ArrowDown");
    const chosenLabel = (await page.locator(`#${await picker.getAttribute("aria-activedescendant")}`).textContent())!.trim();
    expect(chosenLabel).toMatch(/^Moving to the UK: Bloemfontein Information Morning \(Bloemfontein, \d{4}-\d{2}-\d{2}\)$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.has("seminar"));
    const seminarId = new URL(page.url()).searchParams.get("seminar")!;
    await expect.poll(() => picker.inputValue()).toBe(chosenLabel);
    expect(await picker.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator('input[type="hidden"][name="seminar"]').inputValue()).toBe(seminarId);
    const rows = await page.locator("tbody tr").allTextContents();
    for (const row of rows) expect(row).toMatch(/Bloemfontein|No bookings match/);

    // Escape closes the list, a second Escape clears the text; leaving the field puts the choice back.
    await picker.focus();
    await picker.fill("Durban");
    await expect.poll(() => listbox.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => listbox.isVisible()).toBe(false);
    expect(await picker.inputValue()).toBe("Durban");
    await page.keyboard.press("Escape");
    expect(await picker.inputValue()).toBe("");
    await page.keyboard.press("Tab");
    await expect.poll(() => picker.inputValue()).toBe(chosenLabel);
    expect(new URL(page.url()).searchParams.get("seminar")).toBe(seminarId);

    // Arrow up from the top wraps to the last option; "All seminars" (first) lifts the filter.
    await picker.focus();
    await picker.fill("");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    const wrapped = await picker.getAttribute("aria-activedescendant");
    expect(wrapped).toMatch(/^bookings-seminar-option-\d+$/);
    expect(wrapped).not.toBe("bookings-seminar-option-0");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator(`#${await picker.getAttribute("aria-activedescendant")}`).textContent()).toContain("All seminars");
    // The list's new rows are held back while staff go on typing: what they typed stays once the
    // rows come (the picker used to start afresh with the new page and lose it).
    let releaseRows!: () => void;
    const rowsHeld = new Promise<void>((resolve) => (releaseRows = resolve));
    const bookingsData = (url: URL) => url.pathname === "/admin/bookings.data";
    await page.route(bookingsData, async (route) => {
      await rowsHeld;
      await route.continue();
    });
    await page.keyboard.press("Enter");
    expect(await picker.inputValue()).toBe("");
    await picker.fill("zzqx no such seminar");
    releaseRows();
    await page.waitForURL((url) => url.searchParams.get("seminar") === "");
    await expect.poll(async () => (await page.locator("tbody tr").allTextContents()).some((row) => !/Bloemfontein/.test(row))).toBe(true);
    await page.unroute(bookingsData);

    // Nothing matches: said so, in the list and to screen readers.
    expect(await picker.inputValue()).toBe("zzqx no such seminar");
    await page.getByText("No seminars match “zzqx no such seminar”").waitFor();
    await page.getByRole("status").filter({ hasText: "No seminars match" }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("answers its choices as JSON to admins only: at most 20, matching the search", async () => {
    const { page, context, close } = await visit(browser());
    const anonymous = await context.request.get("/admin/api/seminar-options?q=durban", { maxRedirects: 0 });
    expect([302, 303]).toContain(anonymous.status());
    expect(anonymous.headers().location).toContain("/admin/login");
    await signInAsAdmin(page);
    const answer = await context.request.get("/admin/api/seminar-options?q=durban");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    const { seminars } = (await answer.json()) as { seminars: { id: string; label: string }[] };
    expect(seminars.length).toBeGreaterThan(0);
    expect(seminars.length).toBeLessThanOrEqual(20);
    for (const seminar of seminars) expect(seminar.label).toContain("Durban");
    await close();
  });

  it("answers 'Book Consultation's user choices as JSON to admins only: at most 20, matching the search", async () => {
    const { page, context, close } = await visit(browser());
    const anonymous = await context.request.get("/admin/api/contact-options?q=a", { maxRedirects: 0 });
    expect([302, 303]).toContain(anonymous.status());
    expect(anonymous.headers().location).toContain("/admin/login");
    await signInAsAdmin(page);
    const everyone = (await (await context.request.get("/admin/api/contact-options")).json()) as { contacts: { id: string; label: string }[] };
    expect(everyone.contacts.length).toBeGreaterThan(0);
    expect(everyone.contacts.length).toBeLessThanOrEqual(20);
    const answer = await context.request.get("/admin/api/contact-options?q=example");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    const { contacts } = (await answer.json()) as { contacts: { id: string; label: string }[] };
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.length).toBeLessThanOrEqual(20);
    for (const contact of contacts) expect(contact.label.toLowerCase()).toContain("example");
    await close();
  });

  it("works without JavaScript: a list of the nearest seminars, applied with the Apply button", async () => {
    const signedIn = await visit(browser());
    await signInAsAdmin(signedIn.page);
    const cookies = await signedIn.context.cookies();
    await signedIn.close();

    const { page, context, close } = await visit(browser(), { javaScriptEnabled: false });
    await context.addCookies(cookies);
    expect((await page.goto("/admin/bookings"))?.status()).toBe(200);
    const select = page.locator("select#bookings-seminar");
    expect(await page.getByLabel("Seminar", { exact: true }).evaluate((element) => element.tagName)).toBe("SELECT");
    const options = await select.locator("option").allTextContents();
    expect(options[0]).toBe("All seminars");
    expect(options.length).toBeLessThanOrEqual(21);
    const durban = options.find((label) => label.includes("(Durban, "))!;
    await select.selectOption({ label: durban });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.has("seminar"));
    expect(await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent)).toBe(durban);
    for (const row of await page.locator("tbody tr").allTextContents()) expect(row).toMatch(/Durban|No bookings match/);
    await close();
  });
});

describe("/blog pages", () => {
  beforeAll(async () => {
    // Thirteen more posts with a tag of their own: 19 in all (two pages), 13 with the tag (two pages).
    const { page, context, close } = await visit(browser());
    await signInAsAdmin(page);
    for (let n = 1; n <= 13; n++) {
      const answer = await context.request.post("/admin/blog/new", {
        form: { intent: "publish", title: `Paging journey post ${String(n).padStart(2, "0")}`, intro: `The paging journey's post number ${n}.`, body: "A short body.", tag: PAGING_TAG },
        headers: { Origin: site.baseURL },
        maxRedirects: 0,
      });
      expect(answer.status(), await answer.text()).toBe(302);
      expect(answer.headers().location).toMatch(/^\/admin\/blog\/[0-9a-f-]{36}\?done=/);
    }
    await close();
  }, 120_000);

  const cardTitles = (page: Page) => page.locator("main ul > li article h2").allTextContents();
  const linkHref = (page: Page, rel: string) => page.locator(`head link[rel="${rel}"]`).getAttribute("href");

  it("goes from page 1 to page 2 by the numbered links, each page with its canonical address and neighbours", async () => {
    const { page, errors, close } = await visit(browser());
    expect((await page.goto("/blog"))?.status()).toBe(200);
    await waitForHydration(page);
    expect(await cardTitles(page)).toHaveLength(12);
    expect(await page.getByRole("status").filter({ hasText: "articles" }).textContent()).toBe("19 articles");
    expect(await linkHref(page, "canonical")).toBe(`${site.baseURL}/blog`);
    expect(await linkHref(page, "next")).toBe(`${site.baseURL}/blog?page=2`);
    expect(await page.locator('head link[rel="prev"]').count()).toBe(0);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    expect(await pagination.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");

    await pagination.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.search === "?page=2");
    await expect.poll(() => cardTitles(page)).toHaveLength(7);
    await expect.poll(() => linkHref(page, "canonical")).toBe(`${site.baseURL}/blog?page=2`);
    expect(await linkHref(page, "prev")).toBe(`${site.baseURL}/blog`);
    expect(await page.locator('head link[rel="next"]').count()).toBe(0);
    expect(await pagination.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await expectNoAxeViolations(page);

    // A page past the end shows the last page.
    expect((await page.goto("/blog?page=40"))?.status()).toBe(200);
    expect(await cardTitles(page)).toHaveLength(7);
    expect(await linkHref(page, "canonical")).toBe(`${site.baseURL}/blog?page=2`);
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps the tag filter from page to page, and a changed filter starts again at page 1", async () => {
    const { page, close } = await visit(browser());
    await page.goto(`/blog?tag=${encodeURIComponent(PAGING_TAG)}`);
    await waitForHydration(page);
    expect(await cardTitles(page)).toHaveLength(12);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(new URL(page.url()).searchParams.getAll("tag")).toEqual([PAGING_TAG]);
    await expect.poll(() => cardTitles(page)).toEqual(["Paging journey post 01"]);
    expect(await page.locator('head meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");

    await page.getByRole("searchbox", { name: "Search articles" }).fill("post 0");
    await page.waitForURL((url) => url.searchParams.get("q") === "post 0");
    expect(new URL(page.url()).searchParams.has("page")).toBe(false);
    expect(new URL(page.url()).searchParams.getAll("tag")).toEqual([PAGING_TAG]);
    await expect.poll(() => cardTitles(page)).toHaveLength(9);
    await close();
  });

  it("works without JavaScript: the page links keep the filters", async () => {
    const { page, close } = await visit(browser(), { javaScriptEnabled: false });
    await page.goto(`/blog?tag=${encodeURIComponent(PAGING_TAG)}`);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(new URL(page.url()).searchParams.getAll("tag")).toEqual([PAGING_TAG]);
    expect(await cardTitles(page)).toEqual(["Paging journey post 01"]);
    await close();
  });
});

describe("the sitemap", () => {
  /** The browser's XML parser: a document that is not well-formed XML fails here. */
  async function parseXml(page: Page, xml: string) {
    return page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, "application/xml");
      if (document.getElementsByTagName("parsererror").length > 0) throw new Error(`Not well-formed XML: ${document.getElementsByTagName("parsererror")[0]!.textContent}`);
      const root = document.documentElement;
      const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
      const texts = (name: string) => [...root.getElementsByTagNameNS(ns, name)].map((element) => element.textContent ?? "");
      return { root: root.localName, namespace: root.namespaceURI, locs: texts("loc"), lastmods: texts("lastmod") };
    }, xml);
  }

  it(`past ${SITEMAP_MAX_URLS} addresses is an index whose parts list every address once`, async () => {
    const { page, context, close } = await visit(browser());
    await page.goto("/");
    const index = await context.request.get("/sitemap.xml");
    expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const parsed = await parseXml(page, await index.text());
    expect(parsed).toMatchObject({ root: "sitemapindex", namespace: "http://www.sitemaps.org/schemas/sitemap/0.9" });
    expect(parsed.locs.length).toBeGreaterThan(1);
    const everything: string[] = [];
    for (const [n, loc] of parsed.locs.entries()) {
      expect(loc).toBe(`${site.baseURL}/sitemap.xml?part=${n + 1}`);
      const part = await parseXml(page, await (await context.request.get(loc)).text());
      expect(part).toMatchObject({ root: "urlset", namespace: "http://www.sitemaps.org/schemas/sitemap/0.9" });
      expect(part.locs.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      everything.push(...part.locs);
    }
    expect(new Set(everything).size).toBe(everything.length);
    expect(everything).toContain(`${site.baseURL}/about`);
    expect(everything.filter((loc) => loc.includes("/blog/"))).toHaveLength(19);

    // At or under the threshold it stays one sitemap, as before (here: the same addresses, a higher threshold).
    const entries: SitemapEntry[] = everything.map((loc) => ({ path: loc.slice(site.baseURL.length) }));
    const whole = sitemapAnswer(site.baseURL, entries, entries.length, null);
    expect(whole.status).toBe(200);
    const single = await parseXml(page, whole.status === 200 ? whole.xml : "");
    expect(single).toMatchObject({ root: "urlset", locs: everything });
    await close();
  });
});
