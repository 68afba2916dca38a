import type { ConsultationType } from "#db/schema/enums.ts";
import { packages } from "~/content/packages.ts";
import type { FormFailure } from "~/lib/action-result.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { checkValues } from "~/lib/field-errors.ts";
import { consultationFormSchema, slotBookingFormSchema } from "./schema.ts";

// Pure rules of the two booking pages, shared by the route, the form and the server.

/** The order fields appear in, so the error summary lists problems top to bottom. */
export const CONSULTATION_FIELD_ORDER = ["slot", "firstName", "lastName", "email", "phone", "address", "preferredContact", "notes", "preferredTime"] as const;

/** /consultations/book-free is the free call; every other booking address is the paid consultation. */
export function consultationTypeForPath(pathname: string): ConsultationType {
  return /\/book-free\/?$/.test(pathname) ? "free" : "paid";
}

/** The notes a visitor coming from 'Select Package' starts with; nothing for unknown packages. */
export function packageInterestNote(packageId: string | null | undefined): string | undefined {
  const found = packages.find((item) => item.id === packageId);
  return found ? `I'm interested in the ${found.name} package.` : undefined;
}

/** A sent form's success; `when` is the booked time of a slot (a request has none yet). */
export type BookingSuccess = { ok: true; type: ConsultationType; email: string; when?: string };
export type BookingFailure = FormFailure;
export type BookingResult = BookingSuccess | BookingFailure;

/** The browser's check before sending, with the very schema the server uses (the time picker's, when a slot is chosen): empty when valid. */
export function consultationFieldErrors(values: Readonly<Record<string, string>>): FieldErrors {
  const checked = values.booking === "slot" ? checkValues(slotBookingFormSchema, values) : checkValues(consultationFormSchema, values);
  return checked.ok ? {} : checked.fieldErrors;
}

/** The first message of each field with an error, in the order of the form. */
export function orderedFieldErrors(fieldErrors: FieldErrors): Array<{ field: string; message: string }> {
  const known: readonly string[] = CONSULTATION_FIELD_ORDER;
  return Object.entries(fieldErrors)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0)
    .sort(([a], [b]) => rank(known, a) - rank(known, b))
    .map(([field, messages]) => ({ field, message: messages[0]! }));
}

function rank(order: readonly string[], field: string): number {
  const index = order.indexOf(field);
  return index === -1 ? order.length : index;
}
