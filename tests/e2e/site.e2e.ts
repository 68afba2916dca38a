import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, openPage, useBrowser } from "./support/browser.ts";

const browser = useBrowser();

describe("the site as a whole", () => {
  it("answers /healthz with ok while the database answers", async () => {
    const response = await fetch(`${inject("baseURL")}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("shows a styled 404 page with status 404 for an unknown address", async () => {
    const { page, errors, close } = await openPage(browser());
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This page has moved on" }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    await close();
  });

  it("sends the security headers on pages and files", async () => {
    for (const path of ["/", "/favicon.ico", "/admin/login"]) {
      const response = await fetch(`${inject("baseURL")}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
    }
    expect((await fetch(`${inject("baseURL")}/business-card`)).headers.get("x-frame-options")).toBeNull();
  });

  it("gives the browser a raster tab icon, in the sizes a tab, a bookmark and a shortcut draw", async () => {
    // Chromium draws an SVG icon as a whole SVG document on the page's main thread (ADR 044).
    const { page, close } = await openPage(browser());
    await page.goto("/");
    // Every icon the page offers (the browser picks among them; Playwright does not see its fetch).
    const links = await page.locator('link[rel~="icon"]').evaluateAll((nodes) => nodes.map((node) => ({ href: (node as HTMLLinkElement).href, sizes: node.getAttribute("sizes") })));
    expect(links.map((link) => new URL(link.href).pathname)).toEqual(["/favicon.ico"]);
    // The sizes the link promises are the ones the file holds.
    expect(links[0]!.sizes).toBe("16x16 32x32 48x48");
    const response = await fetch(links[0]!.href);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    // The ICO's directory: reserved 0, type 1 (icon), then one 16-byte entry per image (width, height,
    // ..., its length and offset), each image a PNG as large as its entry says (the PNG's IHDR).
    const file = Buffer.from(await response.arrayBuffer());
    expect([file.readUInt16LE(0), file.readUInt16LE(2)]).toEqual([0, 1]);
    const entries = Array.from({ length: file.readUInt16LE(4) }, (_, index) => 6 + 16 * index);
    expect(entries.map((entry) => [file.readUInt8(entry), file.readUInt8(entry + 1)])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
    for (const entry of entries) {
      const offset = file.readUInt32LE(entry + 12);
      const png = file.subarray(offset, offset + file.readUInt32LE(entry + 8));
      expect(png.subarray(0, 8).toString("latin1")).toBe("\x89PNG\r\n\x1a\n");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([file.readUInt8(entry), file.readUInt8(entry + 1)]);
    }
    await close();
  });

  it("serves robots.txt and a sitemap of the public pages", async () => {
    const robots = await (await fetch(`${inject("baseURL")}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: ");
    const sitemap = await (await fetch(`${inject("baseURL")}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>");
    expect(sitemap).toContain("/about</loc>");
  });
});
