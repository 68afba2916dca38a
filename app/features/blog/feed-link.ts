import { brand } from "~/content/site.ts";

/** The feed's autodiscovery link, for /, /blog and every post (a route's `links`). */
export const blogFeedLink = { rel: "alternate", type: "application/rss+xml", title: `${brand.name} Blog`, href: "/blog/rss.xml" } as const;
