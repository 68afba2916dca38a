import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { expectNoAxeViolations, openPage, useBrowser as launchBrowser, waitForHydration } from "./support/browser.ts";

const browser = launchBrowser();

// The demo data ships six published articles (db/seed/blog-posts.ts), newest first.
const newestTitle = "Your first 30 days in the UK: a checklist for South Africans";

const cards = (page: Page) => page.locator("main ul > li article");
const cardTitles = (page: Page) => cards(page).locator("h2").allTextContents();

/** A tag in the filter panel (a checkbox styled as a chip). */
const tagChip = (page: Page, tag: string) => page.locator("#blog-filter-panel label", { hasText: tag });

async function waitForSearch(page: Page, search: string) {
  await page.waitForFunction((expected) => window.location.search === expected, search);
  await page.waitForLoadState("networkidle");
}

describe("/blog", () => {
  it("filters by search text and tags together, keeps both in the address, and clears them", async () => {
    const { page, errors, close } = await openPage(browser());
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Guides for your move from South Africa to the UK");
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href")).toBe("/blog/rss.xml");
    expect(await cards(page).count()).toBe(6);
    expect((await cardTitles(page))[0]).toBe(newestTitle);
    const firstHref = await cards(page).first().getByRole("link").getAttribute("href");
    expect(firstHref).toMatch(/^\/blog\/[0-9a-f-]{36}\/first-30-days-uk-checklist$/);

    // Search: title or intro, any case. The address changes first, then the list follows.
    await page.getByRole("searchbox", { name: "Search articles" }).fill("UK");
    await waitForSearch(page, "?q=UK");
    await expect.poll(() => cards(page).count()).toBeLessThan(6);
    const ukTitles = await cardTitles(page);
    expect(ukTitles.length).toBeGreaterThan(1);

    // 'Filters' opens the tags; a tag narrows the search further (AND).
    const toggle = page.getByRole("button", { name: /^Filters/ });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await tagChip(page, "Employment").click();
    await waitForSearch(page, "?q=UK&tag=Employment");
    await expect.poll(() => cardTitles(page)).toEqual(["How to rewrite a South African CV for UK employers"]);
    expect(await toggle.textContent()).toContain("1");
    await tagChip(page, "Vehicles").click();
    await waitForSearch(page, "?q=UK&tag=Employment&tag=Vehicles");
    await expect
      .poll(async () => (await cardTitles(page)).sort())
      .toEqual(["Driving in the UK on a South African licence: the 12-month rule", "How to rewrite a South African CV for UK employers"]);

    // 'Clear all' clears what it says: the tags and the search text, and so the address.
    await page.getByRole("button", { name: "Clear all" }).click();
    await waitForSearch(page, "");
    await expect.poll(() => cards(page).count()).toBe(6);
    expect(await page.getByRole("searchbox", { name: "Search articles" }).inputValue()).toBe("");
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(0);
    // The button went with the filters; focus carries on from the search box.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");

    // Search again for the empty state below.
    await page.getByRole("searchbox", { name: "Search articles" }).fill("UK");
    await waitForSearch(page, "?q=UK");
    await expect.poll(() => cardTitles(page)).toEqual(ukTitles);

    // Nothing matches: the empty state offers 'Clear filters'.
    await page.getByRole("searchbox", { name: "Search articles" }).fill("no such article anywhere");
    await waitForSearch(page, "?q=no+such+article+anywhere");
    await page.getByRole("heading", { name: "No articles match your search" }).waitFor();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await waitForSearch(page, "");
    await expect.poll(() => cards(page).count()).toBe(6);
    expect(await page.getByRole("searchbox", { name: "Search articles" }).inputValue()).toBe("");

    // The address alone reproduces a filtered list (a shared link, Back).
    await page.goto("/blog?q=licence&tag=Vehicles");
    expect(await cardTitles(page)).toEqual(["Driving in the UK on a South African licence: the 12-month rule"]);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("works without JavaScript: a GET form with the tag panel open", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", javaScriptEnabled: false });
    await page.goto("/blog");
    await page.getByRole("searchbox", { name: "Search articles" }).fill("deposit");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/blog\?q=deposit$/);
    const found = await cardTitles(page);
    expect(found.length).toBeGreaterThan(0);
    await tagChip(page, "Funding").click();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/\/blog\?q=deposit&tag=Funding$/);
    expect(await cardTitles(page)).toEqual(["What moving from Durban to London really costs"]);

    // 'Clear all' is a link to the unfiltered list: the tags and the search text go.
    await page.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL(/\/blog$/);
    expect(await page.getByRole("searchbox", { name: "Search articles" }).inputValue()).toBe("");
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(0);
    expect(await cards(page).count()).toBe(6);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("a blog post", () => {
  it("shows the article with '5 min read', sharing, Book Now, the next seminar and related articles", async () => {
    const { page, context, errors, close } = await openPage(browser());
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/blog");
    await waitForHydration(page);
    await cards(page).nth(1).getByRole("link").click();
    await page.waitForURL(/\/blog\/[0-9a-f-]{36}\/proving-your-right-to-work-uk$/);
    await waitForHydration(page);
    const postUrl = page.url();

    const main = page.locator("main#main");
    const title = "Proving your right to work in the UK: British passport, ancestry visa and settled status";
    await main.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await main.getByText("5 min read").isVisible()).toBe(true);
    expect(await main.getByText("Visas & Legal", { exact: true }).first().isVisible()).toBe(true);
    expect(await main.locator("header time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await main.locator("article h2", { hasText: "British citizens" }).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: "Back to Blog" }).first().getAttribute("href")).toBe("/blog");

    const bookNow = main.getByRole("link", { name: "Book Now" });
    expect(await bookNow.getAttribute("href")).toBe("/consultations");
    expect(await main.getByTestId("consultation-price").textContent()).toBe("R3499.00");
    expect(await main.getByText("60 minutes").isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: "View Schedule" }).getAttribute("href")).toBe("/events");

    const related = main.locator('section[aria-labelledby="related-heading"] article');
    expect(await main.getByRole("heading", { name: "Related Articles" }).isVisible()).toBe(true);
    expect(await related.count()).toBe(3);
    expect(await related.evaluateAll((items) => items.every((item) => item.getAttribute("data-variant") === "compact"))).toBe(true);
    expect(await related.getByRole("link").evaluateAll((links, self) => links.some((link) => (link as HTMLAnchorElement).href === self), postUrl)).toBe(false);

    // Share: no Web Share API in desktop Chromium, so the link goes to the clipboard.
    await main.getByRole("button", { name: "Share" }).click();
    await main.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(postUrl);

    // Search engines and link previews.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", mainEntityOfPage: { "@id": postUrl } });
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^http.+\.(png|webp)$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(postUrl);

    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("redirects a wrong slug permanently, and answers a missing post with 404 and 'Return to Blog'", async () => {
    const baseURL = inject("baseURL");
    const list = await (await fetch(`${baseURL}/blog`)).text();
    const path = /href="(\/blog\/[0-9a-f-]{36})\/([a-z0-9-]+)"/.exec(list)!;
    const moved = await fetch(`${baseURL}${path[1]}/an-old-title`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${path[1]}/${path[2]}`);

    const { page, errors, close } = await openPage(browser(), { viewport: "mobile" });
    const response = await page.goto("/blog/0b0f2b6a-3d1c-4f7e-9a51-2c8d4e6f8a10/nothing-here");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog post not found");
    expect(await page.getByRole("link", { name: "Return to Blog" }).getAttribute("href")).toBe("/blog");
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    await close();
  });

  it("is in the RSS feed and the sitemap", async () => {
    const baseURL = inject("baseURL");
    const feed = await fetch(`${baseURL}/blog/rss.xml`);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await feed.text();
    expect(xml).toContain(`<title>${newestTitle}</title>`);
    expect(xml.match(/<item>/g)?.length).toBeGreaterThanOrEqual(6);
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/blog\/[0-9a-f-]{36}\/first-30-days-uk-checklist<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});

describe("the home page's blog section on a phone", () => {
  it("shows the three newest posts in a carousel that moves next and previous", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByTestId("blog-carousel");
    await carousel.scrollIntoViewIfNeeded();
    const slides = carousel.locator('[aria-roledescription="slide"]');
    expect(await slides.count()).toBe(3);
    const active = () => carousel.locator('[aria-roledescription="slide"][data-active="true"] h3').textContent();
    expect(await active()).toBe(newestTitle);
    expect(await slides.first().getByRole("link").getAttribute("href")).toMatch(/^\/blog\/[0-9a-f-]{36}/);
    await carousel.getByRole("button", { name: "Next article" }).click();
    expect(await active()).toBe("Proving your right to work in the UK: British passport, ancestry visa and settled status");
    await carousel.getByRole("button", { name: "Previous article" }).click();
    await carousel.getByRole("button", { name: "Previous article" }).click();
    // Wraps around to the last of the three.
    expect(await active()).toBe("Renting your first UK home without a UK credit history");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the blog admin", () => {
  /** An editor field by its accessible name (the required star is hidden from it). */
  const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

  it("writes, previews, illustrates and publishes a post that then leads /blog and the home page", async () => {
    const { page, errors, close } = await openPage(browser());
    await signInAsAdmin(page);
    await page.goto("/admin/blog");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1, name: "Blog posts" }).isVisible()).toBe(true);
    expect(await page.getByRole("table").getByRole("row").count()).toBeGreaterThanOrEqual(7);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "New post" }).first().click();
    await page.waitForURL(/\/admin\/blog\/new$/);
    await waitForHydration(page);
    const title = `Schools in Surrey for South African families ${Date.now()}`;
    await field(page, "Title").fill(title);
    await field(page, "Intro").fill("Catchment areas, Ofsted reports and in-year applications, explained for parents arriving mid-year.");
    await page.getByRole("combobox", { name: "Tag", exact: true }).fill("Family");
    await field(page, "Article (Markdown)").fill("## Start with the council\n\nApply through your **local council**.\n\n<script>window.__owned = true</script>");

    // The live preview is the server's rendering: headings and bold, no script.
    const preview = page.getByTestId("post-preview");
    await preview.locator("h2", { hasText: "Start with the council" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("local council");
    expect(await preview.locator("script").count()).toBe(0);
    expect(await preview.getByText(title).isVisible()).toBe(true);

    // A real PNG, resized to WebP by the server.
    const png = await sharp({ create: { width: 2000, height: 1125, channels: 3, background: "#0f2140" } }).png().toBuffer();
    await page.getByLabel("Choose an image").setInputFiles({ name: "surrey-school.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload image" }).click();
    await page.getByText("Image uploaded.").waitFor();
    const previewImage = preview.locator("img").first();
    expect(await previewImage.getAttribute("src")).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-1600\.webp$/);
    const imageResponse = await page.request.get((await previewImage.getAttribute("src"))!);
    expect(imageResponse.headers()["content-type"]).toBe("image/webp");
    // What was typed survived the upload.
    expect(await field(page, "Title").inputValue()).toBe(title);

    await field(page, "Image description (alt text)").fill("A primary school gate on a leafy Surrey street");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Published: the post is on the blog now.").waitFor();
    expect(await page.getByRole("button", { name: "Unpublish" }).isVisible()).toBe(true);
    // The editor shows the post's history: who published it, and when.
    const history = page.getByRole("region", { name: "History of this post" });
    const entry = history.getByRole("listitem").filter({ hasText: `Created and published "${title}"` });
    expect(await entry.innerText()).toContain("Demo Admin");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    // Newest first on /blog and on the home page.
    await page.goto("/blog");
    expect((await cardTitles(page))[0]).toBe(title);
    const newCard = cards(page).first();
    expect(await newCard.locator("img").getAttribute("src")).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-800\.webp$/);
    expect(await newCard.locator("img").getAttribute("alt")).toBe("A primary school gate on a leafy Surrey street");
    await newCard.getByRole("link").click();
    await page.waitForURL(/\/blog\/[0-9a-f-]{36}\/schools-in-surrey-for-south-african-families-\d+$/);
    expect(await page.evaluate(() => (window as { __owned?: boolean }).__owned)).toBeUndefined();
    await page.goto("/");
    expect(await page.getByTestId("blog-grid").locator("article").first().locator("h3").textContent()).toBe(title);

    // Tidy up for the other journeys: delete it through the confirmation dialog.
    await page.goto("/admin/blog");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Delete “${title}”` }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("heading", { name: "Delete this post?" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Delete post" }).click();
    await page.getByText("The post was deleted.").waitFor();
    expect(await page.getByRole("link", { name: title }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
