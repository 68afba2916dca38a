import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { findOutboxEmail, signInAsAdmin } from "../e2e/support/admin.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";
import { adminSession, bookableSeminarIds, send } from "./support/http.ts";
import { expectInert, watchScripts, xssPayloads } from "./support/inert.ts";
import { holdSeat, linkedId, payForSeat, requestConsultation, visitorWith, type Visitor } from "./support/submissions.ts";

// Stored script injection (issue 8): visitors send the public forms with payloads in every
// free-text field (names, address, notes), and staff open everything that shows them: users,
// consultations and their details, seminar bookings and attendees, the dashboard, the outbox.
// Also the bookings CSV, whose cells must not start a spreadsheet formula.

const browser = browserForThisFile();
const LABEL = "stored-xss";

type Stored = { payload: string; paid: Visitor; free: Visitor; seat: Visitor; seminarId: string };
const stored: Stored[] = [];
/** Booked by people whose names are spreadsheet formulas. */
const formulaNames = ['=HYPERLINK("https://evil.example","Click")', "+1+1", "-1+1", "@SUM(A1:A2)"];
let formulaSeminarId = "";

beforeAll(async () => {
  const seminars = await bookableSeminarIds();
  expect(seminars.length).toBeGreaterThan(1);
  for (const [index, payload] of xssPayloads.entries()) {
    const entry: Stored = {
      payload,
      paid: visitorWith(payload, `${LABEL}.paid`),
      free: visitorWith(payload, `${LABEL}.free`),
      seat: visitorWith(payload, `${LABEL}.seat`),
      seminarId: seminars[index % seminars.length]!,
    };
    await requestConsultation("paid", entry.paid);
    await requestConsultation("free", entry.free);
    const bookingId = await holdSeat(entry.seminarId, entry.seat);
    // Half the seats paid: the confirmation e-mail carries the name too.
    if (index % 2 === 0) await payForSeat(entry.seminarId, bookingId);
    stored.push(entry);
  }
  formulaSeminarId = seminars[0]!;
  for (const name of formulaNames) await holdSeat(formulaSeminarId, visitorWith(name, `${LABEL}.formula`));
});

async function adminPage() {
  const test = await openPage(browser());
  const watch = watchScripts(test.page);
  await signInAsAdmin(test.page);
  return { ...test, watch };
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

const search = `q=${encodeURIComponent(`${LABEL}.`)}`;

describe("staff see stored payloads as text", () => {
  it("/admin/users: the list, the edit form and each contact's bookings", async () => {
    const { page, watch, close } = await adminPage();
    await visit(page, `/admin/users?${search}`);
    await expectInert(watch, "/admin/users", xssPayloads);
    for (const { payload, paid, seat } of stored) {
      for (const visitor of [paid, seat]) {
        const id = await linkedId(`/admin/users?q=${encodeURIComponent(visitor.email)}`, "edit");
        await visit(page, `/admin/users?q=${encodeURIComponent(visitor.email)}&edit=${id}`);
        await expectInert(watch, `editing ${visitor.email}`);
        const dialog = page.getByRole("dialog");
        for (const field of ["firstName", "lastName"]) expect(await dialog.locator(`[name="${field}"]`).inputValue()).toBe(payload);
        for (const list of ["consultations", "seminars"]) {
          await visit(page, `/admin/users?q=${encodeURIComponent(visitor.email)}&${list}=${id}`);
          await expectInert(watch, `the ${list} of ${visitor.email}`, [payload]);
        }
      }
    }
    await close();
  });

  it("/admin/consultations: the list, each consultation's details, and an admin note with a payload", async () => {
    const { page, watch, close } = await adminPage();
    await visit(page, `/admin/consultations?${search}`);
    await expectInert(watch, "/admin/consultations", xssPayloads);
    for (const { payload, paid, free } of stored) {
      for (const visitor of [paid, free]) {
        const id = await linkedId(`/admin/consultations?q=${encodeURIComponent(visitor.email)}`, "view");
        await visit(page, `/admin/consultations?q=${encodeURIComponent(visitor.email)}&view=${id}`);
        await expectInert(watch, `the details of ${visitor.email}'s consultation`, [payload]);
      }
    }
    // Staff notes are shown to every admin: a payload in one stays text too.
    const { paid, payload } = stored[0]!;
    const id = await linkedId(`/admin/consultations?q=${encodeURIComponent(paid.email)}`, "view");
    const noted = await send(`/admin/consultations?q=${encodeURIComponent(paid.email)}&view=${id}`, {
      cookie: await adminSession(),
      // A consultation booked a moment ago, and changed by nobody since, is at version 1.
      form: { intent: "add-note", id, version: "1", note: xssPayloads[1] },
    });
    expect(noted.status).toBeLessThan(400);
    await visit(page, `/admin/consultations?q=${encodeURIComponent(paid.email)}&view=${id}`);
    await expectInert(watch, "an admin note with a payload", [payload, xssPayloads[1]]);
    await close();
  });

  it("/admin/bookings, each seminar's attendees and the dashboard", async () => {
    const { page, watch, close } = await adminPage();
    await visit(page, `/admin/bookings?${search}`);
    await expectInert(watch, "/admin/bookings", xssPayloads);
    for (const seminarId of new Set(stored.map((entry) => entry.seminarId))) {
      await visit(page, `/admin/seminars?attendees=${seminarId}`);
      await expectInert(watch, `the attendees of ${seminarId}`, stored.filter((entry) => entry.seminarId === seminarId).map((entry) => entry.payload));
    }
    await visit(page, "/admin/dashboard");
    // The latest activity: the newest contact and seat (formula-named, booked last) and consultation.
    await expectInert(watch, "/admin/dashboard", [formulaNames.at(-1)!, stored.at(-1)!.payload]);
    await close();
  });

  it("the outbox: each visitor's e-mail is escaped HTML in a sandboxed frame", async () => {
    const { page, watch, close } = await adminPage();
    await visit(page, "/admin/outbox");
    await expectInert(watch, "/admin/outbox");
    for (const { payload, paid } of stored) {
      const email = await findOutboxEmail(page, { to: paid.email });
      await expectInert(watch, `the e-mail to ${paid.email}`);
      expect(email.text).toContain(payload);
      const html = (await page.locator("iframe").getAttribute("srcdoc")) ?? "";
      expect(await page.locator("iframe").getAttribute("sandbox")).toBe("");
      if (/[<>"']/.test(payload)) expect(html, "the payload is escaped in the e-mail's HTML").not.toContain(payload);
      expect(html).toContain(payload.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;"));
    }
    await close();
  });
});

/** The rows of a CSV file (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      row.push(field);
      field = "";
    } else if (!quoted && char === "\n") {
      row.push(field.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      field = "";
    } else {
      field += char;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe("the bookings CSV export", () => {
  it("holds the payloads as plain cells and defuses every cell a spreadsheet would run as a formula", async () => {
    const answer = await send(`/admin/bookings?${search}&format=csv`, { cookie: await adminSession() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment;/);
    const rows = parseCsv(answer.text.replace(/^\uFEFF/, ""));
    const [header, ...bookings] = rows;
    const first = header!.indexOf("First name");
    const last = header!.indexOf("Last name");
    for (const payload of xssPayloads) expect(bookings.some((row) => row[first] === payload && row[last] === payload), payload).toBe(true);
    for (const name of formulaNames) expect(bookings.some((row) => row[first] === `'${name}` && row[last] === `'${name}`), name).toBe(true);
    const formulas = rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(formulas, "cells a spreadsheet would run").toEqual([]);
  });
});
