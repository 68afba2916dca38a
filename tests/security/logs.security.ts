import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../app/features/admin-auth/admins.server.ts";
import { startSiteServer } from "../e2e/support/global-setup.ts";
import { cookieFrom } from "./support/admin-matrix.ts";
import { mainOf } from "./support/http.ts";

// The logs carry no secrets (issue 8): a server of its own, logging at debug level, goes
// through every way of signing in (passwords, magic link, one-time code, password reset),
// the public forms with card numbers typed into them, and wrong passwords; then nothing that
// was typed as a secret or handed out as one (passwords, session cookies, e-mailed tokens and
// codes, card numbers) is anywhere in what it printed.

const envAdmin = { email: "ops.logs@thula.example", password: "an env admin's passphrase 7Q" };
const newPassword = "the reset passphrase 4Z";
const signUp = { email: `logs.signup.${Date.now()}@thula.example`, password: "a signed-up passphrase 9K" };
const wrongPassword = "a wrong passphrase 3J";
const cards = ["4111 1111 1111 1111", "4242424242424242", "5555-5555-5555-4444", "378282246310005"];

let server: Awaited<ReturnType<typeof startSiteServer>>;
/** Everything secret the journeys below saw. */
const secrets = new Set<string>([envAdmin.password, newPassword, signUp.password, wrongPassword, ...cards, ...cards.map((card) => card.replace(/\D/g, ""))]);
let client = 0;

