import type { z } from "zod";
import type { FormFailure } from "./action-result.ts";
import { UserFacingError, ValidationError } from "./errors.ts";
import { checkValues, CORRECT_FIELDS } from "./field-errors.ts";


/** Forms are small; anything bigger is refused before it is parsed. */
export const MAX_FORM_BYTES = 64 * 1024;

export class PayloadTooLargeError extends UserFacingError {
  override name = "PayloadTooLargeError";
  constructor() {
    super("That form is too large to send. Please shorten your message and try again.", 413);
  }
}

// PostgreSQL text cannot hold NUL, and no person types control characters into a form.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The form with control characters removed from every key and text value (files kept as they are). */
export function withoutControlCharacters(form: FormData): FormData {
  const cleaned = new FormData();
  for (const [key, value] of form) {
    const name = key.replace(controlCharacters, "");
    if (typeof value === "string") cleaned.append(name, value.replace(controlCharacters, ""));
    else cleaned.append(name, value);
  }
  return cleaned;
}

/**
 * Reads an urlencoded or multipart form, refusing bodies over the limit without buffering
 * them, with control characters removed.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new PayloadTooLargeError();
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  const body = new Blob(chunks as BlobPart[]);
  try {
    return withoutControlCharacters(await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData());
  } catch {
    throw new UserFacingError("The form could not be read. Please try again.", 400);
  }
}

export type FormSuccess<T> = { ok: true; data: T };

/** A password is never sent back in a page, nor kept for a refill (browsers do not refill one either). */
const isPasswordField = (key: string) => /password/i.test(key);

/** The submitted values as strings, to refill the form after an error (nothing is lost but passwords). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent" && !isPasswordField(key)) values[key] = value.slice(0, 5000);
  return values;
}

/** Validates a form with its zod schema; failures carry a message per field and the values sent. */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): FormSuccess<z.output<Schema>> | FormFailure {
  const checked = checkValues(schema, formFields(form));
  if (checked.ok) return checked;
  return { ok: false, message: CORRECT_FIELDS, fieldErrors: checked.fieldErrors, values: formValues(form) };
}

/** The form's data if its schema accepts it; otherwise a ValidationError with a message per field. */
export function validForm<Schema extends z.ZodType>(form: FormData, schema: Schema): z.output<Schema> {
  const parsed = parseForm(form, schema);
  if (!parsed.ok) throw new ValidationError(parsed.message, parsed.fieldErrors);
  return parsed.data;
}

/** The form's text fields as the schema reads them: one value, or a list when a name repeats. */
function formFields(form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string");
    raw[key] = values.length > 1 ? values : values[0];
  }
  return raw;
}

/**
 * The version of the record an edit form was opened on (its hidden `version` field): a whole
 * number from 1; undefined when missing or odd, which the use case refuses like a stale edit.
 */
export function editedVersion(form: FormData): number | undefined {
  const value = form.get("version");
  if (typeof value !== "string" || !/^[1-9][0-9]{0,8}$/.test(value)) return undefined;
  return Number(value);
}
