import { clsx } from "clsx";
import { BookOpen, LoaderCircle, SearchX } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { blogPostPath } from "../rules.ts";
import type { BlogCardPost } from "../types.ts";
import { BlogPostCard } from "./blog-card.tsx";

type Props = {
  posts: readonly BlogCardPost[];
  /** Every post that matches, on all pages. */
  total: number;
  filtered: boolean;
  /** A new list is on its way (client navigation): the old one dims under a spinner. */
  loading: boolean;
};

/** The /blog results: a grid of cards, or the empty result with 'Clear filters' (docs/product.md §2.7). */
export function BlogResults({ posts, total, filtered, loading }: Props) {
  const count = `${total} ${total === 1 ? "article" : "articles"}`;
  return (
    <div className="relative mt-8" aria-busy={loading}>
      <p role="status" className="text-sm font-medium text-ink-700">
        {loading ? "Loading articles…" : filtered ? `${count} found` : count}
      </p>
      {loading && (
        <div className="absolute inset-x-0 top-16 z-10 flex justify-center">
          <span className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink-900 shadow-lg ring-1 ring-ink-100">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Loading
          </span>
        </div>
      )}
      <div className={clsx("mt-4 transition-opacity", loading && "opacity-50")}>
        {posts.length === 0 ? (
          <EmptyResult filtered={filtered} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogPostCard post={post} href={blogPostPath(post)} headingLevel="h2" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function EmptyResult({ filtered }: { filtered: boolean }) {
  const Icon = filtered ? SearchX : BookOpen;
  return (
    <div className="rounded-2xl border border-dashed border-ink-200 bg-white px-6 py-14 text-center">
      <Icon aria-hidden="true" className="mx-auto size-10 text-ink-500" />
      <h2 className="mt-4 text-2xl font-semibold text-ink-950">{filtered ? "No articles match your search" : "No blog posts available at the moment."}</h2>
      {filtered ? (
        <>
          <p className="mt-2 text-ink-700">Try other words, or fewer topics.</p>
          <Link to="/blog" replace className={buttonClasses("dark", "md", "mt-6")}>
            Clear filters
          </Link>
        </>
      ) : (
        <p className="mt-2 text-ink-700">New guides are on their way. In the meantime, our advisers are happy to answer your questions.</p>
      )}
    </div>
  );
}
