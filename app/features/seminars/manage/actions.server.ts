import { data } from "react-router";
import type { Db } from "#db/client.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { formValues, parseForm, readForm } from "~/lib/forms.server.ts";
import { bookingOfToken, BookingNotFoundError, cancelBookingOnline, cancelSeatOnline, renameAttendees, type ManagePayments, type ManageSite } from "./manage.server.ts";
import { attendeeNameField, cancelSeatFormSchema, MANAGE_INTENTS, renameFormSchema } from "./schema.ts";

// The manage page's action: reads the form, calls the use case, answers with the page's
// message (ok) or the refusal (its status, message, field errors and the values sent).
// A token that opens nothing is a 404, whatever was posted.

async function answer(intent: string, work: () => Promise<string>) {
  const message = await work();
  return data({ ok: true as const, intent, message });
}

export async function manageBookingAction(db: Db, site: ManageSite, payments: ManagePayments, token: string, request: Request) {
  let values: Record<string, string> = {};
  let intent = "";
  try {
    const { booking } = await bookingOfToken(db, site.links, token);
    const form = await readForm(request);
    values = formValues(form);
    const posted = form.get("intent");
    intent = typeof posted === "string" ? posted : "";
    switch (intent) {
      case MANAGE_INTENTS.rename: {
        const parsed = parseForm(form, renameFormSchema(booking.seats));
        if (!parsed.ok) return invalidAnswer(parsed, { intent });
        const { version, ...fields } = parsed.data as { version: number } & Record<string, string>;
        const names = Array.from({ length: booking.seats }, (_, index) => fields[attendeeNameField(index + 1)] ?? "");
        return await answer(intent, async () => {
          await renameAttendees(db, site, token, { version, names });
          return "The names are saved, and each ticket shows its new name.";
        });
      }
      case MANAGE_INTENTS.cancelSeat: {
        const parsed = parseForm(form, cancelSeatFormSchema);
        if (!parsed.ok) return invalidAnswer(parsed, { intent });
        return await answer(intent, async () => {
          const { message } = await cancelSeatOnline(db, site, payments, token, parsed.data.seat);
          await site.seatsFreed?.(booking.seminarId);
          return message;
        });
      }
      case MANAGE_INTENTS.cancelBooking:
        return await answer(intent, async () => {
          const { message } = await cancelBookingOnline(db, site, payments, token);
          await site.seatsFreed?.(booking.seminarId);
          return message;
        });
      default:
        return data({ ok: false as const, intent, message: "Sorry, that action is not available on this page.", fieldErrors: {}, values }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof BookingNotFoundError) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
    return failureAnswer(error, { values, tags: { intent } });
  }
}
