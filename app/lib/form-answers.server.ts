import { data } from "react-router";
import { UserFacingError, ValidationError } from "~/lib/errors.ts";
import { formValues, readForm, type FormFailure } from "~/lib/forms.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { AdminActionResult } from "./action-result.ts";

// The server half of the admin action contract (action-result.ts): read the form, run the
// handler of its intent, and answer { ok, message } or a refusal with the right status.
// Call it after requireAdminForAction, never before.

/** What an intent handler returns: a confirmation, or a form failure (422). Errors a user can cause are thrown as UserFacingError. */
export type AdminOutcome = { ok: true; message: string; target?: string } | (FormFailure & { target?: string });

export type IntentHandler = (form: FormData) => Promise<AdminOutcome>;

const GENERIC_FAILURE = "Sorry, something went wrong on our side and nothing was saved. Please try again.";

function answer(result: AdminActionResult, status = 200) {
  return data<AdminActionResult>(result, { status });
}

/**
 * Dispatches on the form's `intent`. `fallbacks` gives the message of an unexpected failure
 * per intent (e.g. "Failed to create user"); the error itself is logged, never shown.
 */
export async function dispatchAdminIntent<Intent extends string>(
  request: Request,
  handlers: Record<Intent, IntentHandler>,
  fallbacks: Partial<Record<Intent, string>> = {},
) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    const message = error instanceof UserFacingError ? error.message : GENERIC_FAILURE;
    return answer({ ok: false, intent: "", message, fieldErrors: {}, values: {} }, error instanceof UserFacingError ? error.status : 400);
  }
  const intent = String(form.get("intent") ?? "");
  const target = typeof form.get("id") === "string" ? String(form.get("id")) : undefined;
  if (!Object.hasOwn(handlers, intent)) {
    return answer({ ok: false, intent, message: "Unknown request.", fieldErrors: {}, values: {} }, 400);
  }
  try {
    const outcome = await handlers[intent as Intent](form);
    if (outcome.ok) return answer({ ok: true, intent, target: outcome.target ?? target, message: outcome.message });
    return answer({ ...outcome, intent, target: outcome.target ?? target }, 422);
  } catch (error) {
    const values = formValues(form);
    if (error instanceof UserFacingError) {
      const fieldErrors = error instanceof ValidationError ? error.fieldErrors : {};
      return answer({ ok: false, intent, target, message: error.message, fieldErrors, values }, error.status);
    }
    log.error("An admin action failed", { intent, ...errorFields(error) });
    return answer({ ok: false, intent, target, message: fallbacks[intent as Intent] ?? GENERIC_FAILURE, fieldErrors: {}, values }, 500);
  }
}
