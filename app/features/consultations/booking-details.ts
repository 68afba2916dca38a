import type { ConsultationForm } from "./schema.ts";

/** What a booking keeps of the visitor's form: their details as typed (docs/product.md §6.2) and their notes. */
export function bookingDetailsOf(userId: string, form: Pick<ConsultationForm, "firstName" | "lastName" | "email" | "phone" | "address" | "preferredContact" | "notes">) {
  return {
    userId,
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: form.phone,
    address: form.address ?? null,
    preferredContact: form.preferredContact,
    description: form.notes ?? null,
  };
}
