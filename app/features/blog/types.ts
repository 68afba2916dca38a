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
