import { Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import { AdminRadioGroup, AdminTextField, FormMessage } from "~/components/admin/fields.tsx";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { dateChangeText } from "../rules.ts";
import { DATE_OVERRIDE_KINDS, type DateChange } from "../schema.ts";
import { TimeBox } from "./time-box.tsx";

type Props = {
  dates: { consultant: { id: string; name: string; timeZone: string }; today: string; changes: readonly DateChange[] } | null;
  /** The answer to the last add or remove in this dialog. */
  result?: AdminActionResult;
};

/**
 * 'Days off and changed hours' (?dates=<id>): the consultant's date changes from today on, each
 * removable, and a form to add one (a day off, or other hours that date). It stays open after
 * a save, so several dates can be set in a row; works without JavaScript.
 */
export function ConsultantDatesDialog({ dates, result }: Props) {
  const modal = useUrlModal("dates");
  const navigation = useNavigation();
  if (!modal.open || !dates) return null;
  const { consultant, today, changes } = dates;
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const adding = result?.intent === "set-date-change" ? result : undefined;
  const { fieldErrors, values, message } = failureOf(adding);
  const id = (name: string) => `consultant-dates-${name}`;
  return (
    <UrlDialog
      closedHref={modal.closedHref}
      title={`Days off and changed hours: ${consultant.name}`}
      description={`Times are in ${consultant.timeZone}. Public holidays in the UK and South Africa are off already.`}
      initialFocusId={id("date")}
    >
      {result?.ok ? <ResultNotice result={result} className="mb-4" /> : null}
      {result && !result.ok && result.intent === "remove-date-change" ? <ResultNotice result={result} className="mb-4" /> : null}
      <section aria-labelledby={id("list-heading")}>
        <h3 id={id("list-heading")} className="text-base font-semibold text-ink-950">
          From today on
        </h3>
        {changes.length === 0 ? (
          <p className="mt-2 text-sm text-ink-700">No changes: {consultant.name} works as their week says.</p>
        ) : (
          <ul className="mt-2 divide-y divide-ink-100 rounded-xl border border-ink-100">
            {changes.map((change) => (
              <li key={change.date} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <div>
                  <p className="font-semibold text-ink-950">{dateChangeText(change)}</p>
                  {change.note ? <p className="text-ink-700">{change.note}</p> : null}
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-date-change" />
                  <input type="hidden" name="id" value={consultant.id} />
                  <input type="hidden" name="date" value={change.date} />
                  <button type="submit" disabled={busy("remove-date-change")} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60">
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove<span className="sr-only"> {dateChangeText(change)}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* A new form after each change listed, so a saved one does not stay typed in. */}
      <Form method="post" noValidate preventScrollReset className="mt-6 space-y-4 border-t border-ink-100 pt-4" key={changes.map((change) => change.date).join()}>
        <h3 className="text-base font-semibold text-ink-950">Add a date</h3>
        <input type="hidden" name="intent" value="set-date-change" />
        <input type="hidden" name="id" value={consultant.id} />
        {adding && !adding.ok ? <FormMessage message={message} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminTextField id={id("date")} name="date" type="date" label="Date" required min={today} defaultValue={values.date ?? ""} errors={fieldErrors.date} />
          <AdminRadioGroup id={id("kind")} name="kind" label="That date" options={DATE_OVERRIDE_KINDS} defaultValue={values.kind ?? "off"} errors={fieldErrors.kind} />
        </div>
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          <TimeBox id={id("start")} name="start" label="From" showLabel defaultValue={values.start ?? "09:00"} errors={fieldErrors.start} />
          <TimeBox id={id("end")} name="end" label="Until" showLabel defaultValue={values.end ?? "13:00"} errors={fieldErrors.end} />
        </div>
        <p className="text-xs text-ink-600">The times count only for “Different hours”.</p>
        <AdminTextField id={id("note")} name="note" label="Note" hint="For staff, e.g. “Training day”." defaultValue={values.note ?? ""} errors={fieldErrors.note} maxLength={200} />
        <div className="flex justify-end gap-2 border-t border-ink-100 pt-4">
          <button type="submit" disabled={busy("set-date-change")} className={buttonClasses("dark", "md", "cursor-pointer")}>
            {busy("set-date-change") ? "Saving…" : "Save Date"}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
