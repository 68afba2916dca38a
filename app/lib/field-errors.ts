import type { z } from "zod";
import type { FieldErrors } from "./errors.ts";

// Browser-safe: a form's values checked with its zod schema, the messages grouped by field.
// The server (parseForm) and the browser (before sending) call the same function with the
// same schema, so a visitor sees the same messages either way.

export type Checked<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** The schema's verdict on these values: the parsed data, or the messages of each field. */
export function checkValues<Schema extends z.ZodType>(schema: Schema, values: unknown): Checked<z.output<Schema>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { ok: false, fieldErrors };
}

/** What every refused form says above its fields. */
export const CORRECT_FIELDS = "Please correct the highlighted fields.";
