import { describe, expect, it } from "vitest";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";
import { SEAT_HOLDS_PER_ADDRESS as seatHoldsPerAddress } from "./support/global-setup.ts";
import { bookableSeminars, send } from "./support/http.ts";
import { visitorWith } from "./support/submissions.ts";

// Seat squatting: every hold takes a seat for 30 minutes, so one address that posts the
// booking form over and over could empty a seminar without paying. The server holds at most
// SEAT_HOLDS_PER_ADDRESS seats per address in that time (this server runs the default).
// The addresses here come from 203.0.113.0/24, which no other file uses: they end the file
// over the limit for 30 minutes.

const browser = browserForThisFile();
let nextSquatter = 0;
const squatterAddress = () => `203.0.113.${++nextSquatter}`;

/** The upcoming seminar with the most seats left on /events, and how many it has. */
async function roomiestSeminar(): Promise<{ id: string; spots: number }> {
  const roomiest = (await bookableSeminars()).sort((a, b) => b.spots - a.spots)[0];
  if (!roomiest) throw new Error("No bookable seminar on /events");
  expect(roomiest.spots, "seats enough to reach the limit").toBeGreaterThan(seatHoldsPerAddress + 1);
  return roomiest;
}

async function spotsLeft(seminarId: string): Promise<number | undefined> {
  return (await bookableSeminars()).find((seminar) => seminar.id === seminarId)?.spots;
}

function book(seminarId: string, client: string, label: string) {
  return send(`/events/book/${seminarId}`, { client, form: { intent: "book", ...visitorWith("Squatter", label), preferredContact: "email" } });
}

describe("one address holding seats", () => {
  it(`gets ${seatHoldsPerAddress} holds in 30 minutes; the next is refused with 429 and Retry-After, and takes no seat`, async () => {
    const seminar = await roomiestSeminar();
    const squatter = squatterAddress();
    for (let hold = 0; hold < seatHoldsPerAddress; hold++) expect((await book(seminar.id, squatter, `squat-${hold}`)).status).toBe(200);
    expect(await spotsLeft(seminar.id)).toBe(seminar.spots - seatHoldsPerAddress);

    const refused = await book(seminar.id, squatter, "squat-over");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.text).toContain("Too many requests from your connection.");
    expect(await spotsLeft(seminar.id)).toBe(seminar.spots - seatHoldsPerAddress);

    // Another visitor books as usual.
    expect((await book(seminar.id, squatterAddress(), "neighbour")).status).toBe(200);
    expect(await spotsLeft(seminar.id)).toBe(seminar.spots - seatHoldsPerAddress - 1);
  });

  it("tells the visitor at the limit why, in the form's error summary, with what they typed kept", async () => {
    const seminar = await roomiestSeminar();
    const address = squatterAddress();
    for (let hold = 0; hold < seatHoldsPerAddress; hold++) expect((await book(seminar.id, address, `family-${hold}`)).status).toBe(200);

    const { page, context, close } = await openPage(browser(), { consent: true });
    await context.setExtraHTTPHeaders({ "x-forwarded-for": address });
    await page.goto(`/events/book/${seminar.id}`);
    await waitForHydration(page);
    const visitor = visitorWith("Lindiwe", "at-the-limit");
    await page.getByLabel(/^First name/).fill(visitor.firstName);
    await page.getByLabel(/^Last name/).fill("Dube");
    await page.getByLabel(/^E-mail address/).fill(visitor.email);
    await page.getByLabel(/^Phone number/).fill(visitor.phone);
    await page.getByRole("button", { name: "Reserve My Seat" }).click();

    // The form's error summary takes focus and says why.
    const summary = page.getByRole("heading", { level: 3, name: /^Too many requests from your connection\./ });
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/Please wait \d+ minutes? and try again, or e-mail us\.$/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-labelledby"))).toBe("booking-error-summary-heading");
    expect(await page.getByLabel(/^First name/).inputValue()).toBe("Lindiwe");
    expect(await page.getByLabel(/^E-mail address/).inputValue()).toBe(visitor.email);
    expect(await page.getByRole("dialog", { name: "Your seat is reserved" }).count()).toBe(0);
    await close();
  });
});
