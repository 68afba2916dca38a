import { z } from "zod";
import { MAX_PASSWORD_LENGTH, SIGN_IN_CODE_LENGTH, type LoginView } from "./rules.ts";

// The login page's forms: one schema per intent, shared by the page and its action.

export const loginIntents = ["sign-in", "sign-up", "forgot-password", "magic-link", "send-code", "verify-code", "update-password"] as const;
export type LoginIntent = (typeof loginIntents)[number];

export const EMPTY_EMAIL_MESSAGE = "Please enter your e-mail address";

const email = z
  .string({ message: EMPTY_EMAIL_MESSAGE })
  .trim()
  .min(1, EMPTY_EMAIL_MESSAGE)
  .max(254, "Please enter a valid e-mail address")
  .pipe(z.email({ message: "Please enter a valid e-mail address" }))
  .transform((value) => value.toLowerCase());

const password = z.string({ message: "Please enter your password" }).min(1, "Please enter your password").max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`);

export const loginSchemas = {
  "sign-in": z.object({ email, password }),
  "sign-up": z.object({ email, password }),
  "forgot-password": z.object({ email }),
  "magic-link": z.object({ email }),
  "send-code": z.object({ email }),
  "verify-code": z.object({
    email,
    code: z
      .string({ message: "Please enter the code from the e-mail" })
      .trim()
      .regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), `Please enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail`),
  }),
  "update-password": z.object({
    token: z.string({ message: "This password reset link is incomplete. Please ask for a new one." }).min(1, "This password reset link is incomplete. Please ask for a new one."),
    password,
  }),
} satisfies Record<LoginIntent, z.ZodType>;

/** Which view each intent belongs to (its answer is shown there). */
export const viewOfIntent: Record<LoginIntent, LoginView> = {
  "sign-in": "sign_in",
  "sign-up": "sign_up",
  "forgot-password": "forgotten_password",
  "magic-link": "magic_link",
  "send-code": "verify_otp",
  "verify-code": "verify_otp",
  "update-password": "update_password",
};

/** What the login action answers when it does not redirect. */
export type LoginActionData = {
  view: LoginView;
  /** Shown in red under the form (role=alert). */
  error?: string;
  /** Shown as a confirmation (role=status). */
  notice?: string;
  /** The e-mail typed, to refill the form; the step of the one-time code flow. */
  email?: string;
  codeSent?: boolean;
  /** The password reset token, back to the update_password form after a refusal it survives. */
  token?: string;
};

export const loginNotices = {
  signedUp: "Thank you. Check your e-mail and confirm your address. An admin must then grant your account access before you can use the portal.",
  resetSent: "If an account exists for that e-mail address, we have sent it a link to choose a new password.",
  magicLinkSent: "Check your email for the magic link",
  codeSent: (to: string) => `If an account exists for ${to}, we have e-mailed it a ${SIGN_IN_CODE_LENGTH}-digit code. Enter it below.`,
  passwordUpdated: "Your password has been updated. Please sign in with your new password.",
  verified: "Thank you: your e-mail address is confirmed. You can sign in now.",
  noAccess: "This account does not have access to the admin portal. An admin can grant access to a confirmed e-mail address.",
  checkFailed: "We could not check your access just now, so you were signed out. Please sign in again.",
} as const;
