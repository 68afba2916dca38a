import { redirect } from "react-router";
import type { Db } from "#db/client.ts";
import type { Actor } from "~/features/activity/rules.ts";
import { UserFacingError, ValidationError, type FieldErrors } from "~/lib/errors.ts";
import type { Settings } from "~/lib/env.server.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { editedVersion, parseForm, readForm } from "~/lib/forms.server.ts";
import { createPost, deletePost, recordHeroImageUpload, updatePost } from "./admin.server.ts";
import { readEditorForm, saveHeroImage } from "./images.server.ts";
import { renderMarkdown } from "./render.server.ts";
import { blogPostFieldNames, blogPostInputSchema, editorIntents, emptyBlogPostValues, POST_LIMITS, type BlogPostFormValues, type EditorIntent } from "./schema.ts";

// The admin blog screens' actions, each small: parse → call the use case → answer.
// The routes run the admin guard first and pass the signed-in admin (`actor`) the activity
// log attributes each change to.

type Runtime = { db: Db; settings: Settings };

/** What the editor's action answers when it does not redirect. */
export type EditorActionResult = {
  intent: EditorIntent | "unknown";
  ok: boolean;
  message?: string;
  fieldErrors?: FieldErrors;
  values?: BlogPostFormValues;
  /**
   * The version of the post the refilled values were typed on: the editor keeps it, so a save
   * someone else's change overtook stays refused until a reload (docs/decisions/014-no-lost-updates.md).
   */
  version?: string;
  /** Refused because someone else changed the post after the editor opened it. */
  stale?: boolean;
  previewHtml?: string;
};

/** The submitted fields as they were typed, to refill the editor (nothing is lost on an error). */
function editorValues(form: FormData): BlogPostFormValues {
  const values = { ...emptyBlogPostValues };
  for (const name of blogPostFieldNames) {
    const value = form.get(name);
    // Forms send line ends as CRLF; the editor and the store use LF.
    values[name] = typeof value === "string" ? value.replace(/\r\n?/g, "\n").slice(0, POST_LIMITS.bodyMax + 1) : "";
  }
  return values;
}

/** The version field the editor sent, as sent (empty on a new post); undefined when the form could not be read. */
function sentVersion(form: FormData | undefined): string | undefined {
  if (!form) return undefined;
  const value = form.get("version");
  return typeof value === "string" ? value.slice(0, 20) : "";
}

/** A refusal or a failure, with everything typed kept in the editor (and the version it was typed on). */
function failure(intent: EditorActionResult["intent"], error: unknown, values: BlogPostFormValues = emptyBlogPostValues, form?: FormData) {
  return failureAnswer(error, { values, tags: { intent, version: sentVersion(form) } });
}

function chosenImage(form: FormData): File | undefined {
  const file = form.get("heroImageFile");
  return file instanceof File && file.size > 0 ? file : undefined;
}

/** A chosen image is stored first (it is checked by its content), then its path joins the form. */
async function withUploadedImage(runtime: Runtime, form: FormData, values: BlogPostFormValues): Promise<BlogPostFormValues> {
  const file = chosenImage(form);
  if (!file) return values;
  const saved = await saveHeroImage(runtime.db, new Uint8Array(await file.arrayBuffer()));
  return { ...values, heroImage: saved.path };
}

function intentOf(form: FormData): EditorIntent | undefined {
  const intent = form.get("intent");
  return editorIntents.find((candidate) => candidate === intent);
}

/** The editor's action. `postId` is undefined on /admin/blog/new. */
export async function handleEditorAction(runtime: Runtime, actor: Actor, request: Request, postId: string | undefined) {
  let form: FormData;
  try {
    form = await readEditorForm(request);
  } catch (error) {
    return failure("save", error);
  }
  const intent = intentOf(form);
  if (!intent) return failure("unknown", new UserFacingError("Unknown action.", 400), editorValues(form), form);
  let values = editorValues(form);

  if (intent === "preview") {
    // Nothing is saved: the body as the site would show it.
    const body = values.body.slice(0, POST_LIMITS.bodyMax);
    return { intent, ok: true, previewHtml: renderMarkdown(body), values, version: sentVersion(form) } satisfies EditorActionResult;
  }

  if (intent === "delete") {
    if (!postId) return failure(intent, new UserFacingError("This post has not been saved yet.", 400), values, form);
    try {
      await deletePost(runtime.db, actor, postId);
    } catch (error) {
      return failure(intent, error, values, form);
    }
    throw redirect("/admin/blog?deleted=1");
  }

  try {
    values = await withUploadedImage(runtime, form, values);
  } catch (error) {
    return failure(intent, error, values, form);
  }

  if (intent === "upload") {
    if (!chosenImage(form)) return failure(intent, new ValidationError("Choose an image to upload.", { heroImageFile: ["Choose an image to upload."] }), values, form);
    try {
      await recordHeroImageUpload(runtime.db, actor, { postId, title: values.title, path: values.heroImage });
    } catch (error) {
      return failure(intent, error, values, form);
    }
    return {
      intent,
      ok: true,
      message: "Image uploaded. Describe it in the alt text field, then save the post.",
      values,
      version: sentVersion(form),
      previewHtml: renderMarkdown(values.body.slice(0, POST_LIMITS.bodyMax)),
    } satisfies EditorActionResult;
  }

  const parsed = parseForm(valuesForm(values), blogPostInputSchema);
  if (!parsed.ok) return invalidAnswer({ ...parsed, values }, { intent, version: sentVersion(form) });

  try {
    const status = intent === "publish" ? "published" : intent === "unpublish" ? "draft" : undefined;
    const post = postId
      ? await updatePost(runtime.db, actor, { id: postId, version: editedVersion(form) }, parsed.data, { status })
      : await createPost(runtime.db, actor, parsed.data, { publish: intent === "publish" });
    const saved = intent === "publish" ? "published" : intent === "unpublish" ? "unpublished" : "saved";
    throw redirect(`/admin/blog/${post.id}?done=${saved}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return failure(intent, error, values, form);
  }
}

function valuesForm(values: BlogPostFormValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

/** The list's action: intent=delete with the post's id. */
export async function handleListAction(runtime: Runtime, actor: Actor, request: Request) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failureAnswer(error);
  }
  const postId = form.get("postId");
  if (form.get("intent") !== "delete" || typeof postId !== "string") return failureAnswer(new UserFacingError("Unknown action.", 400));
  try {
    await deletePost(runtime.db, actor, postId);
  } catch (error) {
    return failureAnswer(error);
  }
  throw redirect("/admin/blog?deleted=1");
}
