import { blogFeedLink } from "~/features/blog/feed-link.ts";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { brand } from "~/content/site.ts";
import { blogErrorCopy, BlogPostError } from "~/features/blog/components/blog-errors.tsx";
import { BlogPostView } from "~/features/blog/components/blog-post-view.tsx";
import { absoluteUrl, blogPostingJsonLd, shareImage } from "~/features/blog/json-ld.ts";
import { metaDescription } from "~/features/blog/rules.ts";
import { blogPostPage, BlogUnavailableError } from "~/features/blog/service.server.ts";
import { nextSeminarForCards } from "~/features/seminars/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, serializeJsonLd, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/blog-post";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

/** The blog feed, discoverable from this page too. */
export const links: Route.LinksFunction = () => [blogFeedLink];

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const page = loaderData;
  if (!page) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${notFound ? blogErrorCopy.postNotFound : blogErrorCopy.postFailed} | ${brand.name}` }, { name: "robots", content: "noindex" }];
  }
  const { post, canonicalPath } = page;
  const siteUrl = siteUrlFrom(matches);
  const image = shareImage(post.heroImage);
  const tags = pageMeta(siteUrl, {
    title: post.seoTitle ?? post.title,
    description: metaDescription(post),
    path: canonicalPath,
    image: image.startsWith("/") ? image : undefined,
    type: "article",
  });
  // pageMeta joins the site address and a path; a Contentful image is already absolute.
  const withImage = image.startsWith("/") ? tags : tags.map((tag) => ("property" in tag && tag.property === "og:image" ? { ...tag, content: absoluteUrl(siteUrl, image) } : tag));
  return [
    ...withImage,
    { property: "article:published_time", content: post.date },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:section", content: post.tag },
  ];
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const [page, nextSeminar] = await Promise.all([
    blogPostPage(runtime, params.postId).catch((error: unknown) => {
      if (error instanceof BlogUnavailableError) throw data(null, { status: 503 });
      throw error;
    }),
    nextSeminarForCards(runtime.db),
  ]);
  if (!page) throw data(null, { status: 404 });
  // An old or mistyped slug: one permanent redirect to the post's address (the query stays).
  if (params.slug !== undefined && params.slug !== page.post.slug) {
    throw redirect(`${page.canonicalPath}${new URL(request.url).search}`, 301);
  }
  const { siteUrl } = runtime.settings;
  return {
    ...page,
    url: `${siteUrl}${page.canonicalPath}`,
    nextSeminar,
    jsonLd: serializeJsonLd(blogPostingJsonLd(page.post, page.canonicalPath, siteUrl)),
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related, nextSeminar, url, jsonLd } = loaderData;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <BlogPostView post={post} related={related} nextSeminar={nextSeminar} url={url} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <BlogPostError notFound={notFound} />;
}
