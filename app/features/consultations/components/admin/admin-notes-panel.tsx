import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { failureOf, resultFor, type AdminActionResult } from "~/lib/action-result.ts";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { AdminTextField } from "~/components/admin/fields.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { buttonClasses } from "~/components/ui/button.ts";
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

/** The admin notes of docs/product.md §3.5: the list (each with delete), 'No admin notes added yet', and the add form (a note is signed with the signed-in admin's name). */
export function AdminNotesPanel({ consultationId, notes, version, result }: Props) {
  const navigation = useNavigation();
  const deletingIndex = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-note" ? navigation.formData.get("index") : null;
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
              <div className="flex items-start justify-between gap-2">
                <p className="text-xs text-ink-700">
                  <span className="font-semibold text-ink-900">{note.admin_name || "Unknown User"}</span> · <time dateTime={note.datetime}>{formatAdminDateTime(note.datetime, "Invalid date format")}</time>
                </p>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="delete-note" />
                  <input type="hidden" name="id" value={consultationId} />
                  <input type="hidden" name="version" value={version} />
                  <input type="hidden" name="index" value={index} />
                  <input type="hidden" name="noteDatetime" value={note.datetime} />
                  <button
                    type="submit"
                    disabled={deletingIndex === String(index)}
                    title="Delete note"
                    className="-m-1 inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-red-700 hover:bg-red-50 disabled:opacity-50"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sr-only">
                      Delete note {index + 1} by {note.admin_name || "Unknown User"}
                    </span>
                  </button>
                </Form>
              </div>
              <p className="mt-1 text-sm whitespace-pre-line text-ink-950">{note.note}</p>
            </li>
          ))}
        </ol>
      )}
      <Outcome result={noteResult} stale={failureOf(noteResult).stale} headingId="notes-stale-heading" />
      <AddNoteForm key={notes.length} consultationId={consultationId} version={version} result={resultFor(result, "add-note", consultationId)} />
    </section>
  );
}
