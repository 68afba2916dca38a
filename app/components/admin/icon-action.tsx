import { clsx } from "clsx";
import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";

type Icon = ComponentType<SVGProps<SVGSVGElement> & { className?: string }>;

const classes = (tone: "default" | "danger") =>
  clsx(
    "inline-flex size-9 items-center justify-center rounded-full transition-colors",
    tone === "danger" ? "text-red-700 hover:bg-red-50" : "text-ink-800 hover:bg-ink-100",
  );

/** A row action as an icon link (opens a URL-driven modal, e.g. ?edit=<id>); `label` is its accessible name. */
export function IconActionLink({ to, icon: IconComponent, label, tone = "default" }: { to: string; icon: Icon; label: string; tone?: "default" | "danger" }) {
  return (
    <Link to={to} preventScrollReset className={classes(tone)} title={label}>
      <IconComponent aria-hidden="true" className="size-4" />
      <span className="sr-only">{label}</span>
    </Link>
  );
}
