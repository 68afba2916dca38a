import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A confirmation (green, announced politely) or a failure (red, announced at once) after
 * an admin action. Renders nothing without children.
 */
export function AdminNotice({ tone, children, className }: { tone: "success" | "error"; children?: ReactNode; className?: string }) {
  if (!children) return null;
  const success = tone === "success";
  return (
    <p
      role={success ? "status" : "alert"}
      className={clsx(
        "flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium",
        success ? "border-veld-100 bg-veld-100/60 text-veld-700" : "border-red-200 bg-red-50 text-red-800",
        className,
      )}
    >
      {success ? <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}

/** The notice for an action result: its message, green when it worked and red when it did not. */
export function ResultNotice({ result, className }: { result?: { ok: boolean; message: string }; className?: string }) {
  if (!result) return null;
  return (
    <AdminNotice tone={result.ok ? "success" : "error"} className={className}>
      {result.message}
    </AdminNotice>
  );
}
