import { data } from "react-router";
import type { z } from "zod";
import { UserFacingError, type FieldErrors } from "./errors.ts";
import { errorFields, log } from "./log.server.ts";

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

export type FormFailure = { ok: false; message: string; fieldErrors: FieldErrors; values: Record<string, string> };
export type FormSuccess<T> = { ok: true; data: T };

/** The submitted values as strings, to refill the form after an error (nothing is lost). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value.slice(0, 5000);
  return values;
}

/** Validates a form with its zod schema; failures carry a message per field. */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): FormSuccess<z.output<Schema>> | FormFailure {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string");
    raw[key] = values.length > 1 ? values : values[0];
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { ok: false, message: "Please correct the highlighted fields.", fieldErrors, values: formValues(form) };
}

/** A form failure as an action result with its HTTP status (422). */
export function formFailure(failure: FormFailure) {
  return data(failure, { status: 422 });
}

/**
 * Maps what a user can cause to its status and message; anything else is a bug, logged and
 * answered with a generic message (never a stack trace).
 */
export function userErrorResult(error: unknown, values: Record<string, string> = {}) {
  if (error instanceof UserFacingError) {
    return data({ ok: false as const, message: error.message, fieldErrors: {} as FieldErrors, values }, { status: error.status });
  }
  log.error("Unexpected error in an action", errorFields(error));
  return data(
    { ok: false as const, message: "Sorry, something went wrong on our side and nothing was saved. Please try again.", fieldErrors: {} as FieldErrors, values },
    { status: 500 },
  );
}
