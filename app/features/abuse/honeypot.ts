// A field people never see (visually hidden, skipped by keyboard and screen readers) that
// form-filling bots do fill in. A filled honeypot is answered like a success and saves nothing.

export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
