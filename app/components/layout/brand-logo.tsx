import { clsx } from "clsx";

/** The Thula mark (the swallow of the favicon, social image and videos) and the word mark "Thula Relocations". */
type Props = {
  tone?: "dark" | "light";
  className?: string;
  /** e.g. to keep only the mark where the navbar is tight. */
  wordmarkClassName?: string;
};

export function BrandLogo({ tone = "dark", className, wordmarkClassName }: Props) {
  return (
    <span className={clsx("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 100 100" className="size-9 shrink-0" aria-hidden="true" focusable="false">
        <rect width="100" height="100" rx="22" fill={tone === "light" ? "#ffffff" : "#0f2140"} />
        <path
          transform="translate(2 4) rotate(-10 50 50)"
          fill={tone === "light" ? "#0f2140" : "#f2b01e"}
          d="M89 38C86 33.5 80 30 74 31.5C64 20 46 11 16 9C36 19 50 31 55 42C44 48 28 52 6 52C22 56.5 32 59 39 60.5C30 66 20 74 10 84C28 77 46 68 62 58C74 51 82 44 89 38Z"
        />
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
