import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "../e2e/support/admin.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";
import { adminSession, send } from "./support/http.ts";
import { expectInert, watchScripts } from "./support/inert.ts";

// Script injection through blog content (issue 8): an admin publishes a post with payloads in
// its title, intro, tag, SEO fields, image description and Markdown body (raw HTML, frames,
// script links, event handlers, data: URLs). Readers and staff then see text and harmless
// markup only: on /blog, the post, the home page, the admin list and preview, and the RSS feed.

const browser = browserForThisFile();

const title = `<script>window.__xss=1</script> Moving "><img src=x onerror="window.__xss=1"> guide`;
const intro = `<svg onload=window.__xss=1> An intro {{constructor.constructor('window.__xss=1')()}} </textarea><script>window.__xss=1</script>`;
const tag = "<svg onload=window.__xss=1>";
const FIRST_PARAGRAPH = "The first paragraph of an article full of traps.";
const body = [
  FIRST_PARAGRAPH,
  "<script>window.__xss=1</script>",
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<img src=x onerror="window.__xss=1">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3hzcz0xIi8+" alt="a data image">',
  '<a href="javascript:window.__xss=1">a script link</a> <a href="data:text/html,<script>alert(1)</script>">a data link</a> <a href=" JaVaScRiPt:window.__xss=1">a spaced link</a>',
  "[a Markdown script link](javascript:window.__xss=1) ![a Markdown script image](javascript:window.__xss=1)",
  '<svg onload="window.__xss=1"><circle r="5"/></svg>',
  '<p onclick="window.__xss=1" style="position:fixed;inset:0">Click anywhere</p>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>Go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>',
  '<details open ontoggle="window.__xss=1">details</details>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:window.__xss=1"><style>body{display:none}</style>',
  '<a href="https://example.com/safe">a safe link</a>',
].join("\n\n");

let postId = "";

beforeAll(async () => {
  const cookie = await adminSession();
  const created = await send("/admin/blog/new", {
    cookie,
    form: {
      intent: "publish",
      title,
      intro,
      body,
      tag,
      heroImage: "/media/blog/budget.svg",
      heroImageAlt: '"><img src=x onerror="window.__xss=1">',
      seoTitle: '"><script>window.__xss=1</script>',
      seoDescription: "</title><script>window.__xss=1</script>",
    },
  });
  expect(created.status, created.text.slice(0, 300)).toBe(302);
  postId = created.location!.match(/\/admin\/blog\/([0-9a-f-]{36})/)![1]!;
});

