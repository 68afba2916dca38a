import { clsx } from "clsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "dark" | "light";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  // Dark text on gold: 9:1 contrast.
  primary: "bg-sun-500 text-ink-950 hover:bg-sun-400",
  secondary: "border-2 border-ink-900 text-ink-900 hover:bg-ink-900 hover:text-white",
  ghost: "text-ink-800 hover:bg-ink-100",
  dark: "bg-ink-900 text-white hover:bg-ink-800",
  light: "border-2 border-white text-white hover:bg-white hover:text-ink-900",
};

const sizes: Record<ButtonSize, string> = {
  md: "px-5 py-2.5 text-sm",
  lg: "px-7 py-3.5 text-base",
};

/** Class names for anything that looks like a button (a <button>, a <Link>, an <a>). */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return clsx(base, variants[variant], sizes[size], extra);
}
