import { z } from "zod";
import { DEFAULT_TAG, MAX_TAG_LENGTH } from "./rules.ts";

// The admin post form (browser-safe): one schema for the editor and its action.

export const POST_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  introMin: 10,
  introMax: 500,
  bodyMax: 100_000,
  tagMax: MAX_TAG_LENGTH,
  altMax: 200,
  seoTitleMax: 70,
  seoDescriptionMax: 160,
} as const;

/** Hero images the site serves itself: an admin upload, or one shipped in public/media/blog. */
const HERO_IMAGE_PATTERN = /^\/(uploads\/blog\/[a-z0-9-]+-1600\.webp|media\/blog\/[a-z0-9-]+\.(svg|png|jpe?g|webp))$/;

const text = z.string().default("");
const optionalLine = (max: number, label: string) =>
  text
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`))
    .transform((value) => (value === "" ? null : value));

export const blogPostInputSchema = z
  .object({
    title: text
      .transform((value) => value.trim().replace(/\s+/g, " "))
      .pipe(
        z
          .string()
          .min(POST_LIMITS.titleMin, `Give the post a title of at least ${POST_LIMITS.titleMin} characters.`)
          .max(POST_LIMITS.titleMax, `The title must be at most ${POST_LIMITS.titleMax} characters.`),
      ),
    intro: text
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(POST_LIMITS.introMin, `Write an intro of at least ${POST_LIMITS.introMin} characters: it shows on every card.`)
          .max(POST_LIMITS.introMax, `The intro must be at most ${POST_LIMITS.introMax} characters.`),
      ),
    body: text
      .transform((value) => value.replace(/\r\n?/g, "\n"))
      .pipe(z.string().max(POST_LIMITS.bodyMax, `The article must be at most ${POST_LIMITS.bodyMax.toLocaleString("en-GB")} characters.`)),
    tag: text
      .transform((value) => value.trim().replace(/\s+/g, " "))
      .pipe(z.string().max(POST_LIMITS.tagMax, `The tag must be at most ${POST_LIMITS.tagMax} characters.`))
      .transform((value) => value || DEFAULT_TAG),
    heroImage: text
      .transform((value) => value.trim())
      .pipe(z.string().refine((value) => value === "" || HERO_IMAGE_PATTERN.test(value), "Upload the image again: that image address is not one of the site's."))
      .transform((value) => (value === "" ? null : value)),
    heroImageAlt: optionalLine(POST_LIMITS.altMax, "The image description"),
    seoTitle: optionalLine(POST_LIMITS.seoTitleMax, "The SEO title"),
    seoDescription: optionalLine(POST_LIMITS.seoDescriptionMax, "The SEO description"),
  })
  .superRefine((post, ctx) => {
    if (post.heroImage && !post.heroImageAlt) {
      ctx.addIssue({ code: "custom", path: ["heroImageAlt"], message: "Describe the image for readers who cannot see it (alt text)." });
    }
  });

export type BlogPostInput = z.output<typeof blogPostInputSchema>;

export const blogPostFieldNames = ["title", "intro", "body", "tag", "heroImage", "heroImageAlt", "seoTitle", "seoDescription"] as const;
export type BlogPostFieldName = (typeof blogPostFieldNames)[number];
export type BlogPostFormValues = Record<BlogPostFieldName, string>;

export const emptyBlogPostValues: BlogPostFormValues = {
  title: "",
  intro: "",
  body: "",
  tag: "",
  heroImage: "",
  heroImageAlt: "",
  seoTitle: "",
  seoDescription: "",
};

/** Form intents of the editor (/admin/blog/new and /admin/blog/{id}). */
export const editorIntents = ["save", "publish", "unpublish", "preview", "upload", "delete"] as const;
export type EditorIntent = (typeof editorIntents)[number];
