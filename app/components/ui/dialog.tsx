import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { X } from "lucide-react";
import { useRef, type ComponentProps, type ReactNode } from "react";

// Accessible dialogs (Radix: focus trapped and returned, Escape and backdrop click close,
// page scroll locked, the rest of the page hidden from assistive technology).

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type ContentProps = ComponentProps<typeof RadixDialog.Content> & {
  /** "centered": a card over a dimmed page. "fullscreen": covers the whole window. */
  layout?: "centered" | "fullscreen";
  /** Colours of the panel and its close button. */
  tone?: "light" | "dark";
  closeLabel?: string;
  children: ReactNode;
};

export function DialogContent({
  layout = "centered",
  tone = "light",
  closeLabel = "Close",
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ContentProps) {
  const dark = tone === "dark";
  // Radix gives focus back only to its own Trigger; a dialog opened another way (a link to
  // ?edit=<id>, a form's answer) gives it back to whatever had it when the dialog opened.
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay
        data-dialog-backdrop=""
        className={clsx(
          "fixed inset-0 z-50 transition-opacity duration-200 starting:opacity-0",
          layout === "centered" ? "bg-ink-950/80 backdrop-blur-sm" : "bg-ink-950",
        )}
      />
      <RadixDialog.Content
        className={clsx(
          "fixed z-50 transition duration-200 focus:outline-none starting:opacity-0",
          layout === "centered"
            ? "top-1/2 left-1/2 max-h-[92vh] w-[min(94vw,60rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl shadow-2xl starting:scale-95"
            : "inset-0 overflow-y-auto overscroll-contain starting:translate-y-4",
          dark ? "bg-ink-950 text-white" : "bg-white text-ink-900",
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const element = opener.current;
          opener.current = null;
          if (event.defaultPrevented || !(element instanceof HTMLElement) || element === document.body || !element.isConnected) return;
          event.preventDefault();
          element.focus();
        }}
        {...props}
      >
        <RadixDialog.Close
          className={clsx(
            // First in the document, so it is the first stop for the keyboard.
            "top-3 right-3 z-10 inline-flex size-11 cursor-pointer items-center justify-center rounded-full transition-colors",
            layout === "centered" ? "absolute" : "fixed",
            dark ? "bg-white/10 text-white hover:bg-white/20" : "bg-ink-900/80 text-white hover:bg-ink-900",
          )}
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </RadixDialog.Close>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={clsx("font-display text-2xl font-semibold tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={clsx("text-base", className)} {...props} />;
}
