import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** sm: confirmations; md: forms; lg: details with several sections. */
  size?: "sm" | "md" | "lg";
  /** The element (by id) to focus on opening, when there is one; else the dialog's first control. */
  initialFocusId?: string;
  children: ReactNode;
};

// max-width, not width: the dialog primitive sets its own width, and two width classes would race.
const widths = { sm: "max-w-[min(94vw,30rem)]", md: "max-w-[min(94vw,40rem)]", lg: "max-w-[min(96vw,56rem)]" } as const;

/**
 * An admin modal (Radix: focus trapped and returned, Escape, backdrop click and the X
 * close it). Control `open` from the URL with useUrlModal so it survives a form post.
 */
export function AdminDialog({ open, onOpenChange, title, description, size = "md", initialFocusId, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={clsx(widths[size], "p-5 sm:p-6")}
        {...(description ? {} : { "aria-describedby": undefined })}
        onOpenAutoFocus={(event) => {
          const target = initialFocusId ? document.getElementById(initialFocusId) : null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogTitle className="pr-12 text-xl text-ink-950">{title}</DialogTitle>
        {description ? <DialogDescription className="mt-1 pr-12 text-sm text-ink-700">{description}</DialogDescription> : null}
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
