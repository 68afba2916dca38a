import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Db } from "#db/client.ts";
import { adminActor, UNKNOWN_ADDRESS_ACTOR, type Actor } from "~/features/activity/rules.ts";
import { recordActivity, type ActivityEntry } from "~/features/activity/service.server.ts";
import { findAuthUserByEmail } from "./queries.server.ts";
import { CLIENT_IP_HEADER } from "./rules.ts";

// What the activity log says about accounts (entity `account`, docs/decisions/013): sign-ins
// of every method, failed ones, sign-outs, name and password changes. Never a password, a
// code or a link; an address typed at a failed sign-in only when it belongs to an account.

type Account = { id: string; name: string; email: string };

/** The endpoints that can start a session, and how the log names their method. */
const signInMethods: Record<string, string> = {
  "/sign-in/email": "a password",
  "/sign-in/email-otp": "a one-time code",
  "/magic-link/verify": "a magic link",
};

/** Why a sign-in failed, in the log's words, by the library's error code. */
const failureReasons: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "wrong e-mail or password",
  INVALID_OTP: "wrong or unknown code",
  OTP_EXPIRED: "the code had expired",
  TOO_MANY_ATTEMPTS: "too many wrong codes",
};

export function recordAccountActivity(db: Db, account: Account, entry: Omit<ActivityEntry, "entityType" | "entityId">, actor: Actor = adminActor(account)) {
  return recordActivity(db, actor, { ...entry, entityType: "account", entityId: account.id });
}

/** A failed sign-in: by the account the address typed belongs to, or by "Unknown address" (nothing typed is kept). */
async function recordFailedSignIn(db: Db, method: string, { typedEmail, reason, ip }: { typedEmail: unknown; reason: string | undefined; ip: string | null }) {
  const account = typeof typedEmail === "string" && typedEmail.length <= 254 ? await findAuthUserByEmail(db, typedEmail.trim()) : null;
  const summary = `Sign-in with ${method} failed${reason ? `: ${reason}` : ""}`;
  const entry = { action: "account.sign-in-failed", summary, ip };
  if (account) return recordAccountActivity(db, account, entry, { id: null, name: account.email, email: account.email });
  return recordActivity(db, UNKNOWN_ADDRESS_ACTOR, { ...entry, entityType: "account" });
}

function failureReason(path: string, returned: unknown): string | undefined {
  if (path === "/magic-link/verify") return "the link was invalid or had expired";
  const code = isAPIError(returned) ? returned.body?.code : undefined;
  return typeof code === "string" ? failureReasons[code] : undefined;
}

/**
 * better-auth's after-hook that logs every sign-in attempt. It runs for each endpoint call,
 * whichever way it came (the login page's forms through auth.handler, an e-mailed link at
 * /api/auth/*, auth.api), after the endpoint answered: a new session means success, anything
 * else a failure. Requests refused by the rate limit never reach an endpoint, so they are
 * not logged (docs/decisions/004-admin-auth.md).
 */
export function signInActivityHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const method = signInMethods[ctx.path];
    if (!method) return;
    const ip = (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_IP_HEADER) ?? null;
    const created = ctx.context.newSession;
    if (created) {
      await recordAccountActivity(db, created.user, { action: "account.sign-in", summary: `Signed in with ${method}`, ip });
      return;
    }
    const body = ctx.body as Record<string, unknown> | undefined;
    await recordFailedSignIn(db, method, { typedEmail: body?.email, reason: failureReason(ctx.path, ctx.context.returned), ip });
  });
}
