import { beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "../e2e/support/admin.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";
import { adminSession, bookableSeminarIds, mainOf, send } from "./support/http.ts";
import { holdSeat, requestConsultation, visitorWith } from "./support/submissions.ts";

// SQL-injection-shaped input in every search box and filter (issue 8). The queries are built
// by Drizzle with bound parameters, so such text is only ever text: each search answers 200
// with the page a search matching nothing gives. LIKE's own wildcards (% and _) and its
// escape character (\) match themselves, and a NUL byte (which PostgreSQL text cannot hold)
// is dropped. Afterwards every table still holds what it held.

const browser = browserForThisFile();

const injections = ["' OR '1'='1", "'; DROP TABLE users; --", "%' UNION SELECT password FROM account --", "\\", "1) OR (1=1", '" OR ""="', "\u0000", "admin'--"];
const NOTHING = "qqzzqqzz";

/** `?name=value`, or the same page with the parameter left out, give the same page. */
type Filter = { path: string; param: string; reference: "nothing" | "absent"; admin: boolean };

const filters: Filter[] = [
  { path: "/events", param: "q", reference: "nothing", admin: false },
  { path: "/events", param: "location", reference: "nothing", admin: false },
  { path: "/events", param: "from", reference: "absent", admin: false },
  { path: "/events", param: "to", reference: "absent", admin: false },
  { path: "/events", param: "page", reference: "absent", admin: false },
  { path: "/blog", param: "q", reference: "nothing", admin: false },
  { path: "/blog", param: "tag", reference: "nothing", admin: false },
  { path: "/admin/users", param: "q", reference: "nothing", admin: true },
  { path: "/admin/consultations", param: "q", reference: "nothing", admin: true },
  { path: "/admin/consultations", param: "type", reference: "absent", admin: true },
  { path: "/admin/consultations", param: "status", reference: "absent", admin: true },
  { path: "/admin/bookings", param: "q", reference: "nothing", admin: true },
  { path: "/admin/bookings", param: "seminar", reference: "absent", admin: true },
  { path: "/admin/bookings", param: "status", reference: "absent", admin: true },
  { path: "/admin/bookings", param: "paid", reference: "absent", admin: true },
  { path: "/admin/seminars", param: "q", reference: "nothing", admin: true },
  { path: "/admin/seminars", param: "active", reference: "absent", admin: true },
  { path: "/admin/outbox", param: "status", reference: "absent", admin: true },
  // A page's cursor (docs/decisions/030): anything it cannot read shows the first page.
  { path: "/admin/outbox", param: "after", reference: "absent", admin: true },
  { path: "/admin/bookings", param: "after", reference: "absent", admin: true },
  { path: "/admin/users", param: "before", reference: "absent", admin: true },
  { path: "/admin/consultations", param: "after", reference: "absent", admin: true },
];

const url = (path: string, param: string, value: string | undefined) => (value === undefined ? path : `${path}?${param}=${encodeURIComponent(value)}`);

/** The page's <main> text with the searched-for text taken out (the page may say what was searched for). */
async function pageText(filter: Filter, value: string | undefined): Promise<{ status: number; text: string }> {
  const answer = await send(url(filter.path, filter.param, value), { cookie: filter.admin ? await adminSession() : undefined });
  let text = mainOf(answer.text);
  if (value?.trim()) text = text.split(value.trim()).join("⟨searched⟩");
  return { status: answer.status, text: text.replace(/\d{1,2}:\d{2}(:\d{2})?/g, "⟨time⟩") };
}

/** How many rows each list holds: "Showing 1–25 of 40 users" (numbered pages) or "Showing 25 of 1,040 users" (cursor pages) → its total. */
async function totals(): Promise<Record<string, string>> {
  const cookie = await adminSession();
  const counts: Record<string, string> = {};
  for (const path of ["/admin/users", "/admin/consultations", "/admin/bookings", "/admin/seminars?active=0", "/admin/blog", "/admin/outbox"]) {
    const text = mainOf((await send(path, { cookie })).text);
    counts[path] = text.match(/of [\d,]+\+? \w+|\d+ posts? ?,|No \w+/)?.[0] ?? "(none)";
  }
  return counts;
}

let before: Record<string, string> = {};
const stamp = Date.now().toString(36);
const percent = `Percent%Sign${stamp}`;
const underscore = `Under_Score${stamp}`;

beforeAll(async () => {
  before = await totals();
  // Rows whose text holds a literal % or _, for the wildcard checks.
  const [seminarId] = await bookableSeminarIds();
  for (const name of [percent, underscore]) {
    const visitor = { ...visitorWith(name, `like.${name.slice(0, 7).toLowerCase()}`), lastName: "Literal" };
    await requestConsultation("free", visitor);
    await holdSeat(seminarId!, visitor);
  }
  const cookie = await adminSession();
  for (const title of [percent, underscore]) {
    const seminar = await send("/admin/seminars", {
      cookie,
      form: {
        intent: "create-seminar",
        title,
        organizer_name: "Thula",
        description: "",
        city: "Durban",
        venue_name: "Hall",
        address: "1 Road",
        location: "Durban",
        seminar_date: `${new Date().getFullYear() + 1}-03-10`,
        seminar_time: "18:00",
        price: "100",
        max_attendees: "10",
        is_active: "true",
      },
    });
    expect(seminar.status).toBeLessThan(400);
    const post = await send("/admin/blog/new", { cookie, form: { intent: "publish", title, intro: `${title}: an intro for the wildcard test.`, body: "Body.", tag: "News" } });
    expect(post.status).toBe(302);
  }
});

describe("SQL-injection-shaped input", () => {
  it.each(filters)("$path?$param=… answers 200 with the page a search for nothing gives", async (filter) => {
    const unfiltered = await pageText(filter, undefined);
    const reference = filter.reference === "nothing" ? await pageText(filter, NOTHING) : unfiltered;
    expect(reference.status).toBe(200);
    for (const value of injections) {
      const answer = await pageText(filter, value);
      // A NUL alone is no search at all once it is dropped.
      const expected = value === "\u0000" ? unfiltered : reference;
      expect(answer.status, `${filter.path}?${filter.param}=${JSON.stringify(value)}`).toBe(200);
      expect(answer.text, `${filter.path}?${filter.param}=${JSON.stringify(value)}`).toBe(expected.text);
    }
  });

  it("in the 'Add attendees' search of a seminar, the list is the one a search for nothing gives", async () => {
    const [seminarId] = await bookableSeminarIds();
    const { page, close } = await openPage(browser());
    await signInAsAdmin(page);
    const dialogText = async (who: string) => {
      await page.goto(`/admin/seminars?attendees=${seminarId}&who=${encodeURIComponent(who)}`);
      await waitForHydration(page);
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      const text = (await dialog.innerText()).replace(/\s+/g, " ");
      return who.trim() ? text.split(who.trim()).join("⟨searched⟩") : text;
    };
    const reference = await dialogText(NOTHING);
    const unfiltered = await dialogText("");
    for (const value of injections) expect(await dialogText(value), JSON.stringify(value)).toBe(value === "\u0000" ? unfiltered : reference);
    await close();
  });
});

describe("LIKE wildcards are literal characters", () => {
  // `rows`: where the results start on the page (the bookings filter lists every seminar's title above them).
  const lists = [
    { path: "/admin/users", admin: true, rows: "" },
    { path: "/admin/consultations", admin: true, rows: "" },
    { path: "/admin/bookings", admin: true, rows: "newest first" },
    { path: "/admin/seminars", admin: true, rows: "" },
    { path: "/events", admin: false, rows: "" },
    { path: "/blog", admin: false, rows: "" },
  ];

  it.each(lists)("$path: % finds only the row with a %, _ only the row with an _", async ({ path, admin, rows }) => {
    const cookie = admin ? await adminSession() : undefined;
    const search = async (q: string) => {
      const text = mainOf((await send(`${path}?q=${encodeURIComponent(q)}`, { cookie })).text);
      return text.slice(Math.max(0, text.indexOf(rows)));
    };
    const byPercent = await search(`%Sign${stamp}`);
    expect(byPercent).toContain(percent);
    expect(byPercent).not.toContain(underscore);
    const byUnderscore = await search(`_Score${stamp}`);
    expect(byUnderscore).toContain(underscore);
    expect(byUnderscore).not.toContain(percent);
    // A lone wildcard matches only rows holding it, not every row.
    const everything = await search("");
    const lone = await search("%");
    expect(lone).toContain(percent);
    expect(lone.length).toBeLessThan(everything.length);
  });
});

describe("afterwards", () => {
  it("every table holds what it held, plus the rows this file added", async () => {
    const after = await totals();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const path of Object.keys(before)) expect(after[path], path).not.toBe("(none)");
    const count = (text: string) => Number(text.match(/\d+/)?.[0] ?? 0);
    for (const path of Object.keys(before)) expect(count(after[path]!), path).toBeGreaterThanOrEqual(count(before[path]!));
  });
});
