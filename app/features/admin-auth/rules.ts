// Fixed facts of admin sign-in, shared by the server, the e-mails and the login page.

export const AUTH_BASE_PATH = "/api/auth";
/** The only header better-auth reads the client address from; the server sets it from Express's req.ip. */
export const CLIENT_IP_HEADER = "x-client-ip";
export const LOGIN_PATH = "/admin/login";
export const DASHBOARD_PATH = "/admin/dashboard";
/** The signed-in admin's own name and password (docs/product.md §3.1). */
export const PROFILE_PATH = "/admin/profile";
/** The admin layout's own address: its action signs out. */
export const ADMIN_ACTION_PATH = "/admin";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/** Lifetimes, in seconds. */
export const lifetimes = {
  session: 24 * 60 * 60,
  /** A session used after this age is extended (sliding expiry). */
  sessionRefresh: 60 * 60,
  emailVerification: 24 * 60 * 60,
  passwordReset: 60 * 60,
  magicLink: 10 * 60,
  signInCode: 10 * 60,
} as const;

export const SIGN_IN_CODE_LENGTH = 6;

/** The login page's in-page views (docs/product.md §3.1). */
export const loginViews = ["sign_in", "sign_up", "forgotten_password", "magic_link", "update_password", "verify_otp"] as const;
export type LoginView = (typeof loginViews)[number];

export function loginViewFrom(value: string | null | undefined): LoginView {
  return loginViews.find((view) => view === value) ?? "sign_in";
}

/** Why the guard sent someone back to the login page. */
export const NO_ACCESS_REASON = "no-access";

export function minutes(seconds: number): string {
  const value = Math.round(seconds / 60);
  if (value >= 120 && value % 60 === 0) return `${value / 60} hours`;
  return `${value} minute${value === 1 ? "" : "s"}`;
}
