import { SectionHeading, type SectionHeadingProps } from "~/components/layout/section-heading.tsx";

/** A section opening on the seminar pages, whose headings never show a focus outline. */
export function SectionIntro(props: Omit<SectionHeadingProps, "headingClassName">) {
  return <SectionHeading {...props} headingClassName="focus:outline-none" />;
}
