import { z } from "zod";
import { preferredContactValues } from "#db/schema/enums.ts";
import { withoutInvisibleCharacters } from "~/lib/visible-text.ts";

// Contact details as the public booking forms send them (docs/product.md §6.2).
// Browser-safe: the forms and the actions share these rules.

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .transform(withoutInvisibleCharacters)
    .pipe(
      z
        .string()
        .trim()
        .min(1, `Please enter your ${label}.`)
        .max(max, `Your ${label} must be at most ${max} characters.`),
    );

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Your ${label} must be at most ${max} characters.`)
    .transform((value) => (value ? value : undefined))
    .optional();

export const preferredContactOptions = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
  { value: "whatsapp", label: "WhatsApp" },
] as const satisfies ReadonlyArray<{ value: (typeof preferredContactValues)[number]; label: string }>;

export const contactDetailsSchema = z.object({
  firstName: requiredText("first name", 100),
  lastName: requiredText("last name", 100),
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(254, "Your e-mail address must be at most 254 characters.")
    .pipe(z.email("Please enter a valid e-mail address, like name@example.com.")),
  phone: requiredText("phone number", 30).pipe(
    z.string().regex(/^\+?[0-9 ()-]{6,30}$/, "Please enter a phone number using digits, spaces and an optional +, like +27 82 555 0123."),
  ),
  address: optionalText("address", 300),
  preferredContact: z
    .enum(preferredContactValues, { error: "Please choose how we should contact you: email, phone or WhatsApp." })
    .default("email"),
});

export type ContactDetails = z.infer<typeof contactDetailsSchema>;

/** The optional notes both public booking forms take beside the contact details. */
export const bookingNotesSchema = optionalText("notes", 2000);

// A contact record as admins create and edit it: the same fields, worded for staff, plus admin rights.

const staffRequired = (label: string, max: number) =>
  z
    .string({ error: `Please enter a ${label}.` })
    .trim()
    .min(1, `Please enter a ${label}.`)
    .max(max, `The ${label} must be at most ${max} characters.`);

const staffOptional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

/** An e-mail address as staff type it in the portal's forms. */
export const staffEmailField = z
  .string({ error: "Please enter an e-mail address." })
  .trim()
  .min(1, "Please enter an e-mail address.")
  .max(254, "The e-mail address must be at most 254 characters.")
  .pipe(z.email("Please enter a valid e-mail address, like name@example.com."));

export const DUPLICATE_EMAIL_MESSAGE = "A user with this e-mail address already exists. Search for them instead of creating a second record.";

/** The admin Users screen's create and edit form (docs/product.md §6.5): first name, last name and a valid e-mail required; phone and address optional; preferred contact e-mail by default; admin off unless ticked. */
export const adminContactSchema = z.object({
  firstName: staffRequired("first name", 100),
  lastName: staffRequired("last name", 100),
  email: staffEmailField,
  phone: staffOptional("phone number", 30).pipe(
    z
      .string()
      .regex(/^\+?[0-9 ()-]{6,30}$/, "Please enter a phone number using digits, spaces and an optional +, like +27 82 555 0123.")
      .nullable(),
  ),
  address: staffOptional("address", 300),
  preferredContact: z
    .enum(preferredContactValues, { error: "Please choose e-mail, phone or WhatsApp." })
    .optional()
    .transform((value) => value ?? "email"),
  isAdmin: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export type AdminContactInput = z.output<typeof adminContactSchema>;
