import { clsx } from "clsx";

/** A failed action inside a modal: its headline ('Failed to add attendee', docs/product.md §3.6, §10.3) and what went wrong. */
export function ActionBanner({ title, message, className }: { title: string; message: string; className?: string }) {
  return (
    <div role="alert" className={clsx("rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800", className)}>
      <p className="font-semibold">{title}</p>
      {message !== title ? <p className="mt-0.5">{message}</p> : null}
    </div>
  );
}
