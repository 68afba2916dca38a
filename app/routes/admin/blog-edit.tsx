import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { RecordHistory } from "~/features/activity/components/record-history.tsx";
import { historyOf } from "~/features/activity/service.server.ts";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { handleEditorAction } from "~/features/blog/admin-actions.server.ts";
import { getPostForAdmin, tagsInUse } from "~/features/blog/admin.server.ts";
import { DeletePostDialog } from "~/features/blog/components/admin/delete-post-dialog.tsx";
import { PostEditor } from "~/features/blog/components/admin/post-editor.tsx";
import { PostStatusBadge } from "~/features/blog/components/admin/status-badge.tsx";
import { renderMarkdown } from "~/features/blog/render.server.ts";
import { blogPostPath, postDay } from "~/features/blog/rules.ts";
import { editorIntents, emptyBlogPostValues, type BlogPostFormValues } from "~/features/blog/schema.ts";
import { formatShortDate } from "~/lib/format.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.post ? `Edit: ${loaderData.post.title}` : "New post"} | Thula Relocations admin` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = editorIntents;

const doneNotices: Record<string, string> = {
  saved: "Saved.",
  published: "Published: the post is on the blog now.",
  unpublished: "Unpublished: the post is no longer on the site.",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const tags = await tagsInUse(db);
  const notice = doneNotices[new URL(request.url).searchParams.get("done") ?? ""];
  if (!params.postId) return { post: null, values: emptyBlogPostValues, previewHtml: "", tags, notice, history: [] };
  const post = await getPostForAdmin(db, params.postId);
  if (!post) throw data(null, { status: 404 });
  const history = await historyOf(db, "blog_post", post.id);
  const values: BlogPostFormValues = {
    title: post.title,
    intro: post.intro,
    body: post.body,
    tag: post.tag,
    heroImage: post.heroImage ?? "",
    heroImageAlt: post.heroImageAlt ?? "",
    seoTitle: post.seoTitle ?? "",
    seoDescription: post.seoDescription ?? "",
  };
  return { post, values, previewHtml: renderMarkdown(post.body), tags, notice, history };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  return handleEditorAction(context.get(runtimeContext), actor, request, params.postId);
}

// A live preview changes nothing: the page's data need not be read again.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export default function AdminBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, values, previewHtml, tags, notice, history } = loaderData;
  const today = new Date().toISOString();
  return (
    <section aria-labelledby="post-editor-heading" className="space-y-6">
      <Link to="/admin/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-ink-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All posts
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="post-editor-heading" className="text-3xl font-semibold text-ink-900">
            {post ? "Edit post" : "New post"}
          </h1>
          {post && (
            <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-700">
              <PostStatusBadge status={post.status} />
              {post.publishedAt && <span>First published {formatShortDate(postDay(post.publishedAt))}</span>}
              <span>Last edited {formatShortDate(postDay(post.updatedAt))}</span>
            </p>
          )}
        </div>
        {post && (
          <div className="flex flex-wrap items-center gap-3">
            {post.status === "published" && (
              <a href={blogPostPath(post)} className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-ink-100">
                <ExternalLink aria-hidden="true" className="size-4" />
                View on the site
              </a>
            )}
            <DeletePostDialog postId={post.id} title={post.title} action={`/admin/blog/${post.id}`} />
          </div>
        )}
      </div>
      <PostEditor
        key={post ? `${post.id}:${post.updatedAt}` : "new"}
        post={post}
        initialValues={values}
        initialPreviewHtml={previewHtml}
        actionData={actionData ?? undefined}
        tags={tags}
        notice={notice}
        day={postDay(post?.publishedAt ?? today)}
      />
      {post && <RecordHistory entries={history} headingId="post-history-heading" title="History of this post" />}
    </section>
  );
}
