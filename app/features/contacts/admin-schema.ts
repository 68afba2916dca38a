import { z } from "zod";
import { preferredContactValues } from "#db/schema/enums.ts";
import { searchText } from "~/lib/search-text.ts";

// The admin Users screen's rules (SPEC.md §5 "Create user (admin)"), browser-safe: the
// form and the action share them.

export const USERS_PAGE_SIZE = 25;
export const USER_MODAL_PARAMS = ["new", "edit", "delete", "consultations", "seminars"] as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `Please enter a ${label}.` })
    .trim()
    .min(1, `Please enter a ${label}.`)
    .max(max, `The ${label} must be at most ${max} characters.`);

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

export const DUPLICATE_EMAIL_MESSAGE = "A user with this e-mail address already exists. Search for them instead of creating a second record.";

/** Create and edit: first name, last name and a valid e-mail required; phone and address optional; preferred contact e-mail by default; admin off unless ticked. */
export const adminContactSchema = z.object({
  firstName: required("first name", 100),
  lastName: required("last name", 100),
  email: z
    .string({ error: "Please enter an e-mail address." })
    .trim()
    .min(1, "Please enter an e-mail address.")
    .max(254, "The e-mail address must be at most 254 characters.")
    .pipe(z.email("Please enter a valid e-mail address, like name@example.com.")),
  phone: optional("phone number", 30).pipe(
    z
      .string()
      .regex(/^\+?[0-9 ()-]{6,30}$/, "Please enter a phone number using digits, spaces and an optional +, like +27 82 555 0123.")
      .nullable(),
  ),
  address: optional("address", 300),
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

export type UsersListParams = { q: string; page: number };

/** Search and page from the URL; anything odd falls back to no search and page 1. */
export function usersListParams(search: URLSearchParams): UsersListParams {
  const q = searchText(search.get("q"), 100);
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return { q, page: Number.isFinite(page) && page >= 1 ? page : 1 };
}

export const preferredContactLabels: Record<string, string> = { email: "Email", phone: "Phone", whatsapp: "WhatsApp" };

/** "Thandi Nkosi", or SPEC.md's fallback when a name is missing. */
export function contactName(contact: { firstName?: string | null; lastName?: string | null } | null | undefined, fallback = "Unknown User"): string {
  const name = [contact?.firstName, contact?.lastName].map((part) => part?.trim() ?? "").filter(Boolean).join(" ");
  return name || fallback;
}
