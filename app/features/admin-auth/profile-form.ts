import { z } from "zod";
import { SYSTEM_ACTOR, UNKNOWN_ADDRESS_ACTOR } from "~/features/activity/rules.ts";
import { withoutInvisibleCharacters } from "~/lib/visible-text.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./rules.ts";

// The profile page's two forms (docs/product.md §3.1, §6.10): one schema each, checked by
// the page before sending and by the action. The admin's name also comes from
// `npm run admin:create -- --name`, with the same rule.

export const profileIntents = ["update-name", "change-password"] as const;
export type ProfileIntent = (typeof profileIntents)[number];

export const ADMIN_NAME_MAX_LENGTH = 100;

const EMPTY_NAME = "Please enter your name.";

/** Names the activity log gives to entries no admin made: an admin taking one would pass for them. */
const reservedNames = [SYSTEM_ACTOR.name, UNKNOWN_ADDRESS_ACTOR.name].map((name) => name.toLowerCase());

/** An admin's name: 1–100 visible characters, trimmed, and not one the activity log keeps for itself. */
export const adminNameSchema = z
  .string({ error: EMPTY_NAME })
  .transform(withoutInvisibleCharacters)
  .pipe(
    z
      .string()
      .trim()
      .min(1, EMPTY_NAME)
      .max(ADMIN_NAME_MAX_LENGTH, `Your name must be at most ${ADMIN_NAME_MAX_LENGTH} characters.`)
      .refine((name) => !reservedNames.includes(name.toLowerCase()), "That name is kept for the site's own entries in the activity log: please use yours."),
  );

export const nameFormSchema = z.object({ name: adminNameSchema });

const required = (message: string) => z.string({ error: message }).min(1, message);

/** Current password, the new one twice; the length rules are the sign-in library's own (§11.7). */
export const passwordFormSchema = z
  .object({
    currentPassword: required("Please enter your current password.").max(MAX_PASSWORD_LENGTH, "That is not your current password."),
    newPassword: required("Please choose a new password.")
      .min(MIN_PASSWORD_LENGTH, `The new password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `The new password is too long: use at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirmPassword: required("Please type the new password again."),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: "The two new passwords differ: type the same one twice." })
  .refine((form) => form.newPassword !== form.currentPassword, { path: ["newPassword"], message: "The new password must differ from your current one." });

export const profileSchemas = { "update-name": nameFormSchema, "change-password": passwordFormSchema } satisfies Record<ProfileIntent, z.ZodType>;

/** The messages of the profile page's answers. */
export const profileMessages = {
  nameSaved: (name: string) => `Saved: your name is now ${name}.`,
  nameUnchanged: "Nothing to save: that is your name already.",
  passwordChanged: "Your password was changed. You stay signed in here; every other session was signed out.",
  wrongCurrentPassword: "That is not your current password.",
} as const;
