/** What a blog card needs from a post, whichever content source it came from (DECISIONS.md §6). */
export type BlogCardPost = {
  id: string;
  slug?: string;
  title: string;
  intro: string;
  tag: string;
  heroImage?: string | null;
  heroImageAlt?: string | null;
  /** ISO date or date-time of publication. */
  date?: string;
};

/** A post as every content source returns it (built-in store or Contentful), ready to show. */
export type BlogPost = {
  id: string;
  /** Readable part of the address, from the title; the id alone finds the post. */
  slug: string;
  title: string;
  /** Plain text (no markup): cards, the post's lead, meta description and the feed. */
  intro: string;
  /** Sanitised HTML of the body: safe to put in the page as it is. */
  bodyHtml: string;
  tag: string;
  heroImage: string | null;
  heroImageAlt: string | null;
  /** ISO date-time the post went public (store: first published; Contentful: created). */
  date: string;
  /** ISO date-time of the last change. */
  updatedAt: string;
  seoTitle: string | null;
  seoDescription: string | null;
};

/** Lists carry everything but the body. */
export type BlogPostSummary = Omit<BlogPost, "bodyHtml">;
