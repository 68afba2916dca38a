import { blogFeedLink } from "~/features/blog/feed-link.ts";
import { Rss } from "lucide-react";
import { data, useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { BlogFilterForm } from "~/features/blog/components/blog-filter-form.tsx";
import { BlogListError } from "~/features/blog/components/blog-errors.tsx";
import { BlogResults } from "~/features/blog/components/blog-results.tsx";
import { blogPageCopy } from "~/features/blog/copy.ts";
import { blogListPath, hasBlogFilters, noBlogFilters, parseBlogFilters, parseBlogPage } from "~/features/blog/rules.ts";
import { blogListPage, BlogUnavailableError } from "~/features/blog/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/blog";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  const filters = parseBlogFilters(new URLSearchParams(location.search));
  // The page shown (a page past the end shows the last one): each page of the list is its own canonical address.
  const page = loaderData?.page ?? 1;
  const pageCount = loaderData?.pageCount ?? 1;
  const tags = pageMeta(siteUrl, {
    title: `Blog: guides for moving from South Africa to the UK${page > 1 ? ` (page ${page})` : ""}`,
    description: "Practical guides for South Africans moving to the UK: CVs and jobs, renting without a credit history, visas and the right to work, driving, money and your first 30 days.",
    path: blogListPath(noBlogFilters, page),
  });
  const neighbours = [
    ...(page > 1 ? [{ tagName: "link", rel: "prev", href: `${siteUrl}${blogListPath(filters, page - 1)}` }] : []),
    ...(page < pageCount ? [{ tagName: "link", rel: "next", href: `${siteUrl}${blogListPath(filters, page + 1)}` }] : []),
  ];
  // Filtered lists are for visitors; search engines index the one list.
  return [...tags, ...neighbours, ...(hasBlogFilters(filters) ? [{ name: "robots", content: "noindex, follow" }] : [])];
};

export const links: Route.LinksFunction = () => [blogFeedLink];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  try {
    return await blogListPage(context.get(runtimeContext), parseBlogFilters(params), parseBlogPage(params));
  } catch (error) {
    if (error instanceof BlogUnavailableError) throw data(null, { status: 503 });
    throw error;
  }
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, pageCount, tags, filters } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";
  return (
    <main id="main">
      <section aria-labelledby="blog-heading" className="relative isolate overflow-hidden bg-ink-950 px-5 pt-16 pb-16 text-white sm:pt-24 sm:pb-20 lg:px-8">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_28rem_at_85%_10%,rgba(242,176,30,0.2),transparent_60%),radial-gradient(40rem_30rem_at_0%_100%,rgba(52,80,125,0.55),transparent_65%)]"
        />
        <div className="mx-auto max-w-7xl">
          <p className="text-sm font-semibold tracking-[0.18em] text-sun-300 uppercase">{blogPageCopy.eyebrow}</p>
          <h1 id="blog-heading" className="mt-3 max-w-3xl text-4xl font-semibold sm:text-5xl">{blogPageCopy.heading}</h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-100">{blogPageCopy.intro}</p>
          <a href="/blog/rss.xml" className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-sun-300 underline-offset-4 hover:underline">
            <Rss aria-hidden="true" className="size-4" />
            {blogPageCopy.rssLabel}
          </a>
        </div>
      </section>
      <section aria-label="Articles" className="bg-ink-50 py-10 sm:py-14">
        <div className="mx-auto max-w-7xl px-5 lg:px-8">
          <BlogFilterForm filters={filters} tags={tags} />
          <BlogResults posts={posts} total={total} filtered={hasBlogFilters(filters)} loading={loading} />
          <Pagination page={page} pageCount={pageCount} href={(target) => blogListPath(filters, target)} size="lg" className="mt-12 justify-center" />
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <BlogListError />;
}
