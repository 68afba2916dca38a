import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "#db/client.ts";
import { beginPausableAttempt, clearFailures, waitText, type FailurePause } from "~/features/abuse/service.server.ts";
import { RateLimitedError } from "~/lib/errors.ts";

// Password sign-in pauses per account (docs/decisions/019): the limit per client address
// cannot stop guesses spread over many addresses (a botnet, or X-Forwarded-For when
// TRUST_PROXY believes it). Failures are counted per e-mail address typed, account or not,
// so the pause tells nobody which addresses have accounts. Five are free; then the next
// attempt waits 1 minute, and each further failure 5, 15, 30, then 60 minutes, never longer.
// A success, or a quiet day, forgets them. Links and codes by e-mail are not paused: the
// owner of the mailbox always has a way in, whatever someone else is guessing.

export const passwordSignInPause: FailurePause = {
  name: "signin-account",
  freeFailures: 5,
  pausesSeconds: [60, 5 * 60, 15 * 60, 30 * 60, 60 * 60],
  forgetAfterSeconds: 24 * 60 * 60,
};

export const SIGN_IN_PAUSED = "SIGN_IN_PAUSED";

/** The sign-in endpoints that end a pause when they start a session (the person proved who they are). */
const sessionStarters = new Set(["/sign-in/email", "/sign-in/email-otp", "/magic-link/verify"]);

/** The address as the count knows it: however it was typed. */
export function pauseSubject(email: string): string {
  return email.trim().toLowerCase();
}

export function pausedMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-ins for this e-mail address. Please try again in ${waitText(retryAfterSeconds)}, or sign in with a link or a code sent by e-mail.`;
}

/** Forgets an address's failed password sign-ins (a sign-in of any kind, or a password reset, proved its owner). */
export function endSignInPause(db: Db, email: string): Promise<void> {
  return clearFailures(db, passwordSignInPause, pauseSubject(email));
}

/** A better-auth plugin: a paused address's password sign-in is refused (429, Retry-After) before any password is checked. */
export function signInPause(db: Db, now: () => Date = () => new Date()): BetterAuthPlugin {
  return {
    id: "thula-sign-in-pause",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== "string" || email.length > 254) return;
            try {
              await beginPausableAttempt(db, passwordSignInPause, pauseSubject(email), now());
            } catch (error) {
              if (!(error instanceof RateLimitedError)) throw error;
              const wait = String(error.retryAfterSeconds);
              throw new APIError("TOO_MANY_REQUESTS", { code: SIGN_IN_PAUSED, message: pausedMessage(error.retryAfterSeconds) }, { "Retry-After": wait, "X-Retry-After": wait });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (context) => sessionStarters.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (created) await endSignInPause(db, created.user.email);
          }),
        },
      ],
    },
  };
}
