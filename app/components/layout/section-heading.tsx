import { clsx } from "clsx";

export type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  heading: string;
  body?: string;
  tone?: "light" | "dark";
  align?: "start" | "center";
  className?: string;
  /** The heading can take focus (a skip target such as 'View Upcoming Events'). */
  focusable?: boolean;
  /** Added to the h2's classes. */
  headingClassName?: string;
};

/** Eyebrow, h2 and an optional lead paragraph, as every landing section opens. */
export function SectionHeading({ id, eyebrow, heading, body, tone = "light", align = "start", className, focusable = false, headingClassName }: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={clsx("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      <p className={clsx("text-sm font-semibold tracking-[0.18em] uppercase", dark ? "text-sun-300" : "text-ink-600")}>{eyebrow}</p>
      <h2 id={id} tabIndex={focusable ? -1 : undefined} className={clsx("mt-3 text-3xl font-semibold", headingClassName, "sm:text-4xl", dark ? "text-white" : "text-ink-950")}>
        {heading}
      </h2>
      {body && <p className={clsx("mt-4 text-lg leading-relaxed", dark ? "text-ink-100" : "text-ink-700")}>{body}</p>}
    </div>
  );
}
