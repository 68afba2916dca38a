import { clsx } from "clsx";
import { ArrowRight } from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { formatDayMonth, formatShortDate } from "~/lib/format.ts";
import type { BlogCardPost } from "../types.ts";

export const BLOG_PLACEHOLDER_IMAGE = "/media/blog/placeholder.svg";

export type BlogCardProps = {
  tag: string;
  title: string;
  intro: string;
  heroImage?: string | null;
  heroImageAlt?: string | null;
  /** ISO date or date-time. */
  date?: string;
  href: string;
  /** When given, the browser's navigation is prevented and this is called instead. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  variant?: "default" | "compact";
  headingLevel?: "h2" | "h3" | "h4";
};

function calendarDay(date: string | undefined): string | undefined {
  return date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : undefined;
}

/**
 * A blog post teaser (docs/product.md §2.9). The title is the one link; it stretches over
 * the whole card, so the card is one click target and one tab stop.
 */
export function BlogCard({
  tag,
  title,
  intro,
  heroImage,
  heroImageAlt,
  date,
  href,
  onClick,
  variant = "default",
  headingLevel: Heading = "h3",
}: BlogCardProps) {
  const day = calendarDay(date);
  const compact = variant === "compact";
  const shownDate = day ? (compact ? formatDayMonth(day) : formatShortDate(day)) : undefined;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!onClick) return;
    event.preventDefault();
    onClick(event);
  }

  const meta = (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="rounded-full bg-sun-100 px-2.5 py-0.5 text-xs font-semibold text-ink-900">{tag}</span>
      {shownDate && (
        <time dateTime={day} className="text-ink-600">
          {shownDate}
        </time>
      )}
    </div>
  );
  const link = (
    <Link
      to={href}
      onClick={handleClick}
      className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
    >
      {title}
    </Link>
  );
  const image = (
    <img
      src={heroImage || BLOG_PLACEHOLDER_IMAGE}
      alt={heroImageAlt ?? ""}
      width={compact ? 96 : 640}
      height={compact ? 96 : 360}
      loading="lazy"
      decoding="async"
      className={clsx(
        "bg-ink-100 object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none",
        compact ? "size-24 shrink-0 rounded-xl" : "aspect-video w-full",
      )}
    />
  );

  if (compact) {
    return (
      <article
        data-variant="compact"
        className="group relative flex items-center gap-4 rounded-2xl border border-ink-100 bg-white p-3 transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-sun-500"
      >
        <div className="size-24 shrink-0 overflow-hidden rounded-xl">{image}</div>
        <div className="min-w-0">
          {meta}
          <Heading className="mt-2 line-clamp-2 text-base leading-snug font-semibold text-ink-900">{link}</Heading>
        </div>
      </article>
    );
  }

  return (
    <article
      data-variant="default"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-sun-500"
    >
      <div className="overflow-hidden">{image}</div>
      <div className="flex flex-1 flex-col p-6">
        {meta}
        <Heading className="mt-3 line-clamp-2 text-xl leading-snug font-semibold text-ink-900">{link}</Heading>
        <p className="mt-2 line-clamp-3 text-ink-700">{intro}</p>
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-2 self-start pt-5 text-sm font-semibold text-ink-900 group-hover:text-ink-700"
        >
          Read Full Article
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
        </span>
      </div>
    </article>
  );
}

/** A listed post's card: the post's own fields, with the link and layout the list chooses. */
export function BlogPostCard({ post, ...card }: { post: BlogCardPost } & Pick<BlogCardProps, "href" | "variant" | "headingLevel">) {
  return (
    <BlogCard tag={post.tag} title={post.title} intro={post.intro} heroImage={post.heroImage} heroImageAlt={post.heroImageAlt} date={post.date} {...card} />
  );
}
