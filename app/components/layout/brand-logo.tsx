import { clsx } from "clsx";

/** The Thula mark (a sun rising over a path) and the word mark "Thula Relocations". */
type Props = {
  tone?: "dark" | "light";
  className?: string;
  /** e.g. to keep only the mark where the navbar is tight. */
  wordmarkClassName?: string;
};

export function BrandLogo({ tone = "dark", className, wordmarkClassName }: Props) {
  return (
    <span className={clsx("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 40 40" className="size-9 shrink-0" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="11" fill={tone === "light" ? "#ffffff" : "#0f2140"} />
        <circle cx="20" cy="21" r="8" fill="#f2b01e" />
        <rect x="6" y="21" width="28" height="13" rx="0" fill={tone === "light" ? "#ffffff" : "#0f2140"} />
        <path d="M9 24h22" stroke="#f2b01e" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M20 27.5 15 34M20 27.5 25 34" stroke={tone === "light" ? "#0f2140" : "#ffffff"} strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className={clsx("flex flex-col leading-none", wordmarkClassName)}>
        <span className={clsx("font-display text-xl font-semibold tracking-tight", tone === "light" ? "text-white" : "text-ink-900")}>
          Thula
        </span>{" "}
        <span
          className={clsx(
            "mt-0.5 text-[0.65rem] font-semibold tracking-[0.22em] uppercase",
            tone === "light" ? "text-sun-300" : "text-ink-600",
          )}
        >
          Relocations
        </span>
      </span>
    </span>
  );
}
