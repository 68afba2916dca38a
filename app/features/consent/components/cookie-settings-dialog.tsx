import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog.tsx";
import type { TrackingSetup } from "../setup.ts";
import { ConsentForm } from "./consent-form.tsx";

type Props = { setup: TrackingSetup; open: boolean; onOpenChange(open: boolean): void };

/** The cookie settings as a dialog: from the banner's "Choose" and the footer's "Cookie settings". */
export function CookieSettingsDialog({ setup, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[34rem] p-6 sm:p-8" closeLabel="Close cookie settings">
        <DialogTitle className="pr-12 text-ink-950">Cookie settings</DialogTitle>
        <DialogDescription className="mt-2 mb-5 text-ink-700">
          Choose which optional cookies we may use. Nothing optional is on until you allow it, and you can change your mind at any time
          with &lsquo;Cookie settings&rsquo; at the bottom of every page.
        </DialogDescription>
        <ConsentForm setup={setup} idPrefix="cookie-dialog" />
      </DialogContent>
    </Dialog>
  );
}
