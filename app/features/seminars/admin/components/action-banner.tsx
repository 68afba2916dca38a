import { clsx } from "clsx";
import { X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

type Props = {
  /** Where closing goes: this page's URL without the modal's parameter. */
  closedHref: string;
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg";
  children: ReactNode;
};

const widths = { sm: "max-w-[30rem]", md: "max-w-[40rem]", lg: "max-w-[64rem]" } as const;

/**
 * A modal opened by the URL (?create=1, ?edit=<id>, ?attendees=<id>), so it is still open
 * after a form post and a reload. With JavaScript it is the admin dialog (focus trapped,
 * Escape, backdrop and X close it); before that, or without JavaScript, the same content
 * is drawn on the page as an overlay with a 'Close' link.
 */
export function UrlModal({ closedHref, title, description, size = "md", children }: Props) {
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
        size={size === "lg" ? "lg" : size}
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

/** A failed action inside a modal: its headline ('Failed to add attendee', docs/product.md §3.6, §10.3) and what went wrong. */
export function ActionBanner({ title, message, className }: { title: string; message: string; className?: string }) {
  return (
    <div role="alert" className={clsx("rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800", className)}>
      <p className="font-semibold">{title}</p>
      {message !== title ? <p className="mt-0.5">{message}</p> : null}
    </div>
  );
}
