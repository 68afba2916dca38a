import type { ReactNode } from "react";
import { Tabs, TabsList, TabsNoScript, TabsPanel, TabsTrigger, useHashTab } from "~/components/ui/tabs.tsx";
import { legalDocumentIds, legalDocuments } from "~/content/legal.ts";
import type { LegalDocumentId } from "~/content/types.ts";
import { idFromHash } from "~/lib/hash-scroll.ts";
import { DEFAULT_LEGAL_DOCUMENT } from "../rules.ts";
import { LegalDocumentView } from "./legal-document.tsx";

/**
 * Privacy, terms and cookies as tabs that follow the URL hash: /legal#terms opens the
 * terms, a hash change switches tabs and choosing a tab writes its hash. All three are in
 * the server's HTML, so without JavaScript they show one after another. `cookieSettings`
 * (the visitor's cookie choice and the form to change it) opens the Cookie Policy.
 */
export function LegalTabs({ cookieSettings }: { cookieSettings?: ReactNode } = {}) {
  const { selected, select } = useHashTab((urlHash) => idFromHash(urlHash, legalDocumentIds), DEFAULT_LEGAL_DOCUMENT);
  return (
    <div>
      <TabsNoScript label="Policies on this page" links={legalDocuments.map((document) => ({ id: document.id, label: document.title }))} />
      <Tabs value={selected} onValueChange={(value) => select(value as LegalDocumentId)}>
        <TabsList aria-label="Legal documents" className="grid w-full grid-cols-3 shadow-sm sm:inline-flex sm:w-auto">
          {legalDocuments.map((document) => (
            <TabsTrigger key={document.id} value={document.id} className="leading-tight">
              {document.title}
            </TabsTrigger>
          ))}
        </TabsList>
        {legalDocuments.map((document) => (
          <TabsPanel key={document.id} value={document.id} className="mt-10 rounded-lg">
            {/* The hash target; its margin keeps the tabs in view when the page scrolls to it. */}
            <div id={document.id} className="scroll-mt-44">
              {document.id === "cookies" && cookieSettings}
              <LegalDocumentView document={document} />
            </div>
          </TabsPanel>
        ))}
      </Tabs>
    </div>
  );
}
