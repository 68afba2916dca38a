import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../app/features/admin-auth/admins.server.ts";
import { cookieFrom, routesWithAction, signIn } from "./support/admin-matrix.ts";
import { adminSession, baseURL, bookableSeminarIds, EVIL_ORIGIN, mainOf, send, type Answer, type SendOptions } from "./support/http.ts";
import { linkedId, visitorWith } from "./support/submissions.ts";

// Cross-site request forgery (issue 8): every write refuses a request sent by another site's
// page, and changes nothing. React Router refuses a cross-origin post to a page route itself
// (400 "Bad Request"); the site's root middleware and the auth route refuse the rest (403).
// Each forged write below is a complete, valid request: sent from the site itself it does
// change something, which the last step of each test shows, so a missing check cannot pass.

const routes = await routesWithAction();
let seminarId = "";
let consultationId = "";

beforeAll(async () => {
  [seminarId = ""] = await bookableSeminarIds();
  const visitor = visitorWith("Naledi", "csrf-note");
  const booked = await send("/consultations/book", { form: { ...visitor, preferredContact: "email", preferredTime: "morning" } });
  expect(booked.status).toBe(200);
  consultationId = await linkedId(`/admin/consultations?q=${encodeURIComponent(visitor.email)}`, "view");
});

/** The site's own refusal (lib/csrf.server.ts): another website's form gets the site's address and nothing back. */
const siteRefusal = JSON.stringify({
  refusal: "cross-origin",
  sentFrom: null,
  siteUrl: baseURL,
  retryUrl: null,
  message: `This form was sent from another website, so it was refused and nothing was saved. This site's address is ${baseURL}.`,
  values: {},
});

