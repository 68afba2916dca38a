import { clsx } from "clsx";
import { X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { AdminDialog } from "./admin-dialog.tsx";

type Props = {
  /** Where closing goes: this page's URL without the dialog's parameter. */
  closedHref: string;
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** The element (by id) to focus on opening, e.g. a form's first field. */
  initialFocusId?: string;
  children: ReactNode;
};

const widths = { sm: "max-w-[30rem]", md: "max-w-[40rem]", lg: "max-w-[64rem]" } as const;

/**
 * A dialog opened by the URL (e.g. ?refund=seminar:<id>), so it is still open after a form
 * post and a reload. With JavaScript it is the admin dialog (focus trapped and returned,
 * Escape, backdrop and X close it); before that, or without JavaScript, the same content is
 * drawn over the page with a 'Close' link, so its form still works.
 */
export function UrlDialog({ closedHref, title, description, size = "md", initialFocusId, children }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  if (hydrated) {
    return (
      <AdminDialog
        open
        onOpenChange={(open) => {
          if (!open) void navigate(closedHref, { replace: true, preventScrollReset: true });
        }}
        title={title}
        description={description}
        size={size}
        initialFocusId={initialFocusId}
      >
        {children}
      </AdminDialog>
    );
  }
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-ink-950/80 p-3 sm:p-6">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={clsx("relative mx-auto my-4 rounded-2xl bg-white p-5 text-ink-900 shadow-2xl sm:p-6", widths[size])}>
        <Link to={closedHref} replace preventScrollReset className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-ink-900/80 text-white hover:bg-ink-900">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </Link>
        <h2 id={titleId} className="pr-12 font-display text-xl font-semibold tracking-tight text-ink-950">
          {title}
        </h2>
        {description ? <p className="mt-1 pr-12 text-sm text-ink-700">{description}</p> : null}
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
