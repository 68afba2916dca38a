import { legalDocumentIds } from "~/content/legal.ts";
import type { LegalDocumentId } from "~/content/types.ts";

/** The tab shown when the URL names none (docs/product.md §2.15). */
export const DEFAULT_LEGAL_DOCUMENT: LegalDocumentId = "privacy";

export function isLegalDocumentId(value: unknown): value is LegalDocumentId {
  return typeof value === "string" && (legalDocumentIds as readonly string[]).includes(value);
}

/** "#terms" → "terms"; undefined for an empty hash or one that names no policy. */
export function legalDocumentFromHash(hash: string | null | undefined): LegalDocumentId | undefined {
  if (!hash) return undefined;
  let id = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    id = decodeURIComponent(id);
  } catch {
    return undefined;
  }
  id = id.trim().toLowerCase();
  return isLegalDocumentId(id) ? id : undefined;
}