function expectRefused(answer: Answer, what: string) {
  expect([400, 403], `${what}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
  // React Router's refusal of a document or data request to a page is its plain text or its encoded error; the site's own is JSON.
  if (answer.status === 403) expect(answer.text.trim(), what).toBe(siteRefusal);
  else expect(answer.text.trim(), what).toMatch(/^(Bad Request|\[\{"_1":2\},"error",\["SanitizedError".*)$/);
  expect(answer.headers.getSetCookie(), `${what} sets no cookie`).toEqual([]);
}

describe("every route with an action", () => {
  it("refuses a post from another origin and from an opaque one (Origin: null), even with the admin's session", async () => {
    const cookie = await adminSession();
    const paths = routes.map((route) => route.actionUrl.replace("/api/auth/matrix-probe", "/api/auth/sign-in/email"));
    expect(paths).toEqual(expect.arrayContaining(["/consultations/book", "/admin/users", "/api/stripe/webhook", "/api/auth/sign-in/email"]));
    for (const path of paths) {
      for (const origin of [EVIL_ORIGIN, "null"]) {
        expectRefused(await send(path, { form: { intent: "x" }, cookie, origin }), `${path} from ${origin}`);
        expectRefused(await send(path.includes("?") ? path.replace("?", ".data?") : `${path}.data`, { form: { intent: "x" }, cookie, origin }), `${path}.data from ${origin}`);
      }
    }
  });
});

type Write = {
  name: string;
  /** The request; a function when it needs a fresh session or record. */
  request: () => Promise<{ path: string; options: SendOptions }>;
  /** Did the write happen? */
  happened: (answer: Answer) => Promise<boolean>;
};

const admin = async (path: string, form: Record<string, string>) => ({ path, options: { cookie: await adminSession(), form } });

/** The list page's text contains `text` (a search for it found it). */
async function listed(path: string, text: string): Promise<boolean> {
  const page = await send(path, { cookie: await adminSession() });
  return mainOf(page.text).includes(text);
}

async function outboxTotal(): Promise<number> {
  const text = mainOf((await send("/admin/outbox", { cookie: await adminSession() })).text);
  return Number(text.match(/of (\d+) e-mails?/)?.[1] ?? "0");
}

async function sessionAlive(cookie: string): Promise<boolean> {
  const session = await send("/api/auth/get-session", { cookie });
  return session.text.trim() !== "null";
}

function writes(): Write[] {
  const paid = visitorWith("Lerato", "csrf-paid");
  const free = visitorWith("Lerato", "csrf-free");
  const seat = visitorWith("Lerato", "csrf-seat");
  const contact = visitorWith("Bongani", "csrf-contact");
  const account = { email: `csrf.account.${Date.now()}@thula.example`, password: "a forged sign-up passphrase" };
  const seminarTitle = `Forged seminar ${Date.now()}`;
  const postTitle = `Forged post ${Date.now()}`;
  const note = `Forged note ${Date.now()}`;
  let signOutCookie = "";
  let outboxBefore = 0;
  const nextYear = `${new Date().getFullYear() + 1}-06-15`;
  const mails = (path: string, json: Record<string, unknown>): Write => ({
    name: `POST ${path}`,
    request: async () => {
      outboxBefore = await outboxTotal();
      return { path, options: { json } };
    },
    happened: async () => (await outboxTotal()) > outboxBefore,
  });
  return [
    {
      name: "the paid consultation form",
      request: async () => ({ path: "/consultations/book", options: { form: { ...paid, preferredContact: "email", preferredTime: "morning" } } }),
      happened: () => listed(`/admin/consultations?q=${encodeURIComponent(paid.email)}`, paid.email),
    },
    {
      name: "the free intro call form",
      request: async () => ({ path: "/consultations/book-free", options: { form: { ...free, preferredContact: "email", preferredTime: "morning" } } }),
      happened: () => listed(`/admin/consultations?q=${encodeURIComponent(free.email)}`, free.email),
    },
    {
      name: "the seminar booking form",
      request: async () => ({ path: `/events/book/${seminarId}`, options: { form: { intent: "book", ...seat, preferredContact: "email" } } }),
      happened: () => listed(`/admin/bookings?q=${encodeURIComponent(seat.email)}`, seat.email),
    },
    {
      name: "the cookie choice",
      request: async () => ({ path: "/consent", options: { form: { choice: "all", returnTo: "/" } } }),
      happened: async (answer) => answer.headers.getSetCookie().some((cookie) => cookie.startsWith("thula_consent=")),
    },
    {
      name: "Users: create a contact",
      request: () => admin("/admin/users", { intent: "create-user", firstName: contact.firstName, lastName: "Forged", email: contact.email, preferredContact: "email" }),
      happened: () => listed(`/admin/users?q=${encodeURIComponent(contact.email)}`, contact.email),
    },
    {
      name: "Seminars: create a seminar",
      request: () =>
        admin("/admin/seminars", {
          intent: "create-seminar",
          title: seminarTitle,
          organizer_name: "Thula",
          description: "",
          city: "Durban",
          venue_name: "A hall",
          address: "1 Road, Durban",
          location: "Durban",
          seminar_date: nextYear,
          seminar_time: "18:00",
          price: "1200",
          max_attendees: "30",
          is_active: "true",
        }),
      happened: () => listed(`/admin/seminars?q=${encodeURIComponent(seminarTitle)}`, seminarTitle),
    },
    {
      name: "Consultations: add a note",
      // Booked in beforeAll and changed by nobody until the site's own request: at version 1.
      request: () => admin(`/admin/consultations?view=${consultationId}`, { intent: "add-note", id: consultationId, version: "1", note }),
      // The details dialog is drawn in the browser: the note is in the page's data.
      happened: async () => (await send(`/admin/consultations?view=${consultationId}`, { cookie: await adminSession() })).text.includes(note),
    },
    {
      name: "Blog: publish a post",
      request: () => admin("/admin/blog/new", { intent: "publish", title: postTitle, intro: "An intro nobody on the team wrote.", body: "Forged.", tag: "News" }),
      happened: () => listed("/admin/blog", postTitle),
    },
    {
      name: "the admin portal's sign-out",
      request: async () => {
        signOutCookie = await signIn(baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
        // As the button posts it with JavaScript (a document post to /admin meets the index route, which has no action).
        return { path: "/admin.data", options: { cookie: signOutCookie, form: { intent: "sign-out" } } };
      },
      happened: async () => !(await sessionAlive(signOutCookie)),
    },
    {
      name: "the sign-in page's form",
      request: async () => ({ path: "/admin/login", options: { form: { intent: "sign-in", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } } }),
      happened: async (answer) => cookieFrom(answer.headers.getSetCookie()).includes("session_token="),
    },
    {
      name: "POST /api/auth/sign-in/email",
      request: async () => ({ path: "/api/auth/sign-in/email", options: { json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } } }),
      happened: async (answer) => cookieFrom(answer.headers.getSetCookie()).includes("session_token="),
    },
    {
      name: "POST /api/auth/sign-up/email",
      request: async () => ({ path: "/api/auth/sign-up/email", options: { json: { name: "", ...account } } }),
      happened: async () => (await send("/api/auth/sign-in/email", { json: account })).status === 200,
    },
    {
      name: "POST /api/auth/sign-out",
      request: async () => {
        signOutCookie = await signIn(baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
        return { path: "/api/auth/sign-out", options: { cookie: signOutCookie, json: {} } };
      },
      happened: async () => !(await sessionAlive(signOutCookie)),
    },
    mails("/api/auth/request-password-reset", { email: DEMO_ADMIN.email, redirectTo: "/admin/login?view=update_password" }),
    mails("/api/auth/sign-in/magic-link", { email: DEMO_ADMIN.email, callbackURL: "/admin/dashboard" }),
    mails("/api/auth/email-otp/send-verification-otp", { email: DEMO_ADMIN.email, type: "sign-in" }),
  ];
}

describe("a forged write changes nothing", () => {
  it.each(writes())("$name", async ({ request, happened }) => {
    for (const origin of [EVIL_ORIGIN, "null"]) {
      const { path, options } = await request();
      const answer = await send(path, { ...options, origin });
      expectRefused(answer, `${path} from ${origin}`);
      expect(await happened(answer), `${path} from ${origin} changed something`).toBe(false);
    }
    // The same request from the site itself does change something: the probe is a real write.
    const { path, options } = await request();
    const answer = await send(path, options);
    expect(answer.status, `${path} from the site: ${answer.text.slice(0, 200)}`).toBeLessThan(400);
    expect(await happened(answer), `${path} from the site`).toBe(true);
  });

  it("accepts Stripe's webhook without an Origin (server to server) but not from a page of another site", async () => {
    // Stripe is not configured here: the route says so (404) when the request gets through.
    expect((await send("/api/stripe/webhook", { body: "{}", headers: { "content-type": "application/json" }, origin: null })).status).toBe(404);
    expectRefused(await send("/api/stripe/webhook", { body: "{}", headers: { "content-type": "application/json" }, origin: EVIL_ORIGIN }), "the webhook from a page");
  });
});
