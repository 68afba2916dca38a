import { CircleCheck, ExternalLink, Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { handleListAction } from "~/features/blog/admin-actions.server.ts";
import { listPostsForAdmin } from "~/features/blog/admin.server.ts";
import { PostTable } from "~/features/blog/components/admin/post-table.tsx";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = ["delete"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { posts: await listPostsForAdmin(db), deleted: new URL(request.url).searchParams.has("deleted") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  return handleListAction(context.get(runtimeContext), actor, request);
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, deleted } = loaderData;
  const drafts = posts.filter((post) => post.status === "draft").length;
  return (
    <section aria-labelledby="admin-blog-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-blog-heading" className="text-3xl font-semibold text-ink-900">
            Blog posts
          </h1>
          <p className="mt-1 text-ink-700">
            {posts.length} {posts.length === 1 ? "post" : "posts"}, {drafts} {drafts === 1 ? "draft" : "drafts"}. Only published posts are on the site.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href="/blog" className={buttonClasses("ghost", "md")}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View the blog
          </a>
          <Link to="/admin/blog/new" className={buttonClasses("dark", "md")}>
            <Plus aria-hidden="true" className="size-4" />
            New post
          </Link>
        </div>
      </div>
      {deleted && !actionData && (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-veld-100 bg-veld-100/60 p-4 font-medium text-veld-700">
          <CircleCheck aria-hidden="true" className="size-5" />
          The post was deleted.
        </p>
      )}
      {actionData && !actionData.ok && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {actionData.message}
        </p>
      )}
      {posts.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-ink-200 bg-white px-6 py-14 text-center">
          <p className="text-lg font-semibold text-ink-900">No blog posts yet</p>
          <p className="mt-1 text-ink-700">Write the first guide for people planning their move.</p>
          <Link to="/admin/blog/new" className={buttonClasses("dark", "md", "mt-6")}>
            <Plus aria-hidden="true" className="size-4" />
            New post
          </Link>
        </div>
      ) : (
        <PostTable posts={posts} />
      )}
    </section>
  );
}
