import { Eye, LoaderCircle } from "lucide-react";
import { formatShortDate } from "~/lib/format.ts";
import { heroImageSrcSet, READ_TIME_LABEL } from "../../rules.ts";
import { BLOG_PLACEHOLDER_IMAGE } from "../blog-card.tsx";
import { BlogProse } from "../blog-prose.tsx";

type Props = {
  title: string;
  intro: string;
  tag: string;
  heroImage: string;
  heroImageAlt: string;
  /** Sanitised by the server, exactly as the site renders the body. */
  bodyHtml: string;
  /** Calendar day shown as the date (today for a new post). */
  day: string;
  updating: boolean;
};

/** The editor's live preview: the post as readers will see it. */
export function PostPreview({ title, intro, tag, heroImage, heroImageAlt, bodyHtml, day, updating }: Props) {
  return (
    <section aria-labelledby="preview-heading" className="overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-ink-100 bg-ink-50 px-5 py-3">
        <h2 id="preview-heading" className="inline-flex items-center gap-2 font-sans text-sm font-semibold tracking-wide text-ink-800 uppercase">
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </h2>
        <span role="status" className="inline-flex items-center gap-1.5 text-xs text-ink-700">
          {updating && (
            <>
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
              Updating…
            </>
          )}
        </span>
      </div>
      <div className="max-h-[80vh] overflow-y-auto p-5 sm:p-6" data-testid="post-preview">
        <div className="flex flex-wrap items-center gap-3 text-sm text-ink-700">
          <span className="rounded-full bg-sun-100 px-2.5 py-0.5 text-xs font-semibold text-ink-900">{tag.trim() || "Uncategorized"}</span>
          <span>{formatShortDate(day)}</span>
          <span>{READ_TIME_LABEL}</span>
        </div>
        <p className="mt-3 font-display text-2xl leading-tight font-semibold text-ink-950 sm:text-3xl">{title.trim() || "Your title"}</p>
        <p className="mt-3 text-ink-700">{intro.trim() || "Your intro shows here and on every card."}</p>
        <img
          src={heroImage || BLOG_PLACEHOLDER_IMAGE}
          srcSet={heroImageSrcSet(heroImage)}
          sizes="36rem"
          alt={heroImage ? heroImageAlt : ""}
          width={1600}
          height={900}
          className="mt-5 aspect-video w-full rounded-xl bg-ink-100 object-cover"
        />
        <BlogProse html={bodyHtml} className="mt-6" />
      </div>
    </section>
  );
}
