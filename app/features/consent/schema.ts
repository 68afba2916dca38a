import { z } from "zod";
import { consentChoices } from "./consent.ts";

// The cookie banner's and the preferences' form (POST /consent), validated by the action.
// The components post to it without importing this module (it pulls zod into every page):
// the paths, the choices and what each records live in consent.ts.

const checkbox = z.literal("on").optional();

export const consentFormSchema = z.object({
  choice: z.enum(consentChoices, { error: "Please choose which cookies to allow." }),
  analytics: checkbox,
  marketing: checkbox,
  returnTo: z.string().max(2000).optional(),
});

export type ConsentForm = z.output<typeof consentFormSchema>;

const BASE = "http://same-origin.invalid";

/**
 * A same-origin path to send the visitor back to, or "/". Only a path of this site: never
 * another host ("//evil.example", "/\\evil.example", "https://…"), never a script URL.
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Control characters and backslashes are never in a path this site writes.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
