import { data, redirect } from "react-router";
import type { Db } from "#db/client.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import { NotFoundError, UserFacingError, ValidationError } from "~/lib/errors.ts";
import { failureAnswer } from "~/lib/form-answers.server.ts";
import { formValues, parseForm, readForm } from "~/lib/forms.server.ts";
import { claimOffer, leaveWaitlist, offerView } from "./claim.server.ts";
import { waitlistRuntime } from "./runtime.server.ts";
import { offerClaimFormSchema } from "./schema.ts";

// /waitlist/offer/:token: what the signed link shows, and its two forms (pay, leave).

type Runtime = { db: Db; settings: Settings };

export type OfferPageFailure = { ok: false; intent: "pay" | "leave" | "unknown"; message: string; fieldErrors: Record<string, string[] | undefined>; values: Record<string, string> };
export type OfferPageAnswer = OfferPageFailure | { ok: true; intent: "leave" };

export async function loadOfferPage({ db, settings }: Runtime, token: string) {
  try {
    return { offer: await offerView(db, waitlistRuntime(settings), token) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

/** intent=pay: the names, then the checkout (a redirect); intent=leave: the place ends. */
export async function offerPageAction({ db, settings }: Runtime, token: string, request: Request) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failureAnswer(error, { tags: { intent: "unknown" as const } });
  }
  const intent = form.get("intent");
  const rt = waitlistRuntime(settings);
  if (intent === "pay") {
    const values = formValues(form);
    const parsed = parseForm(form, offerClaimFormSchema);
    if (!parsed.ok) return failureAnswer(new ValidationError(parsed.message, parsed.fieldErrors), { values, tags: { intent: "pay" as const } });
    try {
      const { url } = await claimOffer(db, paymentProviderFor(db, settings), rt, token, parsed.data);
      return redirect(url);
    } catch (error) {
      return failureAnswer(error, { values, tags: { intent: "pay" as const } });
    }
  }
  if (intent === "leave") {
    try {
      await leaveWaitlist(db, rt, token);
      return { ok: true as const, intent: "leave" as const };
    } catch (error) {
      return failureAnswer(error, { tags: { intent: "leave" as const } });
    }
  }
  return failureAnswer(new UserFacingError("Sorry, that action is not available on this page.", 400), { tags: { intent: "unknown" as const } });
}
