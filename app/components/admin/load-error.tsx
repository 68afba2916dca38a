import { CircleAlert, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * 'Try Again': reloads the page. A GET form for the same address (works without
 * JavaScript); with JavaScript a real reload, so a failed loader runs again.
 */
export function TryAgainButton({ label = "Try Again" }: { label?: string }) {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)];
  return (
    <form
      method="get"
      action={location.pathname}
      onSubmit={(event) => {
        event.preventDefault();
        window.location.reload();
      }}
    >
      {params.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800">
        <RefreshCw aria-hidden="true" className="size-4" />
        {label}
      </button>
    </form>
  );
}

/** A load failure (SPEC.md §8: 'Failed to load users' …) with 'Try Again'. */
export function AdminLoadError({ title, detail }: { title: string; detail?: ReactNode }) {
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
