/** What a blog card needs from a post, whichever content source it came from (docs/decisions/006). */
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

// The one content interface (docs/decisions/006): every page reads posts through a BlogSource,
// whichever source holds them. Public reads only: published posts, displayable ones.

export type ListPostsQuery = {
  /** Title or intro contains this text (case-insensitive). */
  search?: string;
  /** The post's tag is one of these (none: any tag). */
  tags?: readonly string[];
  limit?: number;
};

/** One numbered page of the published posts: a page past the end is the last page. */
export type BlogPostPage = { posts: BlogPostSummary[]; total: number; page: number; pageCount: number };

export interface BlogSource {
  readonly kind: "store" | "contentful";
  /** Newest first. */
  listPosts(query?: ListPostsQuery): Promise<BlogPostSummary[]>;
  /** One page of `pageSize` posts matching the search and tags, newest first, with their total (docs/decisions/032). */
  listPage(query: Omit<ListPostsQuery, "limit">, page: number, pageSize: number): Promise<BlogPostPage>;
  /** null when there is no such published post. */
  getPost(id: string): Promise<BlogPost | null>;
  /** Other posts, newest first, never the post itself. */
  relatedPosts(id: string, limit?: number): Promise<BlogPostSummary[]>;
  /** Tags of the published posts, sorted. */
  listTags(): Promise<string[]>;
}
