import { ExternalLink, Pencil } from "lucide-react";
import { Link } from "react-router";
import { formatShortDate } from "~/lib/format.ts";
import type { AdminPostListItem } from "../../admin.server.ts";
import { blogPostPath, postDay } from "../../rules.ts";
import { DeletePostDialog } from "./delete-post-dialog.tsx";
import { PostStatusBadge } from "./status-badge.tsx";

const shortDay = (iso: string | null) => (iso ? (formatShortDate(postDay(iso)) ?? "") : "—");

function PostActions({ post }: { post: AdminPostListItem }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {post.status === "published" && (
        <a href={blogPostPath(post)} className="inline-flex size-10 items-center justify-center rounded-full text-ink-800 hover:bg-ink-100">
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">View “{post.title}” on the site</span>
        </a>
      )}
      <Link to={`/admin/blog/${post.id}`} className="inline-flex size-10 items-center justify-center rounded-full text-ink-800 hover:bg-ink-100">
        <Pencil aria-hidden="true" className="size-4" />
        <span className="sr-only">Edit “{post.title}”</span>
      </Link>
      <DeletePostDialog postId={post.id} title={post.title} action="/admin/blog" variant="icon" />
    </div>
  );
}

/** Every post of the built-in store, drafts included, with edit and delete: a table from 768px, cards below. */
export function PostTable({ posts }: { posts: readonly AdminPostListItem[] }) {
  return (
    <>
      <ul className="space-y-3 md:hidden">
        {posts.map((post) => (
          <li key={post.id} className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
            <Link to={`/admin/blog/${post.id}`} className="font-semibold text-ink-900 underline-offset-4 hover:underline">
              {post.title}
            </Link>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
              <PostStatusBadge status={post.status} />
              <span>{post.tag}</span>
              <span>{post.status === "published" ? `Published ${shortDay(post.publishedAt)}` : `Edited ${shortDay(post.updatedAt)}`}</span>
            </div>
            <div className="mt-2 border-t border-ink-100 pt-2">
              <PostActions post={post} />
            </div>
          </li>
        ))}
      </ul>
      <PostTableWide posts={posts} />
    </>
  );
}

function PostTableWide({ posts }: { posts: readonly AdminPostListItem[] }) {
  return (
    <div className="relative hidden overflow-x-auto rounded-2xl border border-ink-100 bg-white shadow-sm md:block">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Blog posts, last edited first</caption>
        <thead className="border-b border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-700 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Title
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Tag
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Published
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Last edited
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {posts.map((post) => (
            <tr key={post.id} className="hover:bg-ink-50/60">
              <td className="max-w-md px-4 py-3">
                <Link to={`/admin/blog/${post.id}`} className="font-semibold text-ink-900 underline-offset-4 hover:underline">
                  {post.title}
                </Link>
              </td>
              <td className="px-4 py-3 text-ink-700">{post.tag}</td>
              <td className="px-4 py-3">
                <PostStatusBadge status={post.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-700">{post.status === "published" ? shortDay(post.publishedAt) : "—"}</td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-700">{shortDay(post.updatedAt)}</td>
              <td className="px-4 py-3">
                <PostActions post={post} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
