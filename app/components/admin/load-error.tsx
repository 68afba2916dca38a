import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useRouteError } from "react-router";
import { TryAgainButton as BaseTryAgainButton } from "~/components/ui/try-again-button.tsx";
import { BUSY_MESSAGE, isBusyError } from "~/lib/busy.ts";

const adminButton =
  "inline-flex cursor-pointer items-center gap-2 rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800";

/** 'Try Again' in the admin's compact style. */
export function TryAgainButton({ label }: { label?: string }) {
  return <BaseTryAgainButton label={label} className={adminButton} />;
}

/** A load failure (docs/product.md §10.3: 'Failed to load users' …) with 'Try Again'. */
export function AdminLoadError({ title, detail }: { title: string; detail?: ReactNode }) {
  // In an error boundary whose loader found the database too busy, say so (docs/decisions/018).
  const busy = isBusyError(useRouteError());
  detail ??= busy ? BUSY_MESSAGE : undefined;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-red-700" />
      <p className="text-lg font-semibold text-red-900">{title}</p>
      {detail ? <p className="max-w-prose text-sm text-red-900">{detail}</p> : null}
      <TryAgainButton />
    </div>
  );
}

/** A calm "nothing here" message, with an optional next step. */
export function EmptyState({ title, detail, children }: { title: string; detail?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="font-semibold text-ink-900">{title}</p>
      {detail ? <p className="text-sm text-ink-700">{detail}</p> : null}
      {children ? <div className="mt-3">{children}</div> : null}
    </div>
  );
}
