import { ArrowLeft, Compass, LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { TryAgainButton } from "~/components/ui/try-again-button.tsx";

// The blog's failure states (docs/product.md §10.2).

export const blogErrorCopy = {
  listFailed: "Failed to load blog posts. Please try again later.",
  postFailed: "Failed to load blog post",
  postNotFound: "Blog post not found",
  returnToBlog: "Return to Blog",
} as const;

/** /blog could not read its posts: 'Try Again' reloads the page. */
export function BlogListError() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div role="alert" className="max-w-xl text-center">
        <LifeBuoy aria-hidden="true" className="mx-auto size-12 text-ink-700" />
        <h1 className="mt-6 text-3xl font-semibold text-ink-950 sm:text-4xl">{blogErrorCopy.listFailed}</h1>
        <TryAgainButton />
      </div>
    </main>
  );
}

/** /blog/{id}: no such post (404), or the post could not be read. */
export function BlogPostError({ notFound }: { notFound: boolean }) {
  const Icon = notFound ? Compass : LifeBuoy;
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div role={notFound ? undefined : "alert"} className="max-w-xl text-center">
        <Icon aria-hidden="true" className="mx-auto size-12 text-ink-700" />
        <h1 className="mt-6 text-3xl font-semibold text-ink-950 sm:text-4xl">{notFound ? blogErrorCopy.postNotFound : blogErrorCopy.postFailed}</h1>
        <p className="mt-4 text-lg text-ink-700">
          {notFound ? "The article may have moved or been taken down. Our other guides are one click away." : "Please check your connection and try again in a moment."}
        </p>
        <Link to="/blog" className={buttonClasses("dark", "lg", "mt-8")}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {blogErrorCopy.returnToBlog}
        </Link>
      </div>
    </main>
  );
}
