import { ArrowRight, BookOpen, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { CarouselControls, CarouselViewport, useCarousel } from "~/components/ui/carousel.tsx";
import { Reveal } from "~/components/ui/reveal.tsx";
import { blogIntro, blogPromoStats } from "~/content/home.ts";
import type { BlogCardPost } from "../types.ts";
import { BlogPostCard } from "./blog-card.tsx";

/** The home page shows the three newest posts (docs/product.md §11.5). */
export const HOME_BLOG_POST_COUNT = 3;

type Props = { posts: readonly BlogCardPost[]; error?: string };

export function blogPostHref(post: BlogCardPost): string {
  return `/blog/${encodeURIComponent(post.id)}`;
}

/**
 * The home page's blog section (id "resources"): a swipeable carousel under 768px, a promo
 * card beside the newest post and two compact cards from 768px, with empty and error states.
 */
export function HomeBlogSection({ posts, error }: Props) {
  const shown = posts.slice(0, HOME_BLOG_POST_COUNT);
  return (
    <section id="resources" aria-labelledby="resources-heading" className="render-lazily bg-ink-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <Reveal className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-[0.18em] text-ink-600 uppercase">{blogIntro.eyebrow}</p>
            <h2 id="resources-heading" className="mt-3 text-3xl font-semibold text-ink-950 sm:text-4xl">
              {blogIntro.heading}
            </h2>
            <p className="mt-4 text-lg text-ink-700">{blogIntro.body}</p>
          </div>
          <Link to="/blog" className={buttonClasses("dark", "md", "shrink-0 max-md:hidden")}>
            {blogIntro.viewAllLabel}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Reveal>

        <div className="mt-12">
          {error ? (
            <StateMessage tone="error">{blogIntro.errorText}</StateMessage>
          ) : shown.length === 0 ? (
            <StateMessage>{blogIntro.emptyText}</StateMessage>
          ) : (
            <>
              <MobileBlogCarousel posts={shown} />
              <DesktopBlogGrid posts={shown} />
            </>
          )}
        </div>

        <Link to="/blog" className={buttonClasses("dark", "lg", "mt-10 w-full md:hidden")}>
          {blogIntro.viewAllLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

function StateMessage({ children, tone = "neutral" }: { children: string; tone?: "neutral" | "error" }) {
  return (
    <div
      className={
        tone === "error"
          ? "rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center"
          : "rounded-2xl border border-dashed border-ink-200 bg-white px-6 py-10 text-center"
      }
    >
      <BookOpen aria-hidden="true" className={tone === "error" ? "mx-auto size-8 text-red-700" : "mx-auto size-8 text-ink-500"} />
      <p role={tone === "error" ? "alert" : undefined} className={tone === "error" ? "mt-3 font-medium text-red-800" : "mt-3 text-ink-700"}>
        {children}
      </p>
    </div>
  );
}

function MobileBlogCarousel({ posts }: { posts: readonly BlogCardPost[] }) {
  const carousel = useCarousel(posts.length);
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Latest articles"
      className="md:hidden"
      onKeyDown={carousel.onKeyDown}
      data-testid="blog-carousel"
    >
      <CarouselViewport carousel={carousel} id="home-blog-slides" itemName="article" slideLabels={posts.map((post) => post.title)}>
        {posts.map((post) => (
          <div key={post.id} className="h-full px-1 pb-2">
            <BlogPostCard post={post} href={blogPostHref(post)} />
          </div>
        ))}
      </CarouselViewport>
      <CarouselControls carousel={carousel} controls="home-blog-slides" itemName="article" className="mt-6" />
    </div>
  );
}

function DesktopBlogGrid({ posts }: { posts: readonly BlogCardPost[] }) {
  const [first, ...rest] = posts;
  return (
    <div className="hidden gap-6 md:grid md:grid-cols-2 lg:grid-cols-3" data-testid="blog-grid">
      {/* Content-sized: stretched to the articles' height, the promo showed a band of empty navy in its middle. */}
      <Reveal className="self-start">
        <div className="flex flex-col rounded-2xl bg-ink-900 p-8 text-white" data-testid="blog-promo">
          <div>
            <p className="font-display text-2xl font-semibold">Read before you pack</p>
            <p className="mt-3 text-ink-100">
              Honest answers on UK jobs, rentals, schools, banking and tax, from advisers who made the move themselves.
            </p>
          </div>
          <ul className="mt-8 grid grid-cols-2 gap-4">
            {blogPromoStats.map((stat, position) => {
              const Icon = position === 0 ? BookOpen : Users;
              return (
                <li key={stat.label} className="rounded-xl bg-white/10 p-4">
                  <Icon aria-hidden="true" className="size-5 text-sun-300" />
                  <p className="mt-3 font-display text-3xl font-semibold text-white">{stat.value}</p>
                  <p className="text-sm text-ink-100">{stat.label}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </Reveal>
      {first && (
        <Reveal className="h-full" delayMs={100}>
          <BlogPostCard post={first} href={blogPostHref(first)} />
        </Reveal>
      )}
      {rest.length > 0 && (
        <Reveal className="flex flex-col gap-4 md:col-span-2 lg:col-span-1" delayMs={200}>
          {rest.map((post) => (
            <BlogPostCard key={post.id} variant="compact" post={post} href={blogPostHref(post)} />
          ))}
        </Reveal>
      )}
    </div>
  );
}
