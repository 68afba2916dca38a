import { clsx } from "clsx";

// Typography for a post body (sanitised HTML from either source). The same on the site and
// in the admin preview, so the preview shows what readers will see.
const proseClasses = [
  "max-w-none text-lg leading-relaxed text-ink-800",
  "[&>*:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-ink-950",
  "[&_h3]:mt-10 [&_h3]:font-display [&_h3]:text-2xl [&_h3]:font-semibold [&_h3]:text-ink-950",
  "[&_h4]:mt-8 [&_h4]:text-xl [&_h4]:font-semibold [&_h4]:text-ink-950 [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold",
  "[&_p]:mt-5 [&_li>p]:mt-0 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_li]:marker:text-ink-500",
  "[&_a]:font-medium [&_a]:text-ink-900 [&_a]:underline [&_a]:decoration-sun-500 [&_a]:decoration-2 [&_a]:underline-offset-4 [&_a:hover]:decoration-ink-900",
  "[&_strong]:font-semibold [&_strong]:text-ink-950 [&_b]:font-semibold [&_b]:text-ink-950",
  "[&_blockquote]:mt-8 [&_blockquote]:border-l-4 [&_blockquote]:border-sun-500 [&_blockquote]:bg-ink-50 [&_blockquote]:px-6 [&_blockquote]:py-4 [&_blockquote]:text-ink-900 [&_blockquote_p]:mt-0",
  "[&_img]:mt-8 [&_img]:h-auto [&_img]:w-full [&_img]:rounded-2xl [&_figure]:mt-8 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-ink-600",
  "[&_hr]:my-12 [&_hr]:border-ink-100",
  "[&_code]:rounded [&_code]:bg-ink-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base [&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-ink-950 [&_pre]:p-5 [&_pre]:text-ink-50 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:mt-8 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-base [&_th]:border-b-2 [&_th]:border-ink-200 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_td]:border-b [&_td]:border-ink-100 [&_td]:px-3 [&_td]:py-2",
].join(" ");

/** A sanitised post body. `html` must come from the blog's sanitiser (render.server.ts). */
export function BlogProse({ html, className }: { html: string; className?: string }) {
  return <div className={clsx(proseClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
