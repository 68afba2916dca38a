import { renderEmail } from "~/features/mail/templates/layout.ts";
import type { OutboxEmailInput } from "~/features/mail/types.ts";
import { LOGIN_PATH, lifetimes, minutes } from "./rules.ts";

// The sign-in e-mails. Pure: they build the outbox entry; auth.server.ts queues it.
// Their bodies hold links and codes that sign someone in: never log them.

const notYou = "If you did not ask for this, ignore this e-mail: nothing changes and nobody gets access.";

export function verifyEmailEmail(facts: { to: string; url: string }): OutboxEmailInput {
  const { html, text } = renderEmail({
    preheader: "Confirm your e-mail address for the admin portal.",
    heading: "Confirm your e-mail address",
    paragraphs: [
      "Someone created an admin portal account with this e-mail address. Confirm it is yours with the button below.",
      "A new account has no admin rights. Once your address is confirmed, an existing admin can grant you access.",
      `The link works for ${minutes(lifetimes.emailVerification)}. If you did not create this account, do not press the button and ignore this e-mail.`,
    ],
    cta: { label: "Confirm my e-mail address", url: facts.url },
    footerNote: "You received this e-mail because this address was used to sign up for the Thula Relocations admin portal.",
  });
  return { kind: "auth-verify-email", to: facts.to, subject: "Confirm your e-mail address", text, html };
}

export function resetPasswordEmail(facts: { to: string; url: string }): OutboxEmailInput {
  const { html, text } = renderEmail({
    preheader: "Choose a new password for the admin portal.",
    heading: "Reset your password",
    paragraphs: [
      "We received a request to reset the password of your admin portal account.",
      `Choose a new password with the button below. The link works once, for ${minutes(lifetimes.passwordReset)}.`,
      notYou,
    ],
    cta: { label: "Choose a new password", url: facts.url },
    footerNote: "You received this e-mail because a password reset was requested for your admin portal account.",
  });
  return { kind: "auth-reset-password", to: facts.to, subject: "Reset your admin portal password", text, html };
}

export function magicLinkEmail(facts: { to: string; url: string }): OutboxEmailInput {
  const { html, text } = renderEmail({
    preheader: "Your sign-in link for the admin portal.",
    heading: "Your sign-in link",
    paragraphs: [`Sign in to the admin portal with the button below. The link works once, for ${minutes(lifetimes.magicLink)}.`, notYou],
    cta: { label: "Sign in to the admin portal", url: facts.url },
    footerNote: "You received this e-mail because a sign-in link was requested for your admin portal account.",
  });
  return { kind: "auth-magic-link", to: facts.to, subject: "Your admin portal sign-in link", text, html };
}

export function signInCodeEmail(facts: { to: string; code: string }): OutboxEmailInput {
  const { html, text } = renderEmail({
    preheader: "Your one-time code for the admin portal.",
    heading: "Your one-time sign-in code",
    paragraphs: [
      "Enter this code on the admin portal sign-in page:",
      facts.code,
      `The code works once, for ${minutes(lifetimes.signInCode)}. Never share it: we will never ask you for it.`,
      notYou,
    ],
    footerNote: "You received this e-mail because a sign-in code was requested for your admin portal account.",
  });
  // The outbox logs subjects: the code stays out of it.
  return { kind: "auth-one-time-code", to: facts.to, subject: "Your admin portal sign-in code", text, html };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountEmail(facts: { to: string; siteUrl: string }): OutboxEmailInput {
  const { html, text } = renderEmail({
    preheader: "Someone tried to sign up with your e-mail address.",
    heading: "You already have an account",
    paragraphs: [
      "Someone tried to create an admin portal account with this e-mail address, which already has one. No second account was created.",
      "If it was you, sign in with your password, or use “Forgot your password?” on the sign-in page.",
      notYou,
    ],
    cta: { label: "Go to the sign-in page", url: `${facts.siteUrl}${LOGIN_PATH}` },
    footerNote: "You received this e-mail because this address was used to sign up for the Thula Relocations admin portal.",
  });
  return { kind: "auth-sign-up-existing", to: facts.to, subject: "You already have an admin portal account", text, html };
}
