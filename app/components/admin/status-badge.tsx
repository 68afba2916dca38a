import { clsx } from "clsx";
import type { ReactNode } from "react";

export type BadgeTone = "green" | "amber" | "red" | "grey" | "blue";

// Text on tint, each pair above 4.5:1 (WCAG AA); the dot repeats the colour for scanning.
const tones: Record<BadgeTone, { badge: string; dot: string }> = {
  green: { badge: "bg-veld-100 text-veld-700", dot: "bg-veld-600" },
  amber: { badge: "bg-amber-100 text-amber-900", dot: "bg-amber-500" },
  red: { badge: "bg-red-100 text-red-800", dot: "bg-red-600" },
  grey: { badge: "bg-ink-100 text-ink-800", dot: "bg-ink-500" },
  blue: { badge: "bg-sky-100 text-sky-900", dot: "bg-sky-600" },
};

/** A small status pill: the words carry the meaning, the colour helps scanning. */
export function StatusBadge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", tones[tone].badge, className)}>
      <span aria-hidden="true" className={clsx("size-1.5 rounded-full", tones[tone].dot)} />
      {children}
    </span>
  );
}
