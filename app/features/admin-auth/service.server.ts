import { createLinkSigner, type LinkSigner } from "~/lib/signed-links.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";
import type { Auth } from "./auth.server.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, DASHBOARD_PATH, LOGIN_PATH } from "./rules.ts";
import { resolveAuthSecret } from "./settings.server.ts";
import { SIGN_IN_PAUSED } from "./sign-in-pause.server.ts";

// The sign-in use cases behind the login page's forms. Each one goes through auth.handler
// (not auth.api), because only the handler applies better-auth's rate limits and origin
// checks; the request is built here, so the client address is the one Express resolved.

export type AuthClient = { ip: string; userAgent: string | null };

export type AuthAnswer =
  | { ok: true; status: number; data: Record<string, unknown>; setCookies: string[] }
  | { ok: false; status: number; code: string | undefined; message: string; setCookies: string[]; /** When refused for a while (429): how long, in seconds. */ retryAfterSeconds?: number };

type Call = { siteUrl: string; client: AuthClient; /** The signed-in admin's Cookie header, for endpoints that act on their session. */ cookie?: string };

/** The client as the auth library must see it: the address Express resolved (TRUST_PROXY), never a header the client sent. */
export function authClientFrom(request: Request, ip: string): AuthClient {
  return { ip, userAgent: request.headers.get("user-agent") };
}

async function callAuth(auth: Auth, call: Call, method: "GET" | "POST", path: string, body?: Record<string, unknown>): Promise<AuthAnswer> {
  const headers = new Headers({ origin: call.siteUrl, accept: "application/json", [CLIENT_IP_HEADER]: call.client.ip });
  if (call.client.userAgent) headers.set("user-agent", call.client.userAgent.slice(0, 512));
  if (call.cookie) headers.set("cookie", call.cookie);
  if (body) headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(`${call.siteUrl}${AUTH_BASE_PATH}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined, redirect: "manual" }),
  );
  const setCookies = response.headers.getSetCookie();
  const text = await response.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON (a plain "Not Found"): the status says enough.
  }
  if (response.ok) return { ok: true, status: response.status, data, setCookies };
  // better-auth's own limit says X-Retry-After; the per-account pause says both.
  const retryAfter = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after") ?? "");
  return {
    ok: false,
    status: response.status,
    code: typeof data.code === "string" ? data.code : undefined,
    message: authErrorMessage(response.status, typeof data.code === "string" ? data.code : undefined, typeof data.message === "string" ? data.message : undefined),
    setCookies,
    ...(response.status === 429 && retryAfter > 0 ? { retryAfterSeconds: Math.ceil(retryAfter) } : {}),
  };
}

const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid e-mail or password.",
  INVALID_EMAIL: "Please enter a valid e-mail address.",
  PASSWORD_TOO_SHORT: "The password is too short: use at least 12 characters.",
  PASSWORD_TOO_LONG: "The password is too long: use at most 128 characters.",
  INVALID_TOKEN: "This link is invalid or has expired. Please ask for a new one.",
  TOKEN_EXPIRED: "This link has expired. Please ask for a new one.",
  INVALID_OTP: "That code is not right. Check the e-mail and try again.",
  OTP_EXPIRED: "That code has expired. Please ask for a new one.",
  TOO_MANY_ATTEMPTS: "Too many wrong codes. Please ask for a new one.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this e-mail address already exists.",
};

/** The message the login page shows for a refusal: ours for known codes, the library's otherwise. */
export function authErrorMessage(status: number, code: string | undefined, message: string | undefined): string {
  // The account's pause says how long it lasts (sign-in-pause.server.ts).
  if (status === 429 && code === SIGN_IN_PAUSED && message) return message;
  if (status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (code && messages[code]) return messages[code];
  if (status === 403) return "This request was refused. Please reload the page and try again.";
  if (status >= 500 || !message) return "Sorry, something went wrong on our side. Please try again.";
  return message;
}

export function signInWithPassword(auth: Auth, call: Call, input: { email: string; password: string }) {
  return callAuth(auth, call, "POST", "/sign-in/email", { email: input.email, password: input.password, rememberMe: true });
}

export function signUpAccount(auth: Auth, call: Call, input: { email: string; password: string }) {
  // The verification link returns to the login page with a notice.
  return callAuth(auth, call, "POST", "/sign-up/email", { name: "", email: input.email, password: input.password, callbackURL: `${LOGIN_PATH}?verified=1` });
}

export function requestPasswordReset(auth: Auth, call: Call, input: { email: string }) {
  // The e-mailed link checks the token, then opens the login page's update_password view with it.
  return callAuth(auth, call, "POST", "/request-password-reset", { email: input.email, redirectTo: `${LOGIN_PATH}?view=update_password` });
}

export function updatePassword(auth: Auth, call: Call, input: { token: string; newPassword: string }) {
  return callAuth(auth, call, "POST", "/reset-password", { token: input.token, newPassword: input.newPassword });
}

export function requestMagicLink(auth: Auth, call: Call, input: { email: string }) {
  return callAuth(auth, call, "POST", "/sign-in/magic-link", {
    email: input.email,
    callbackURL: DASHBOARD_PATH,
    errorCallbackURL: `${LOGIN_PATH}?view=magic_link`,
  });
}

export function sendSignInCode(auth: Auth, call: Call, input: { email: string }) {
  return callAuth(auth, call, "POST", "/email-otp/send-verification-otp", { email: input.email, type: "sign-in" });
}

export function signInWithCode(auth: Auth, call: Call, input: { email: string; code: string }) {
  return callAuth(auth, call, "POST", "/sign-in/email-otp", { email: input.email, otp: input.code });
}

/**
 * The signed-in admin's own password change (`call.cookie` is their session): better-auth
 * checks the current password and the new one's length, then ends every session of the
 * account and starts a new one for this browser (its cookie is in setCookies).
 */
export function changeOwnPassword(auth: Auth, call: Call & { cookie: string }, input: { currentPassword: string; newPassword: string }) {
  return callAuth(auth, call, "POST", "/change-password", { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true });
}

/**
 * Passes a request for /api/auth/* to better-auth, with the client address header replaced
 * by the one Express resolved (anything the client sent under that name is dropped).
 */
export function forwardToAuth(auth: Auth, request: Request, client: AuthClient): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, client.ip);
  return auth.handler(new Request(request, { headers }));
}

/** Set-Cookie headers as a Headers object for a redirect or a data() response. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return headers;
}

const signers = new WeakMap<Runtime["settings"], LinkSigner>();

/** Signs and checks the links e-mailed to customers (lib/signed-links.server.ts), under the site's auth secret. */
export function linkSigner(settings: Runtime["settings"]): LinkSigner {
  let signer = signers.get(settings);
  if (!signer) {
    signer = createLinkSigner(resolveAuthSecret(settings, settings.auth));
    signers.set(settings, signer);
  }
  return signer;
}
