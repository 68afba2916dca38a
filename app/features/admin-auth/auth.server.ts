import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { emailOTP, magicLink } from "better-auth/plugins";
import type { Db } from "#db/client.ts";
import { authAccounts, authRateLimits, authSessions, authUsers, authVerifications } from "#db/schema/index.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { recordAccountActivity, signInActivityHook } from "./account-activity.server.ts";
import { existingAccountEmail, magicLinkEmail, resetPasswordEmail, signInCodeEmail, verifyEmailEmail } from "./emails.ts";
import { findAuthUserByEmail } from "./queries.server.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, LOGIN_PATH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, SIGN_IN_CODE_LENGTH, lifetimes } from "./rules.ts";
import { resolveAuthSecret } from "./settings.server.ts";
import { endSignInPause, signInPause } from "./sign-in-pause.server.ts";

/** Window of the strict limits on every endpoint that checks a secret or sends an e-mail. */
export const AUTH_RATE_LIMIT_WINDOW_SECONDS = 60;

// Endpoints the login page does not use: closed, so nothing unreviewed is reachable.
const closedPaths = [
  "/sign-in/social",
  "/link-social",
  "/unlink-account",
  "/delete-user",
  "/delete-user/callback",
  "/change-email",
  "/email-otp/check-verification-otp",
  "/email-otp/verify-email",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/email-otp/reset-password",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
];

export type CreateAuthOptions = {
  db: Db;
  settings: Pick<Settings, "siteUrl" | "siteOrigins">;
  secret: string;
  /** Attempts per client address per minute on each strict endpoint (AUTH_RATE_LIMIT_MAX). */
  rateLimitMax?: number;
  /** The clock the per-account sign-in pauses are measured by (tests move it forward). */
  now?: () => Date;
};

/** The better-auth instance for one database. Build it through getAuth(runtime) in the app. */
export function createAuth({ db, settings, secret, rateLimitMax = 5, now }: CreateAuthOptions) {
  const siteUrl = settings.siteUrl;
  const strict = { window: AUTH_RATE_LIMIT_WINDOW_SECONDS, max: rateLimitMax };

  return betterAuth({
    appName: "Thula Relocations admin",
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [...settings.siteOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications, rateLimit: authRateLimits },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-in works before verification; verification gates only the admin grant
      // (docs/decisions/004). An unverified account is signed out by the guard.
      requireEmailVerification: false,
      // Sign-up never signs in, and answers the same for a taken address (no enumeration).
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: lifetimes.passwordReset,
      revokeSessionsOnPasswordReset: true,
      // Straight to the form, the token in the query string: better-auth's own link carries it in
      // the path (/reset-password/{token}), and the access log records paths.
      sendResetPassword: async ({ user, token }) => {
        const url = `${siteUrl}${LOGIN_PATH}?view=update_password&token=${encodeURIComponent(token)}`;
        await queueEmail(db, resetPasswordEmail({ to: user.email, url }));
      },
      onPasswordReset: async ({ user }, request) => {
        // The owner proved the mailbox: the new password is not kept waiting by someone else's guesses.
        await endSignInPause(db, user.email);
        await recordAccountActivity(db, user, { action: "account.password-reset", summary: "Reset the password with an e-mailed link", ip: request?.headers.get(CLIENT_IP_HEADER) ?? null });
      },
      onExistingUserSignUp: async ({ user }) => {
        await queueEmail(db, existingAccountEmail({ to: user.email, siteUrl }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: lifetimes.emailVerification,
      sendVerificationEmail: async ({ user, url }) => {
        await queueEmail(db, verifyEmailEmail({ to: user.email, url }));
      },
    },
    // Password reset tokens are kept hashed (magic links and codes hash their own).
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    session: {
      expiresIn: lifetimes.session,
      updateAge: lifetimes.sessionRefresh,
      // Every request reads the session row, so revoking it takes effect at once.
      cookieCache: { enabled: false },
    },
    plugins: [
      magicLink({
        expiresIn: lifetimes.magicLink,
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url }) => {
          // Unknown addresses get no e-mail (the answer is the same either way).
          if (!(await findAuthUserByEmail(db, email))) return;
          await queueEmail(db, magicLinkEmail({ to: email, url }));
        },
      }),
      emailOTP({
        otpLength: SIGN_IN_CODE_LENGTH,
        expiresIn: lifetimes.signInCode,
        disableSignUp: true,
        storeOTP: "hashed",
        allowedAttempts: 3,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== "sign-in") return;
          await queueEmail(db, signInCodeEmail({ to: email, code: otp }));
        },
      }),
      signInPause(db, now),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 10,
      max: 100,
      customRules: {
        "/sign-in/*": strict,
        "/sign-up/*": strict,
        "/request-password-reset": strict,
        "/reset-password": strict,
        "/reset-password/*": strict,
        "/magic-link/verify": strict,
        "/email-otp/*": strict,
        "/send-verification-email": strict,
        "/verify-email": strict,
        "/change-password": strict,
      },
    },
    // Every sign-in attempt, successful or not, in the activity log (account-activity.server.ts).
    hooks: { after: signInActivityHook(db) },
    disabledPaths: closedPaths,
    advanced: {
      cookiePrefix: "thula",
      useSecureCookies: siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Explicit: better-auth skips its origin checks when NODE_ENV=test; the tests must see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    onAPIError: { errorURL: LOGIN_PATH },
    telemetry: { enabled: false },
    logger: {
      // No `level` here: setting one makes better-auth also print API errors with console.error.
      // Messages only: arguments can hold request details we do not want in logs.
      log: (level, message) => {
        if (level === "error") log.error(`Auth: ${message}`);
        else if (level === "warn") log.warn(`Auth: ${message}`);
        else log.debug(`Auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type AuthRuntime = { settings: Settings; db: Db };

// One auth instance per open database, made on first use (never at import time).
const instances = new WeakMap<Db, Auth>();

export function getAuth(runtime: AuthRuntime): Auth {
  let auth = instances.get(runtime.db);
  if (!auth) {
    const authSettings = runtime.settings.auth;
    auth = createAuth({
      db: runtime.db,
      settings: runtime.settings,
      secret: resolveAuthSecret(runtime.settings, authSettings),
      rateLimitMax: authSettings.rateLimitMax,
    });
    instances.set(runtime.db, auth);
  }
  return auth;
}
