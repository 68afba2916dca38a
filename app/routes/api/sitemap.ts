import { runtimeContext } from "~/lib/runtime.server.ts";
import { blogSitemapEntries } from "~/features/blog/service.server.ts";
import { seminarSitemapEntries } from "~/features/seminars/events/sitemap.server.ts";
import { sitemapXml, staticSitemapPaths } from "~/features/seo/sitemap.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const { siteUrl } = runtime.settings;
  const [posts, seminars] = await Promise.all([blogSitemapEntries(runtime), seminarSitemapEntries(runtime.db)]);
  const body = sitemapXml(siteUrl, [...staticSitemapPaths.map((path) => ({ path })), ...seminars, ...posts]);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
