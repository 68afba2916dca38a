import type { Db } from "#db/client.ts";
import type { ConsultationType } from "#db/schema/enums.ts";
import { HONEYPOT_FIELD, isHoneypotFilled } from "~/features/abuse/honeypot.ts";
import { consumeRateLimit, publicFormLimit } from "~/features/abuse/service.server.ts";
import { RateLimitedError, UserFacingError, ValidationError } from "~/lib/errors.ts";
import { formValues, withoutControlCharacters, parseForm } from "~/lib/forms.server.ts";
import { log } from "~/lib/log.server.ts";
import type { BookingResult } from "./booking-form.ts";
import { consultationFormSchema } from "./schema.ts";
import { requestConsultation } from "./service.server.ts";

export type ConsultationSubmission = {
  /** The HTTP status the page answers with: 200, or the 4xx of what the visitor can fix. */
  status: 200 | UserFacingError["status"];
  body: BookingResult;
  retryAfterSeconds?: number;
};

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
 * then the booking. Anything a visitor can cause comes back as a result with its status;
 * anything else is a bug and is thrown for the route to log.
 */
export async function submitConsultation(db: Db, { type, form: raw, clientIp, siteUrl, now }: SubmitInput): Promise<ConsultationSubmission> {
  const form = withoutControlCharacters(raw);
  const values = refillValues(form);
  try {
    await consumeRateLimit(db, publicFormLimit, clientIp, now);
    if (isHoneypotFilled(form)) {
      log.info("Booking form honeypot filled: answered as a success, nothing saved", { form: `consultation-${type}` });
      return success(type, typeof form.get("email") === "string" ? String(form.get("email")).trim() : "");
    }
    const parsed = parseForm(form, consultationFormSchema);
    if (!parsed.ok) return { status: 422, body: { ...parsed, values } };
    await requestConsultation(db, { type, form: parsed.data }, { siteUrl });
    return success(type, parsed.data.email);
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return {
      status: error.status,
      body: { ok: false, message: error.message, fieldErrors: error instanceof ValidationError ? error.fieldErrors : {}, values },
      retryAfterSeconds: error instanceof RateLimitedError ? error.retryAfterSeconds : undefined,
    };
  }
}

function success(type: ConsultationType, email: string): ConsultationSubmission {
  return { status: 200, body: { ok: true, type, email } };
}

/** What the form is refilled with after an error: everything typed, except the honeypot. */
export function refillValues(form: FormData): Record<string, string> {
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = formValues(form);
  return values;
}

