import { runtimeContext } from "~/lib/runtime.server.ts";
import { sitemapXml, staticSitemapPaths } from "~/features/seo/sitemap.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(runtimeContext).settings;
  const body = sitemapXml(siteUrl, staticSitemapPaths.map((path) => ({ path })));
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
