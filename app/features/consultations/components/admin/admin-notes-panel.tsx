import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { failureOf, resultFor, type AdminActionResult } from "~/lib/action-result.ts";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { AdminTextField } from "~/components/admin/fields.tsx";
import { useSearchHref } from "~/components/admin/url-state.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { CONFIRM_NOTE_DELETE } from "../../admin-schema.ts";
import { Outcome } from "./consultation-actions-panel.tsx";

type Note = { datetime: string; note: string; admin_name: string };

type Props = {
  consultationId: string;
  notes: readonly Note[];
  /** The version the dialog shows: notes are added and deleted at it (docs/decisions/014-no-lost-updates.md). */
  version: number;
  result?: AdminActionResult;
};

function AddNoteForm({ consultationId, version, result }: Omit<Props, "notes">) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { fieldErrors, values } = failureOf(result);
  // A refused note stays in the box, with the version it was written on.
  const [note, setNote] = useState(values.note ?? "");
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-note";
  const blank = !note.trim();
  return (
    <Form method="post" preventScrollReset className="space-y-3">
      <input type="hidden" name="intent" value="add-note" />
      <input type="hidden" name="id" value={consultationId} />
      <input type="hidden" name="version" value={values.version ?? version} />
      <AdminTextField id="add-note-text" name="note" label="Note" required rows={3} value={note} onChange={(event) => setNote(event.target.value)} errors={fieldErrors.note} maxLength={2000} />
      <button type="submit" disabled={adding || (hydrated && blank)} className={buttonClasses("dark", "md", "cursor-pointer")}>
        {adding ? "Adding…" : "Add Note"}
      </button>
    </Form>
  );
}

/**
 * A note's delete, in two steps that work without JavaScript: the bin links to ?deleteNote=<index>,
 * which shows "Delete this note?" in place with 'Delete note' (posts the delete, confirmed, at the
 * dialog's version) and 'Keep it' (back without the parameter). The post goes to the page's
 * address without the parameter, so the answer shows the notes as they now are.
 */
function DeleteNoteStep({ consultationId, version, index, note, confirming }: { consultationId: string; version: number; index: number; note: Note; confirming: boolean }) {
  const href = useSearchHref();
  const navigation = useNavigation();
  const question = useRef<HTMLParagraphElement>(null);
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-note" && navigation.formData.get("index") === String(index);
  const author = note.admin_name || "Unknown User";
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <Link
        to={href({ deleteNote: String(index) })}
        replace
        preventScrollReset
        title="Delete note"
        className="-m-1 inline-flex size-8 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        <span className="sr-only">
          Delete note {index + 1} by {author}
        </span>
      </Link>
    );
  }
  const questionId = `delete-note-${index}-question`;
  return (
    <div role="group" aria-labelledby={questionId} className="mt-2 w-full rounded-lg border border-red-200 bg-red-50 px-3 py-2">
      <p id={questionId} ref={question} tabIndex={-1} className="text-sm font-semibold text-red-900">
        Delete this note by {author}? It cannot be undone.
      </p>
      <Form method="post" action={href({ deleteNote: null })} preventScrollReset className="mt-2 flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="delete-note" />
        <input type="hidden" name="id" value={consultationId} />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="index" value={index} />
        <input type="hidden" name="noteDatetime" value={note.datetime} />
        <input type="hidden" name="confirm" value={CONFIRM_NOTE_DELETE} />
        <button
          type="submit"
          disabled={deleting}
          className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {deleting ? "Deleting…" : "Delete note"}
        </button>
        <Link to={href({ deleteNote: null })} replace preventScrollReset className={buttonClasses("ghost", "md", "py-1.5!")}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

/** The admin notes of docs/product.md §3.5: the list (each with a confirmed delete), 'No admin notes added yet', and the add form (a note is signed with the signed-in admin's name). */
export function AdminNotesPanel({ consultationId, notes, version, result }: Props) {
  const confirming = new URLSearchParams(useLocation().search).get("deleteNote");
  const noteResult = resultFor(result, ["add-note", "delete-note"], consultationId);
  return (
    <section aria-labelledby="admin-notes-heading" className="space-y-3">
      <h3 id="admin-notes-heading" className="font-sans text-base font-semibold tracking-normal text-ink-950">
        Admin notes <span className="font-normal text-ink-700">({notes.length})</span>
      </h3>
      {notes.length === 0 ? (
        <p className="rounded-lg bg-ink-50 px-3 py-3 text-sm text-ink-700">No admin notes added yet</p>
      ) : (
        <ol className="max-h-80 space-y-2 overflow-y-auto pr-1">
          {notes.map((note, index) => (
            <li key={`${note.datetime}-${index}`} className="rounded-lg border border-ink-100 bg-ink-50/60 px-3 py-2">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="text-xs text-ink-700">
                  <span className="font-semibold text-ink-900">{note.admin_name || "Unknown User"}</span> · <time dateTime={note.datetime}>{formatAdminDateTime(note.datetime, "Invalid date format")}</time>
                </p>
                {confirming === String(index) ? null : <DeleteNoteStep consultationId={consultationId} version={version} index={index} note={note} confirming={false} />}
              </div>
              <p className="mt-1 text-sm whitespace-pre-line text-ink-950">{note.note}</p>
              {confirming === String(index) ? <DeleteNoteStep consultationId={consultationId} version={version} index={index} note={note} confirming /> : null}
            </li>
          ))}
        </ol>
      )}
      <Outcome result={noteResult} stale={failureOf(noteResult).stale} headingId="notes-stale-heading" />
      <AddNoteForm key={notes.length} consultationId={consultationId} version={version} result={resultFor(result, "add-note", consultationId)} />
    </section>
  );
}
