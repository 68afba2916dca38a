import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState } from "react";
import type { SeatHeld } from "../actions.ts";
import { PaymentPanel } from "./payment-panel.tsx";

type Props = {
  hold: SeatHeld;
  seminarTitle: string;
  /** Where focus goes when the dialog closes (it opened by itself, so there is no trigger). */
  returnFocusTo: string;
};

/**
 * The payment dialog that opens once the seat is held (Radix: focus trapped, Escape closes,
 * the page behind is inert). Closing it keeps the hold; the same panel stays on the page.
 */
export function PaymentDialog({ hold, seminarTitle, returnFocusTo }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0" />
        <RadixDialog.Content
          aria-describedby="payment-dialog-description"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(returnFocusTo)?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl transition duration-200 focus:outline-none starting:scale-95 starting:opacity-0 sm:p-8"
        >
          <PaymentPanel
            hold={hold}
            seminarTitle={seminarTitle}
            idPrefix="payment-dialog"
            renderTitle={({ className, children }) => (
              // Radix names the dialog with the id it gives its Title.
              <RadixDialog.Title className={`pr-10 ${className}`}>
                {children}
              </RadixDialog.Title>
            )}
          />
          <RadixDialog.Close className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-ink-800 hover:bg-ink-50">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
