import { legalDocumentIds } from "~/content/legal.ts";
import type { LegalDocumentId } from "~/content/types.ts";

/** The tab shown when the URL names none (SPEC.md §2 /legal). */
export const DEFAULT_LEGAL_DOCUMENT: LegalDocumentId = "privacy";

export function isLegalDocumentId(value: unknown): value is LegalDocumentId {
  return typeof value === "string" && (legalDocumentIds as readonly string[]).includes(value);
}
