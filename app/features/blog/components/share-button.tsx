import { Check, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { blogPostCopy } from "../copy.ts";

type Props = { title: string; text: string; url: string; className?: string };

/**
 * Shares a post: the Web Share API where the browser has it, else the link goes to the
 * clipboard with a visible 'Link copied'. Without JavaScript, a plain e-mail link.
 */
export function ShareButton({ title, text, url, className }: Props) {
  const enhanced = useHydrated();
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const classes = buttonClasses("secondary", "md", className);
  if (!enhanced) {
    const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
    return (
      <a href={mail} className={classes}>
        <Share2 aria-hidden="true" className="size-4" />
        {blogPostCopy.share}
      </a>
    );
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus("idle"), 4000);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={() => void share()} className={`${classes} cursor-pointer`}>
        <Share2 aria-hidden="true" className="size-4" />
        {blogPostCopy.share}
      </button>
      <p role="status" className="text-sm font-medium text-veld-700">
        {status === "copied" && (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="size-4" />
            {blogPostCopy.linkCopied}
          </span>
        )}
        {status === "failed" && <span className="text-red-700">{blogPostCopy.copyFailed}</span>}
      </p>
    </div>
  );
}
