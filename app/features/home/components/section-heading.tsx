import { clsx } from "clsx";

type Props = {
  id: string;
  eyebrow: string;
  heading: string;
  body?: string;
  tone?: "light" | "dark";
  align?: "start" | "center";
  className?: string;
};

/** Eyebrow, h2 and an optional lead paragraph, as every landing section opens. */
export function SectionHeading({ id, eyebrow, heading, body, tone = "light", align = "start", className }: Props) {
  const dark = tone === "dark";
  return (
    <div className={clsx("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      <p className={clsx("text-sm font-semibold tracking-[0.18em] uppercase", dark ? "text-sun-300" : "text-ink-600")}>{eyebrow}</p>
      <h2 id={id} className={clsx("mt-3 text-3xl font-semibold sm:text-4xl", dark ? "text-white" : "text-ink-950")}>
        {heading}
      </h2>
      {body && <p className={clsx("mt-4 text-lg leading-relaxed", dark ? "text-ink-100" : "text-ink-700")}>{body}</p>}
    </div>
  );
}
