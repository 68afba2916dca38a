import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns.ts";
import { blogPostStatuses } from "./enums.ts";

export { blogPostStatuses };


/** The built-in blog store (docs/product.md §4.7, docs/decisions/006); Contentful is the other source. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    intro: text("intro").notNull(),
    /** Markdown; sanitised when rendered. */
    body: text("body").notNull().default(""),
    tag: text("tag").notNull().default("Uncategorized"),
    /** Path of the hero image, served by the site: an upload (/uploads/…, in uploaded_images) or a file in public/. */
    heroImage: text("hero_image"),
    heroImageAlt: text("hero_image_alt"),
    status: text("status", { enum: blogPostStatuses }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("blog_posts_published_idx").on(table.status, table.publishedAt),
    check("blog_posts_status_check", sql`${table.status} in ('draft', 'published')`),
  ],
);
