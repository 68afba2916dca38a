import { describe, expect, it } from "vitest";
import { legalDocumentIds, legalDocuments } from "~/content/legal.ts";
import type { LegalDocumentId } from "~/content/types.ts";
import { idFromHash } from "~/lib/hash-scroll.ts";
import { DEFAULT_LEGAL_DOCUMENT, isLegalDocumentId } from "./rules.ts";

/** How the legal tabs read the URL hash. */
const legalDocumentFromHash = (hash: string): LegalDocumentId | undefined => idFromHash(hash, legalDocumentIds);

describe("the legal tabs", () => {
  it("are Privacy Policy (default), Terms of Service and Cookie Policy, each last updated March 20, 2024", () => {
    expect(legalDocuments.map((document) => [document.id, document.title])).toEqual([
      ["privacy", "Privacy Policy"],
      ["terms", "Terms of Service"],
      ["cookies", "Cookie Policy"],
    ]);
    expect(DEFAULT_LEGAL_DOCUMENT).toBe("privacy");
    for (const document of legalDocuments) {
      expect(document.lastUpdated).toBe("March 20, 2024");
      expect(document.sections.length).toBeGreaterThan(3);
    }
  });

  it("covers both the UK GDPR and POPIA in the privacy policy", () => {
    const text = JSON.stringify(legalDocuments[0]);
    expect(text).toContain("UK GDPR");
    expect(text).toContain("POPIA");
    expect(text).toContain("Information Regulator");
  });
});

describe("the legal tab a hash names", () => {
  it("reads the footer's legal links", () => {
    expect(legalDocumentFromHash("#privacy")).toBe("privacy");
    expect(legalDocumentFromHash("#terms")).toBe("terms");
    expect(legalDocumentFromHash("#cookies")).toBe("cookies");
    expect(legalDocumentFromHash("#Terms")).toBe("terms");
  });

  it("ignores hashes that name no policy", () => {
    expect(legalDocumentFromHash("")).toBeUndefined();
    expect(legalDocumentFromHash("#main")).toBeUndefined();
    expect(legalDocumentFromHash("#cookie")).toBeUndefined();
    expect(legalDocumentFromHash("#%")).toBeUndefined();
    expect(isLegalDocumentId("privacy")).toBe(true);
    expect(isLegalDocumentId("legal")).toBe(false);
  });
});
