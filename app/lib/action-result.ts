import type { FieldErrors } from "./errors.ts";

// What a form's action answers, browser-safe so the page reading it shares the types.

/**
 * A refused form: one message, a message per field, and every value sent (to refill the form:
 * nothing typed is lost). `stale`: refused because someone else changed the record after the
 * form was opened (docs/decisions/014-no-lost-updates.md).
 */
export type FormFailure<Values = Record<string, string>> = { ok: false; message: string; fieldErrors: FieldErrors; values: Values; stale?: boolean };

/**
 * What every admin action answers (browser-safe, so components can read it):
 * a confirmation, or a refusal with a message, a message per field and the values sent
 * (to refill the form). `intent` names the form that was posted, `target` the record it
 * acted on, so a page with many forms shows each answer next to the right one.
 */
export type AdminActionResult =
  | { ok: true; intent: string; target?: string; message: string }
  | (FormFailure & { intent: string; target?: string });

/** The result when it answers this form (one of these intents, and this record if given). */
export function resultFor(
  result: AdminActionResult | undefined | null,
  intent: string | readonly string[],
  target?: string,
): AdminActionResult | undefined {
  if (!result) return undefined;
  const intents = typeof intent === "string" ? [intent] : intent;
  if (!intents.includes(result.intent)) return undefined;
  if (target !== undefined && result.target !== undefined && result.target !== target) return undefined;
  return result;
}

/** The field errors and sent values of a failed result (empty for a success or none). */
export function failureOf(result: AdminActionResult | undefined): { fieldErrors: FieldErrors; values: Record<string, string>; message?: string; stale: boolean } {
  if (!result || result.ok) return { fieldErrors: {}, values: {}, stale: false };
  return { fieldErrors: result.fieldErrors, values: result.values, message: result.message, stale: result.stale === true };
}
