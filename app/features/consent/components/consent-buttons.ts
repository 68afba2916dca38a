import { clsx } from "clsx";

// Accept, reject and choose look the same: no choice is pushed on the visitor by design.
const base =
  "inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full px-4 py-2 text-center text-sm leading-tight font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500";

/** On the dark banner. */
export const bannerButtonClasses = clsx(base, "bg-white text-ink-950 hover:bg-sun-300");

/** In the light settings. */
export const settingsButtonClasses = clsx(base, "border-2 border-ink-900 bg-white text-ink-950 hover:bg-ink-900 hover:text-white");
