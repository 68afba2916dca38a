import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../app/features/admin-auth/admins.server.ts";
import { startSiteServer } from "../e2e/support/global-setup.ts";
import { openPage, useBrowser, waitForHydration } from "../e2e/support/browser.ts";
import { runProcess } from "../support/processes.ts";
import { cookieFrom } from "./support/admin-matrix.ts";
import { baseURL, clientAddress, EVIL_ORIGIN, mainOf, send } from "./support/http.ts";
import { visitorWith } from "./support/submissions.ts";

// The site's own address (issue 15). Run as a newcomer runs it (`npm start`, no SITE_URL) and
// opened at http://127.0.0.1:3000, it refused every form: the origin check knew only
// "localhost". In a demo the machine's three loopback names on the server's port are all the
// site. Where a form is refused for its origin, the answer says what happened and where the
// site lives, and gives back what was typed. Production will not start without SITE_URL.

const browser = useBrowser();
let demo: Awaited<ReturnType<typeof startSiteServer>>;
let demoPort = "";

beforeAll(async () => {
  demo = await startSiteServer({ NODE_ENV: "production", SITE_URL: "", TRUST_PROXY: "loopback" });
  demoPort = new URL(demo.baseURL).port;
}, 120_000);
afterAll(() => demo?.stop());

/** A form post to `url` from a page of `origin` (no JavaScript, as a plain form sends it). */
function post(url: string, origin: string, form: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    headers: { origin, accept: "text/html", "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientAddress() },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

const consultation = (visitor: ReturnType<typeof visitorWith>) => ({ ...visitor, preferredContact: "email", preferredTime: "morning", website: "" });

describe("the demo without SITE_URL", () => {
  it("takes forms sent from http://127.0.0.1:PORT and http://localhost:PORT as its own", async () => {
    for (const host of ["127.0.0.1", "localhost"]) {
      const address = `http://${host}:${demoPort}`;
      const answer = await post(`${address}/consultations/book`, address, consultation(visitorWith("Ayanda", `demo-${host}`)));
      const page = await answer.text();
      expect(answer.status, `${address}: ${mainOf(page).slice(0, 200)}`).toBe(200);
      expect(mainOf(page)).toContain("Thank you");
    }
  });

  it("signs the demo admin in from http://127.0.0.1:PORT", async () => {
    const address = `http://127.0.0.1:${demoPort}`;
    const answer = await post(`${address}/admin/login`, address, { intent: "sign-in", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(answer.status).toBe(302);
    expect(cookieFrom(answer.headers.getSetCookie())).toContain("session_token=");
  });

  it("shows the company's website on the business card, never the machine it runs on", async () => {
    const card = mainOf(await (await fetch(`http://127.0.0.1:${demoPort}/business-card`)).text());
    expect(card).toContain("Website www.thularelocations.co.uk");
    expect(card).not.toMatch(/localhost|127\.0\.0\.1/);
    const vcard = await (await fetch(`http://127.0.0.1:${demoPort}/business-card/contact.vcf`)).text();
    expect(vcard).toContain("URL:https://www.thularelocations.co.uk");
  });
});

describe("a form refused for its origin", () => {
  // The suite's server lives at http://127.0.0.1:PORT (its SITE_URL); http://localhost:PORT is the
  // same server under another name, as thularelocations.co.uk would be beside www.thularelocations.co.uk.
  const otherName = () => baseURL.replace("127.0.0.1", "localhost");

  it("says what happened and where the site lives, lists what was typed, and saves nothing (no JavaScript)", async () => {
    const visitor = visitorWith("Lwazi", "other-name");
    const answer = await post(`${otherName()}/consultations/book`, otherName(), { ...consultation(visitor), notes: "Two children, moving in March" });
    const page = await answer.text();

    expect(answer.status).toBe(403);
    const text = mainOf(page);
    expect(text).toContain("Your form was not sent");
    expect(text).toContain(`This form was sent from ${otherName()}, but this site's address is ${baseURL}.`);
    for (const typed of [visitor.firstName, visitor.email, visitor.phone, "Two children, moving in March"]) expect(text).toContain(typed);
    expect(page).toContain(`href="${baseURL}/consultations/book"`);
    expect(text).not.toContain("Something went wrong on our side");

    const admin = await send(`/admin/consultations?q=${encodeURIComponent(visitor.email)}`, { cookie: await adminCookie() });
    expect(mainOf(admin.text)).not.toContain(visitor.email);
  });

  it("keeps what was typed in a browser with JavaScript too", async () => {
    const { page, errors, close } = await openPage(browser());
    const email = `browser.other-name.${Date.now()}@example.co.za`;
    await page.goto(`${otherName()}/consultations/book?request`);
    await waitForHydration(page);
    await page.getByLabel("First name").fill("Thandi");
    await page.getByLabel("Last name").fill("Nkosi");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Phone number").fill("+27 82 555 0123");
    await page.getByLabel("Tell us about your move").fill("Moving with two cats");
    await page.getByRole("radio", { name: /Evening/ }).check();
    await page.getByRole("button", { name: "Request My Consultation" }).click();

    await page.getByRole("heading", { name: "Your form was not sent" }).waitFor();
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    expect(text).toContain(`but this site's address is ${baseURL}.`);
    for (const typed of ["Thandi", "Nkosi", email, "Moving with two cats"]) expect(text).toContain(typed);
    expect(await page.getByRole("link", { name: `Open the form at ${new URL(baseURL).host}` }).getAttribute("href")).toBe(`${baseURL}/consultations/book`);
    // The refused request itself is the one 403 the browser reports.
    expect(errors.filter((error) => !error.includes("403"))).toEqual([]);
    await close();
  });

  it("from another website, is refused with the site's address and nothing given back", async () => {
    const answer = await send("/consent", { form: { choice: "all", returnTo: "/" }, origin: EVIL_ORIGIN });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({
      message: `This form was sent from another website, so it was refused and nothing was saved. This site's address is ${baseURL}.`,
      values: {},
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

let cookie: Promise<string> | undefined;
function adminCookie() {
  cookie ??= (async () => {
    const answer = await send("/admin/login", { form: { intent: "sign-in", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    return cookieFrom(answer.headers.getSetCookie());
  })();
  return cookie;
}

describe("production without SITE_URL", () => {
  it("refuses to start, and says what to set", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", SITE_URL: "", PORT: "1" };
    const result = await runProcess(process.execPath, ["scripts/start.mjs"], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("The site could not start: Invalid settings");
    expect(result.stderr).toContain("SITE_URL: is required in production (NODE_ENV=production without the demo): the address visitors type, such as https://www.thularelocations.co.uk");
  });
});
