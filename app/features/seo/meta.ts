import type { MetaDescriptor } from "react-router";
import { brand } from "~/content/site.ts";

export type PageSeo = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/about". */
  path: string;
  image?: string;
  type?: "website" | "article";
};

/** Title, description, canonical URL and Open Graph tags for a page. */
export function pageMeta(siteUrl: string, page: PageSeo): MetaDescriptor[] {
  const title = page.path === "/" ? page.title : `${page.title} | ${brand.name}`;
  const url = `${siteUrl}${page.path}`;
  const image = `${siteUrl}${page.image ?? "/media/og-default.png"}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

type RootData = { siteUrl: string };

/** The site URL from the root loader, for `meta` functions. */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return root?.siteUrl ?? "";
}

/**
 * JSON for a <script type="application/ld+json">: "<" becomes \u003c so no string in the
 * data can close the script element, and the JS line separators are escaped too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
