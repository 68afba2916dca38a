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
    for (const path of ["/", "/favicon.svg", "/admin/login"]) {
      const response = await fetch(`${inject("baseURL")}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
    }
    expect((await fetch(`${inject("baseURL")}/business-card`)).headers.get("x-frame-options")).toBeNull();
  });

  it("serves robots.txt and a sitemap of the public pages", async () => {
    const robots = await (await fetch(`${inject("baseURL")}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: ");
    const sitemap = await (await fetch(`${inject("baseURL")}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>");
    expect(sitemap).toContain("/about</loc>");
  });
});
