import { data, redirect } from "react-router";
import type { Db } from "#db/client.ts";
import type { ConsultationType } from "#db/schema/enums.ts";
import { HONEYPOT_FIELD, isHoneypotFilled } from "~/features/abuse/honeypot.ts";
import { consumeRateLimit, publicFormLimit } from "~/features/abuse/service.server.ts";
import { failureAnswer } from "~/lib/form-answers.server.ts";
import { formValues, validForm, withoutControlCharacters } from "~/lib/forms.server.ts";
import { log } from "~/lib/log.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import type { BookingSuccess } from "./booking-form.ts";
import { ValidationError } from "~/lib/errors.ts";
import { consultationFormSchema, slotBookingFormSchema } from "./schema.ts";
import { requestConsultation } from "./service.server.ts";
import { bookSlot, SlotUnavailableError, type ConsultationSlotSettings } from "./slots/booking.server.ts";
import { meetingTimeText } from "./slots/display.ts";
import { SlotTakenError } from "./slots/slot-queries.server.ts";

type SubmitInput = {
  /** From the address the form was posted to, never from the form itself. */
  type: ConsultationType;
  form: FormData;
  clientIp: string;
  siteUrl: string;
  now?: Date;
};

/**
 * A visitor sends the paid or free booking form: rate limit per client address, then the
 * honeypot (a filled one is answered like a success and saves nothing), then validation,
 * then the booking. What a visitor can cause is thrown as a UserFacingError (rate limited,
 * invalid fields); anything else is a bug.
 */
async function submitConsultation(db: Db, { type, form: raw, clientIp, siteUrl, now }: SubmitInput): Promise<BookingSuccess> {
  const form = withoutControlCharacters(raw);
  await consumeRateLimit(db, publicFormLimit, clientIp, now);
  if (isHoneypotFilled(form)) {
    log.info("Booking form honeypot filled: answered as a success, nothing saved", { form: `consultation-${type}` });
    return { ok: true, type, email: typeof form.get("email") === "string" ? String(form.get("email")).trim() : "" };
  }
  const details = validForm(form, consultationFormSchema);
  await requestConsultation(db, { type, form: details }, { siteUrl });
  return { ok: true, type, email: details.email };
}

/** The booking page's answer to a sent form: the success, or the refusal with everything typed kept. */
export async function answerConsultationForm(db: Db, input: SubmitInput) {
  try {
    return data(await submitConsultation(db, input));
  } catch (error) {
    return failureAnswer(error, { values: refillValues(input.form) });
  }
}

/** What the form is refilled with after an error: everything typed, except the honeypot. */
function refillValues(form: FormData): Record<string, string> {
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = formValues(form);
  return values;
}

type SlotSubmitInput = SubmitInput & { settings: ConsultationSlotSettings; links: LinkSigner };

/** The form posted from the time picker (a hidden field says so): the visitor chose a slot. */
export function isSlotBooking(form: FormData): boolean {
  return form.get("booking") === "slot";
}

/**
 * A visitor books a chosen time: the same checks as the request form, then the slot. A free
 * call answers with its time; a paid consultation's time is held and the visitor goes on to pay.
 * A time taken meanwhile is refused on the time list itself, with everything typed kept.
 */
export async function answerSlotForm(db: Db, { type, form: raw, clientIp, siteUrl, settings, links, now }: SlotSubmitInput) {
  try {
    const form = withoutControlCharacters(raw);
    await consumeRateLimit(db, publicFormLimit, clientIp, now);
    if (isHoneypotFilled(form)) {
      log.info("Booking form honeypot filled: answered as a success, nothing saved", { form: `consultation-slot-${type}` });
      return data<BookingSuccess>({ ok: true, type, email: typeof form.get("email") === "string" ? String(form.get("email")).trim() : "" });
    }
    const details = validForm(form, slotBookingFormSchema);
    const booked = await bookSlot(db, { type, start: details.slot, timeZone: details.timeZone, form: details }, { settings, siteUrl, links, now }).catch((error: unknown) => {
      if (error instanceof SlotTakenError || error instanceof SlotUnavailableError) throw new ValidationError(error.message, { slot: [error.message] });
      throw error;
    });
    if (booked.held) return redirect(`/consultations/pay/${encodeURIComponent(booked.bookingId)}`);
    return data<BookingSuccess>({ ok: true, type, email: booked.email, when: meetingTimeText(booked.startsAt, booked.timeZone) });
  } catch (error) {
    return failureAnswer(error, { values: refillValues(raw) });
  }
}
