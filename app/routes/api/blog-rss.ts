import { rssXml } from "~/features/blog/feed.ts";
import { BlogUnavailableError, feedPosts } from "~/features/blog/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/blog-rss";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  try {
    const posts = await feedPosts(runtime);
    return new Response(rssXml(runtime.settings.siteUrl, posts), {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
    });
  } catch (error) {
    if (!(error instanceof BlogUnavailableError)) throw error;
    return new Response("The blog feed is unavailable. Please try again later.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300", "Cache-Control": "no-store" },
    });
  }
}
