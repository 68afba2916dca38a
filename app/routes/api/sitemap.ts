import { runtimeContext } from "~/lib/runtime.server.ts";
import { blogSitemapEntries } from "~/features/blog/service.server.ts";
import { seminarSitemapEntries } from "~/features/seminars/events/sitemap.server.ts";
import { sitemapAnswer, staticSitemapPaths } from "~/features/seo/sitemap.ts";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: one sitemap, or past SITEMAP_MAX_URLS addresses an index of /sitemap.xml?part=n (docs/decisions/032). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const { siteUrl, sitemapMaxUrls } = runtime.settings;
  const [posts, seminars] = await Promise.all([blogSitemapEntries(runtime), seminarSitemapEntries(runtime.db)]);
  const answer = sitemapAnswer(siteUrl, [...staticSitemapPaths.map((path) => ({ path })), ...seminars, ...posts], sitemapMaxUrls, new URL(request.url).searchParams.get("part"));
  if (answer.status === 404) return new Response("No such sitemap", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=600" } });
  return new Response(answer.xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
