import { ArrowLeft, CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { NextSeminarCard } from "~/features/seminars/events/components/next-seminar-card.tsx";
import type { NextSeminar } from "~/features/seminars/types.ts";
import { formatLongDate } from "~/lib/format.ts";
import { blogPostCopy } from "../copy.ts";
import { blogPostPath, heroImageSrcSet, postDay, READ_TIME_LABEL } from "../rules.ts";
import type { BlogCardPost, BlogPost } from "../types.ts";
import { BLOG_PLACEHOLDER_IMAGE, BlogPostCard } from "./blog-card.tsx";
import { BlogProse } from "./blog-prose.tsx";
import { BookConsultationCard } from "./book-consultation-card.tsx";
import { ShareButton } from "./share-button.tsx";

type Props = {
  post: BlogPost;
  related: readonly BlogCardPost[];
  nextSeminar: NextSeminar | null;
  /** Absolute address of the post, for sharing. */
  url: string;
};

/** A blog post (docs/product.md §2.8): header, hero, body, sharing, the two offers and related articles. */
export function BlogPostView({ post, related, nextSeminar, url }: Props) {
  const day = postDay(post.date);
  return (
    <main id="main">
      <article>
        <header className="relative isolate overflow-hidden bg-ink-950 px-5 pt-10 pb-28 text-white sm:pt-14 sm:pb-36 lg:px-8">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(46rem_26rem_at_90%_0%,rgba(242,176,30,0.18),transparent_60%),radial-gradient(40rem_30rem_at_0%_100%,rgba(52,80,125,0.5),transparent_65%)]"
          />
          <div className="mx-auto max-w-4xl">
            <Link to="/blog" className="inline-flex items-center gap-2 rounded-full text-sm font-semibold text-sun-300 hover:text-sun-100">
              <ArrowLeft aria-hidden="true" className="size-4" />
              {blogPostCopy.backToBlog}
            </Link>
            <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-100">
              <span className="rounded-full bg-sun-100 px-3 py-1 text-xs font-semibold text-ink-900">{post.tag}</span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={post.date}>{formatLongDate(day) ?? day}</time>
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {READ_TIME_LABEL}
              </span>
            </div>
            <h1 className="mt-5 text-4xl leading-tight font-semibold sm:text-5xl">{post.title}</h1>
            <p className="mt-6 text-lg leading-relaxed text-ink-100 sm:text-xl">{post.intro}</p>
          </div>
        </header>

        <div className="relative z-10 mx-auto -mt-20 max-w-5xl px-5 sm:-mt-28 lg:px-8">
          <img
            src={post.heroImage || BLOG_PLACEHOLDER_IMAGE}
            srcSet={heroImageSrcSet(post.heroImage)}
            sizes="(min-width: 1024px) 64rem, 100vw"
            alt={post.heroImageAlt ?? ""}
            width={1600}
            height={900}
            fetchPriority="high"
            className="aspect-video w-full rounded-2xl bg-ink-100 object-cover shadow-xl"
          />
        </div>

        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
          <div className="min-w-0">
            <BlogProse html={post.bodyHtml} />
            <div className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-ink-100 pt-8">
              <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-ink-900 underline-offset-4 hover:underline">
                <ArrowLeft aria-hidden="true" className="size-4" />
                {blogPostCopy.backToBlog}
              </Link>
              <ShareButton title={post.title} text={post.intro} url={url} />
            </div>
          </div>
          <aside aria-label="Next steps" className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
            <BookConsultationCard />
            <NextSeminarCard seminar={nextSeminar} headingLevel="h2" emptyText="Check our schedule for upcoming seminars." />
          </aside>
        </div>
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="render-lazily bg-ink-50 py-14 sm:py-20">
          <div className="mx-auto max-w-6xl px-5 lg:px-8">
            <h2 id="related-heading" className="text-3xl font-semibold text-ink-950">
              {blogPostCopy.relatedHeading}
            </h2>
            <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {related.map((other) => (
                <li key={other.id}>
                  <BlogPostCard variant="compact" post={other} href={blogPostPath(other)} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </main>
  );
}
