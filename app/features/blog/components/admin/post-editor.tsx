import { CircleAlert, CircleCheck, ImageUp, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { StaleEditSummary } from "~/components/admin/stale-edit-summary.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import type { EditorActionResult } from "../../admin-actions.server.ts";
import { POST_LIMITS, type BlogPostFieldName, type BlogPostFormValues } from "../../schema.ts";
import { EditorField } from "./editor-field.tsx";
import { PostPreview } from "./post-preview.tsx";

const PREVIEW_DEBOUNCE_MS = 400;

type Props = {
  post: { id: string; status: "draft" | "published"; version: number } | null;
  initialValues: BlogPostFormValues;
  initialPreviewHtml: string;
  actionData: EditorActionResult | undefined;
  tags: readonly string[];
  notice?: string;
  /** The calendar day the preview shows. */
  day: string;
};

/**
 * The post editor: the form on the left, a live preview on the right. The preview is the
 * server's own rendering (intent=preview), so it is exactly what the site will show. A save
 * carries the version the editor opened, or the one the action's refilled values were typed
 * on; one someone else's change overtook is refused with a focused summary and everything
 * typed kept (docs/decisions/014-no-lost-updates.md).
 */
export function PostEditor({ post, initialValues, initialPreviewHtml, actionData, tags, notice, day }: Props) {
  const enhanced = useHydrated();
  const navigation = useNavigation();
  const previewFetcher = useFetcher<EditorActionResult>();
  const timer = useRef<number | undefined>(undefined);
  const [values, setValues] = useState<BlogPostFormValues>(actionData?.values ?? initialValues);
  const [previewHtml, setPreviewHtml] = useState(actionData?.previewHtml ?? initialPreviewHtml);
  const [uploads, setUploads] = useState(0);

  // A new answer from the action (an upload, an error, a no-JavaScript preview) refills the form.
  const [seenAction, setSeenAction] = useState(actionData);
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    if (actionData?.values) setValues(actionData.values);
    if (actionData?.previewHtml !== undefined) setPreviewHtml(actionData.previewHtml);
    if (actionData?.intent === "upload" && actionData.ok) setUploads(uploads + 1);
  }
  const [seenPreview, setSeenPreview] = useState(previewFetcher.data);
  if (previewFetcher.data !== seenPreview) {
    setSeenPreview(previewFetcher.data);
    if (previewFetcher.data?.previewHtml !== undefined) setPreviewHtml(previewFetcher.data.previewHtml);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function set(name: BlogPostFieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (name === "body") {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void previewFetcher.submit({ intent: "preview", body: value }, { method: "post" }), PREVIEW_DEBOUNCE_MS);
    }
  }

  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  const submitting = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const published = post?.status === "published";
  const busy = submitting !== null;

  return (
    <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
      <Form method="post" encType="multipart/form-data" className="space-y-6 rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-8">
        {post && <input type="hidden" name="version" value={actionData?.version ?? post.version} />}
        {actionData && !actionData.ok && actionData.stale && actionData.message && (
          <StaleEditSummary message={actionData.message} headingId="post-stale-heading" focusToken={actionData} />
        )}
        {actionData && !actionData.ok && !actionData.stale && actionData.message && (
          <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="font-medium">{actionData.message}</p>
          </div>
        )}
        {((actionData?.ok && actionData.message) || (!actionData && notice)) && (
          <div role="status" className="flex gap-3 rounded-xl border border-veld-100 bg-veld-100/60 p-4 text-veld-700">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="font-medium">{actionData?.message ?? notice}</p>
          </div>
        )}

        <EditorField name="title" label="Title" required value={values.title} onChange={(value) => set("title", value)} error={errors.title} maxLength={POST_LIMITS.titleMax} />
        <EditorField
          name="intro"
          label="Intro"
          required
          multiline
          rows={3}
          value={values.intro}
          onChange={(value) => set("intro", value)}
          error={errors.intro}
          maxLength={POST_LIMITS.introMax}
          hint="Plain text. It opens the article and shows on every card."
        />
        <EditorField
          name="tag"
          label="Tag"
          list="post-tag-options"
          value={values.tag}
          onChange={(value) => set("tag", value)}
          error={errors.tag}
          maxLength={POST_LIMITS.tagMax}
          hint="One topic, e.g. Employment. Left empty, the post is Uncategorized."
        />
        <datalist id="post-tag-options">
          {tags.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>

        <fieldset className="rounded-xl border border-ink-100 p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink-900">Hero image</legend>
          <input type="hidden" name="heroImage" value={values.heroImage} />
          {values.heroImage ? (
            <div className="flex flex-wrap items-center gap-4">
              <img src={values.heroImage} alt="" width={160} height={90} className="aspect-video w-40 rounded-lg bg-ink-100 object-cover" />
              {enhanced && (
                <button type="button" onClick={() => set("heroImage", "")} className="inline-flex cursor-pointer items-center gap-1.5 text-sm font-semibold text-ink-800 underline underline-offset-4">
                  <X aria-hidden="true" className="size-4" />
                  Remove image
                </button>
              )}
            </div>
          ) : (
            <p className="text-sm text-ink-700">No image yet: cards show the blog's placeholder.</p>
          )}
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <label htmlFor="post-heroImageFile" className="block text-sm font-semibold text-ink-900">
                {values.heroImage ? "Replace with" : "Choose an image"}
              </label>
              <input
                key={uploads}
                id="post-heroImageFile"
                name="heroImageFile"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby="post-heroImageFile-hint"
                aria-invalid={errors.heroImageFile?.length ? true : undefined}
                className="mt-1.5 block w-full text-sm text-ink-800 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-ink-100 file:px-4 file:py-2 file:font-semibold file:text-ink-900 hover:file:bg-ink-200"
              />
            </div>
            <button type="submit" name="intent" value="upload" formNoValidate disabled={busy} className={buttonClasses("secondary", "md", "cursor-pointer")}>
              <ImageUp aria-hidden="true" className="size-4" />
              {submitting === "upload" ? "Uploading…" : "Upload image"}
            </button>
          </div>
          <p id="post-heroImageFile-hint" className="mt-1 text-sm text-ink-700">
            JPEG, PNG or WebP, up to 5 MB. Stored at 1600 and 800 pixels wide.
          </p>
          {errors.heroImageFile?.length ? <p className="mt-1 text-sm font-medium text-red-700">{errors.heroImageFile.join(" ")}</p> : null}
          {errors.heroImage?.length ? <p className="mt-1 text-sm font-medium text-red-700">{errors.heroImage.join(" ")}</p> : null}
          <div className="mt-4">
            <EditorField
              name="heroImageAlt"
              label="Image description (alt text)"
              required={Boolean(values.heroImage)}
              value={values.heroImageAlt}
              onChange={(value) => set("heroImageAlt", value)}
              error={errors.heroImageAlt}
              maxLength={POST_LIMITS.altMax}
              hint="What the picture shows, for readers who cannot see it."
            />
          </div>
        </fieldset>

        <EditorField
          name="body"
          label="Article (Markdown)"
          multiline
          monospace
          rows={18}
          value={values.body}
          onChange={(value) => set("body", value)}
          error={errors.body}
          maxLength={POST_LIMITS.bodyMax}
          hint="## for a heading, **bold**, - for a list, [text](https://link) for a link. Scripts and styles are removed."
        />

        <fieldset className="space-y-4 rounded-xl border border-ink-100 p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink-900">Search engines (optional)</legend>
          <EditorField name="seoTitle" label="SEO title" value={values.seoTitle} onChange={(value) => set("seoTitle", value)} error={errors.seoTitle} maxLength={POST_LIMITS.seoTitleMax} hint="Left empty, the title is used." />
          <EditorField
            name="seoDescription"
            label="SEO description"
            multiline
            rows={2}
            value={values.seoDescription}
            onChange={(value) => set("seoDescription", value)}
            error={errors.seoDescription}
            maxLength={POST_LIMITS.seoDescriptionMax}
            hint="Left empty, the intro is used."
          />
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-ink-100 pt-6">
          <button type="submit" name="intent" value="save" disabled={busy} className={buttonClasses("dark", "md", "cursor-pointer")}>
            {submitting === "save" ? "Saving…" : published ? "Save changes" : "Save draft"}
          </button>
          {published ? (
            <button type="submit" name="intent" value="unpublish" disabled={busy} className={buttonClasses("secondary", "md", "cursor-pointer")}>
              {submitting === "unpublish" ? "Unpublishing…" : "Unpublish"}
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" disabled={busy} className={buttonClasses("primary", "md", "cursor-pointer")}>
              {submitting === "publish" ? "Publishing…" : "Publish"}
            </button>
          )}
          {!enhanced && (
            <button type="submit" name="intent" value="preview" formNoValidate className={buttonClasses("ghost", "md", "cursor-pointer")}>
              Preview
            </button>
          )}
        </div>
      </Form>

      <div className="xl:sticky xl:top-6">
        <PostPreview
          title={values.title}
          intro={values.intro}
          tag={values.tag}
          heroImage={values.heroImage}
          heroImageAlt={values.heroImageAlt}
          bodyHtml={previewHtml}
          day={day}
          updating={previewFetcher.state !== "idle"}
        />
      </div>
    </div>
  );
}
