import { load, timedGet, type LoadResult } from "./support.ts";

// Page throughput for one running site: a hashed asset as the yardstick, then each public page
// three ways. What a cache may answer and what it may not is decided by the request alone:
//  - first render: an address no one asked for before (a query parameter unique to each
//    request, which every page ignores), so no cache keyed on the address can answer it;
//  - repeat view, 304: the same address with the page's ETag in If-None-Match, as a browser
//    holding the page asks (docs/decisions/009);
//  - repeat view, 200: the same address without a validator, as another visitor asks.

export type Page = { label: string; path: string };

export type PageFigures = Page & { coldMs: number; coldStatus: number; first: LoadResult; revalidated: LoadResult; again: LoadResult; etag: boolean };

export type SiteFigures = { staticPath: string; staticFile: LoadResult; pages: PageFigures[] };

/** A query parameter no page reads: makes each request an address of its own. */
function freshAddress(url: string, n: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}bench-first=${n}`;
}

/** The stylesheet the home page links: a hashed, immutable file under /assets/. */
function hashedAsset(homeHtml: string): string {
  const asset = /href="(\/assets\/[^"#?]+\.css)[^"]*"/.exec(homeHtml)?.[1] ?? /src="(\/assets\/[^"#?]+\.js)[^"]*"/.exec(homeHtml)?.[1];
  if (!asset) throw new Error("The home page links no hashed asset under /assets/");
  return asset;
}

export async function measurePages(siteUrl: string, pages: Page[]): Promise<SiteFigures> {
  // The first request to each address after the start, before any warm-up: one sample each.
  const cold = new Map<string, Awaited<ReturnType<typeof timedGet>>>();
  for (const page of pages) cold.set(page.path, await timedGet(`${siteUrl}${page.path}`));
  const home = cold.get("/") ?? (await timedGet(`${siteUrl}/`));
  const staticPath = hashedAsset(home.text);

  for (const path of [staticPath, ...pages.map((page) => page.path)]) await load(`${siteUrl}${path}`, { seconds: 1, connections: 4 });
  const staticFile = await load(`${siteUrl}${staticPath}`);

  const figures: PageFigures[] = [];
  for (const page of pages) {
    const url = `${siteUrl}${page.path}`;
    const first = await load((n) => freshAddress(url, n));
    const etag = (await timedGet(url)).headers.get("etag");
    const revalidated = await load(url, { headers: etag ? { "if-none-match": etag } : {}, expectStatus: 304 });
    const again = await load(url);
    figures.push({ ...page, coldMs: cold.get(page.path)!.ms, coldStatus: cold.get(page.path)!.status, first, revalidated, again, etag: etag !== null });
  }
  return { staticPath, staticFile, pages: figures };
}
