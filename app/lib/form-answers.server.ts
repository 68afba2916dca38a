import { data } from "react-router";
import type { AdminActionResult, FormFailure } from "./action-result.ts";
import { BUSY_MESSAGE, BUSY_STATUS } from "./busy.ts";
import { answeredAsBusy, busyHeaders } from "./busy.server.ts";
import { RateLimitedError, StaleEditError, UserFacingError, ValidationError } from "./errors.ts";
import { formValues, readForm } from "./forms.server.ts";
import { errorFields, log } from "./log.server.ts";

// The one way an action answers a form that did not go through. Features return a typed
// result or throw a UserFacingError (lib/errors.ts); this turns either into the HTTP answer:
// its status, its message, the field errors, every value sent (so nothing typed is lost),
// `stale` for an edit someone else's change overtook, and Retry-After when rate limited.
// A database too busy to answer in time is 503 with Retry-After (docs/decisions/018).
// Anything else is a bug: logged, answered 500.

/** What the visitor reads when the failure was ours, not theirs. */
const GENERIC_FAILURE = "Sorry, something went wrong on our side and nothing was saved. Please try again.";

type Tags = Record<string, unknown>;

type FailureOptions<T extends Tags, V> = {
  /** What was sent, to refill the form. */
  values?: V;
  /** What else the page needs to place the answer (the form's intent, the record it acted on…). */
  tags?: T;
  /** The message of an unexpected failure (the error itself is only logged). */
  unexpected?: string;
};

/** A failure (a thrown error, or a form its schema refused) as the action's answer. */
export function failureAnswer<T extends Tags = Record<never, never>, V extends Record<string, string> = Record<string, string>>(
  error: unknown,
  { values = {} as V, tags, unexpected = GENERIC_FAILURE }: FailureOptions<T, V> = {},
) {
  if (error instanceof UserFacingError) {
    const fieldErrors = error instanceof ValidationError ? error.fieldErrors : {};
    const headers = error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    const stale = error instanceof StaleEditError ? { stale: true } : {};
    return data<FormFailure<V> & T>({ ok: false, message: error.message, fieldErrors, values, ...stale, ...(tags as T) }, { status: error.status, headers });
  }
  if (answeredAsBusy(error, tags)) {
    return data<FormFailure<V> & T>({ ok: false, message: BUSY_MESSAGE, fieldErrors: {}, values, ...(tags as T) }, { status: BUSY_STATUS, headers: busyHeaders() });
  }
  // The form's tags (intent, record, headline) say which action failed; the values sent may hold personal data and are never logged.
  log.error("An action failed", { ...tags, message: unexpected, ...errorFields(error) });
  return data<FormFailure<V> & T>({ ok: false, message: unexpected, fieldErrors: {}, values, ...(tags as T) }, { status: 500 });
}

/** A form its schema refused: 422, with the message of each field and the values sent. */
export function invalidAnswer<T extends Tags = Record<never, never>, V extends Record<string, string> = Record<string, string>>(failure: FormFailure<V>, tags?: T) {
  return failureAnswer<T, V>(new ValidationError(failure.message, failure.fieldErrors), { values: failure.values, tags });
}

/**
 * What an admin intent handler returns: a confirmation (with headers to send, e.g. a new
 * session cookie), or a form failure (422). Errors a user can cause are thrown as UserFacingError.
 */
export type AdminOutcome = { ok: true; message: string; target?: string; headers?: Headers } | (FormFailure & { target?: string });

export type IntentHandler = (form: FormData) => Promise<AdminOutcome>;

/**
 * An admin screen's action: reads the form, runs the handler of its `intent`, and answers
 * { ok, message } or the failure through failureAnswer. `fallbacks` gives the message of an
 * unexpected failure per intent (e.g. "Failed to create user"). Call it after
 * requireAdminForAction, never before.
 */
export async function dispatchAdminIntent<Intent extends string>(
  request: Request,
  handlers: Record<Intent, IntentHandler>,
  fallbacks: Partial<Record<Intent, string>> = {},
) {
  type Tags = { intent: string; target?: string };
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failureAnswer<Tags>(error instanceof UserFacingError ? error : new UserFacingError(GENERIC_FAILURE, 400), { tags: { intent: "" } });
  }
  const intent = String(form.get("intent") ?? "");
  const target = typeof form.get("id") === "string" ? String(form.get("id")) : undefined;
  if (!Object.hasOwn(handlers, intent)) return failureAnswer<Tags>(new UserFacingError("Unknown request.", 400), { tags: { intent } });
  try {
    const outcome = await handlers[intent as Intent](form);
    if (outcome.ok) return data<AdminActionResult>({ ok: true, intent, target: outcome.target ?? target, message: outcome.message }, { headers: outcome.headers });
    return invalidAnswer<Tags>(outcome, { intent, target: outcome.target ?? target });
  } catch (error) {
    return failureAnswer<Tags>(error, { values: formValues(form), tags: { intent, target }, unexpected: fallbacks[intent as Intent] });
  }
}