/** What is left in the rendered article: no element or attribute that could run or restyle the page. */
async function expectHarmlessArticle(article: Locator, where: string) {
  const found = await article.evaluate((root) => {
    const problems: string[] = [];
    for (const element of Array.from(root.querySelectorAll("script, iframe, object, embed, form, svg, math, style, base, meta, details, button, input, textarea"))) {
      problems.push(`<${element.localName}>`);
    }
    for (const element of Array.from(root.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on|^style$|^srcdoc$/i.test(attribute.name)) problems.push(`${element.localName}[${attribute.name}]`);
      }
    }
    for (const link of Array.from(root.querySelectorAll("a[href]"))) {
      if (!/^(https?:|mailto:|tel:|\/|#)/i.test(link.getAttribute("href")!)) problems.push(`a[href=${link.getAttribute("href")}]`);
    }
    for (const image of Array.from(root.querySelectorAll("img"))) {
      const src = image.getAttribute("src") ?? "";
      if (!/^(https:\/\/|\/[^/\\])/.test(src)) problems.push(`img[src=${src}]`);
    }
    return problems;
  });
  expect(found, `${where}: what the sanitiser let through`).toEqual([]);
  expect(await article.getByRole("link", { name: "a safe link" }).getAttribute("href")).toBe("https://example.com/safe");
  expect(await article.getByRole("link", { name: "a safe link" }).getAttribute("rel")).toBe("noopener noreferrer");
}

/** The element holding the article body: the parent of its first paragraph. */
function articleOf(page: Page): Locator {
  return page.getByText(FIRST_PARAGRAPH, { exact: true }).locator("xpath=..");
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

describe("a blog post full of payloads", () => {
  it("reads as text on /blog, the post page and the home page, with a harmless body", async () => {
    const { page, close } = await openPage(browser());
    const watch = watchScripts(page);
    await visit(page, "/blog");
    await expectInert(watch, "/blog", [title, intro]);
    await visit(page, `/blog?tag=${encodeURIComponent(tag)}`);
    await expectInert(watch, "/blog filtered by the payload tag", [title, tag]);
    await visit(page, `/blog/${postId}`);
    await expectInert(watch, "the post page", [title, intro]);
    await expectHarmlessArticle(articleOf(page), "the post page");
    // The head: the title and the SEO fields are text in their tags, not markup.
    expect(await page.title()).toContain('"><script>window.__xss=1</script>');
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe("</title><script>window.__xss=1</script>");
    expect(await page.locator('head script:not([type="application/ld+json"]):not([nonce])').count()).toBe(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as { headline?: string };
    expect(jsonLd.headline).toBe(title);
    await visit(page, "/");
    await expectInert(watch, "the home page's blog section", [title]);
    await close();
  });

  it("reads as text in the admin list, the editor and its live preview", async () => {
    const { page, close } = await openPage(browser());
    const watch = watchScripts(page);
    await signInAsAdmin(page);
    await visit(page, "/admin/blog");
    await expectInert(watch, "/admin/blog", [title]);
    await visit(page, `/admin/blog/${postId}`);
    await expectInert(watch, "the editor", [title]);
    expect(await page.locator(`form [name="title"]`).inputValue()).toBe(title);
    const preview = page.getByTestId("post-preview");
    await expectHarmlessArticle(preview.getByText(FIRST_PARAGRAPH, { exact: true }).locator("xpath=.."), "the saved preview");
    // The live preview: the server renders what is typed.
    await page.locator(`form [name="body"]`).fill(`${body}\n\nA line typed just now.`);
    await preview.getByText("A line typed just now.").waitFor();
    await expectInert(watch, "the live preview");
    await expectHarmlessArticle(preview.getByText(FIRST_PARAGRAPH, { exact: true }).locator("xpath=.."), "the live preview");
    await close();
  });

  it("is escaped in the RSS feed", async () => {
    const feed = await send("/blog/rss.xml");
    expect(feed.status).toBe(200);
    const item = feed.text.split("<item>").find((part) => part.includes(`/blog/${postId}`))!;
    expect(item).toBeDefined();
    const decode = (xml: string) => xml.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
    expect(decode(item.match(/<title>([\s\S]*?)<\/title>/)![1]!)).toBe(title);
    expect(decode(item.match(/<description>([\s\S]*?)<\/description>/)![1]!)).toBe(intro);
    expect(decode(item.match(/<category>([\s\S]*?)<\/category>/)![1]!)).toBe(tag);
    // The only markup in the feed is the feed's own.
    const tags = new Set([...feed.text.matchAll(/<([a-zA-Z][\w:]*)/g)].map((match) => match[1]));
    expect([...tags].sort()).toEqual(["atom:link", "category", "channel", "description", "guid", "item", "language", "lastBuildDate", "link", "pubDate", "rss", "title"]);
  });

  it("refuses a hero image address that is not one of the site's", async () => {
    const cookie = await adminSession();
    for (const heroImage of ["javascript:window.__xss=1", "data:image/svg+xml,<svg onload=alert(1)>", "https://evil.example/x.png", "//evil.example/x.png"]) {
      const answer = await send(`/admin/blog/${postId}`, {
        cookie,
        form: { intent: "save", title: "A safe title", intro: "A safe intro of some length.", body: "Body.", tag: "News", heroImage, heroImageAlt: "alt" },
      });
      expect(answer.status, heroImage).toBe(422);
      expect(answer.text).toContain("that image address is not one of the site");
    }
  });
});