async function call(path: string, options: { json?: unknown; form?: Record<string, string>; cookie?: string; method?: string } = {}) {
  client += 1;
  const headers: Record<string, string> = { origin: server.baseURL, "x-forwarded-for": `198.19.0.${client % 250}` };
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  }
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(new URL(path, server.baseURL), { method: options.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
  const setCookies = response.headers.getSetCookie();
  // Every session cookie handed out is a secret, and so is every token in a JSON answer.
  for (const pair of cookieFrom(setCookies).split("; ").filter(Boolean)) secrets.add(decodeURIComponent(pair.slice(pair.indexOf("=") + 1)));
  const text = await response.text();
  for (const match of text.matchAll(/"token":"([^"]+)"/g)) secrets.add(match[1]!);
  return { status: response.status, text, location: response.headers.get("location"), cookie: cookieFrom(setCookies) };
}

async function adminCookie(email: string, password: string): Promise<string> {
  const answer = await call("/api/auth/sign-in/email", { json: { email, password } });
  expect(answer.status, answer.text).toBe(200);
  return answer.cookie;
}

/** The plain text of the newest outbox e-mail of `kind` to `to`, read as staff would. */
async function newestEmail(cookie: string, to: string, kind: string): Promise<string> {
  const list = await call("/admin/outbox", { cookie });
  for (const [, id] of list.text.matchAll(/[?&;]email=([0-9a-f-]{36})/g)) {
    const page = await call(`/admin/outbox?email=${id}`, { cookie });
    const text = mainOf(page.text);
    if (text.includes(`To ${to}`) && text.includes(kind)) return page.text.match(/data-testid="outbox-text-body"[^>]*>([\s\S]*?)<\/pre>/)?.[1]?.replaceAll("&amp;", "&") ?? "";
  }
  throw new Error(`No ${kind} e-mail to ${to}`);
}

/** The site's links in an e-mail. */
function siteLinksIn(email: string): string[] {
  return [...email.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).filter((link) => link.startsWith(server.baseURL));
}

/** Tokens and codes in an e-mail: link tokens (query or path) and one-time codes. */
function tokensIn(email: string): string[] {
  const tokens = [...email.matchAll(/[?&]token=([^&\s]+)/g), ...email.matchAll(/\/reset-password\/([^?\s/]+)/g)].map((match) => decodeURIComponent(match[1]!));
  const codes = [...email.matchAll(/\b(\d{6})\b/g)].map((match) => match[1]!);
  return [...tokens, ...codes];
}

beforeAll(async () => {
  server = await startSiteServer({ NODE_ENV: "production", LOG_LEVEL: "debug", TRUST_PROXY: "loopback", ADMIN_EMAIL: envAdmin.email, ADMIN_PASSWORD: envAdmin.password });
}, 120_000);

afterAll(() => server?.stop());

describe("what the server prints", () => {
  it("never holds a password, a session cookie, an e-mailed token or code, or a card number", async () => {
    // Passwords: right, wrong, through the JSON endpoint and the sign-in form.
    const demo = await adminCookie(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await adminCookie(envAdmin.email, envAdmin.password);
    expect((await call("/api/auth/sign-in/email", { json: { email: envAdmin.email, password: wrongPassword } })).status).toBe(401);
    expect((await call("/admin/login", { form: { intent: "sign-in", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })).status).toBe(302);
    expect((await call("/admin/login", { form: { intent: "sign-in", email: envAdmin.email, password: wrongPassword } })).status).toBe(401);
    expect((await call("/api/auth/sign-up/email", { json: { name: "", ...signUp } })).status).toBe(200);
    expect((await call("/admin/login", { form: { intent: "sign-up", ...signUp } })).status).toBeLessThan(500);

    // A magic link, used.
    expect((await call("/api/auth/sign-in/magic-link", { json: { email: envAdmin.email, callbackURL: "/admin/dashboard" } })).status).toBe(200);
    const magic = tokensIn(await newestEmail(demo, envAdmin.email, "auth-magic-link"));
    expect(magic.length).toBeGreaterThan(0);
    magic.forEach((token) => secrets.add(token));
    expect((await call(`/api/auth/magic-link/verify?token=${encodeURIComponent(magic[0]!)}&callbackURL=/admin/dashboard`)).status).toBe(302);

    // A one-time code, used.
    expect((await call("/admin/login", { form: { intent: "send-code", email: envAdmin.email } })).status).toBe(200);
    const [code] = tokensIn(await newestEmail(demo, envAdmin.email, "auth-one-time-code"));
    expect(code).toMatch(/^\d{6}$/);
    secrets.add(code!);
    expect((await call("/admin/login", { form: { intent: "verify-code", email: envAdmin.email, code: code! } })).status).toBe(302);

    // A password reset, link opened and used.
    expect((await call("/admin/login", { form: { intent: "forgot-password", email: envAdmin.email } })).status).toBe(200);
    const resetEmail = await newestEmail(demo, envAdmin.email, "auth-reset-password");
    const reset = tokensIn(resetEmail).filter((token) => !/^\d{6}$/.test(token));
    expect(reset.length).toBeGreaterThan(0);
    reset.forEach((token) => secrets.add(token));
    const resetLink = new URL(siteLinksIn(resetEmail)[0]!);
    expect((await call(`${resetLink.pathname}${resetLink.search}`)).status).toBe(200);
    expect((await call("/admin/login", { form: { intent: "update-password", token: reset[0]!, password: newPassword } })).status).toBe(200);
    // The reset ended the old sessions; the new password signs in.
    const opsAgain = await adminCookie(envAdmin.email, newPassword);

    // Card numbers typed where they do not belong, a bearer token, and a search.
    const notes = `Please charge my card ${cards.join(", ")}`;
    const visitor = { firstName: "Card", lastName: "Holder", email: `logs.card.${Date.now()}@example.com`, phone: "+27 82 555 0123", notes, address: cards[0]! };
    expect((await call("/consultations/book", { form: { ...visitor, preferredContact: "email", preferredTime: "morning" } })).status).toBe(200);
    expect((await call("/consultations/book-free", { form: { ...visitor, preferredContact: "email", preferredTime: "morning" } })).status).toBe(200);
    const events = await call("/events");
    const seminarId = events.text.match(/href="\/events\/book\/([0-9a-f-]{36})"[^>]*>Reserve Your Spot/)![1]!;
    expect((await call(`/events/book/${seminarId}`, { form: { intent: "book", ...visitor, email: `seat.${visitor.email}` } })).status).toBe(200);
    expect((await call(`/admin/users?q=${encodeURIComponent(cards[1]!)}`, { cookie: opsAgain })).status).toBe(200);
    expect((await call(`/events?q=${encodeURIComponent(cards[2]!)}`)).status).toBe(200);
    await call("/api/auth/get-session", { cookie: `${demo}; authorization=Bearer ${reset[0]}` });

    // Sign out: the session cookie goes, but its value was a secret all the same.
    expect((await call("/api/auth/sign-out", { cookie: demo, json: {} })).status).toBe(200);

    const printed = server.output();
    const lines = printed.split("\n");
    // The demo admin's password is printed once at start, on purpose (README): nowhere else.
    expect(lines.filter((line) => line.includes(DEMO_ADMIN.password)).map((line) => JSON.parse(line).msg)).toEqual([`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`]);
    expect(secrets.size).toBeGreaterThan(12);
    const leaked = [...secrets].filter((secret) => secret.length >= 6 && printed.includes(secret));
    expect(
      leaked.map((secret) => ({ secret, lines: lines.filter((line) => line.includes(secret)) })),
      "secrets in the server's output",
    ).toEqual([]);
    // The logs were written: the requests above are in them (by path only).
    expect(printed).toContain('"path":"/api/auth/sign-in/email"');
    expect(printed).toContain('"path":"/consultations/book"');
  });
});
