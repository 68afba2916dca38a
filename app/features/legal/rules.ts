import { legalDocumentIds } from "~/content/legal.ts";
import type { LegalDocumentId } from "~/content/types.ts";

/** The tab shown when the URL names none (docs/product.md §2.15). */
export const DEFAULT_LEGAL_DOCUMENT: LegalDocumentId = "privacy";

export function isLegalDocumentId(value: unknown): value is LegalDocumentId {
  return typeof value === "string" && (legalDocumentIds as readonly string[]).includes(value);
}
