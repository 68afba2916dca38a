import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import { DialogFormActions, useCloseWhenSaved } from "~/components/admin/dialog-form.tsx";
import { AdminCheckboxField, AdminSelectField, AdminTextField, FieldError, FormMessage } from "~/components/admin/fields.tsx";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { StaleEditSummary } from "~/components/admin/stale-edit-summary.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { RecordHistory } from "~/features/activity/components/record-history.tsx";
import type { ActivityView } from "~/features/activity/service.server.ts";
import { DEFAULT_CONSULTANT_HOURS, hourFields, TIME_ZONE_OPTIONS, WEEKDAYS } from "../schema.ts";
import type { ConsultantListRow } from "./consultants-table.tsx";
import { TimeBox } from "./time-box.tsx";

export type EditableConsultant = ConsultantListRow & {
  /** The version the dialog opened (docs/decisions/014-no-lost-updates.md). */
  version: number;
};

/** The consultant's private calendar address, and the answer to the last 'New Address'. */
type Feed = { url: string; result?: AdminActionResult };

type Props =
  | { mode: "create"; consultant?: undefined; history?: undefined; feed?: undefined; result?: AdminActionResult }
  | { mode: "edit"; consultant: EditableConsultant | null; history: readonly ActivityView[]; feed?: Feed; result?: AdminActionResult };

const copy = {
  create: { param: "new", intent: "create-consultant", title: "Add Consultant", submit: "Add Consultant", pending: "Adding…", prefix: "create-consultant-" },
  edit: { param: "edit", intent: "update-consultant", title: "Edit Consultant", submit: "Save Changes", pending: "Saving…", prefix: "edit-consultant-" },
} as const;


/**
 * The consultant's private calendar address (to subscribe to in Google Calendar or Outlook),
 * and 'New Address', which replaces it at once (for when it went to someone it should not).
 */
function CalendarFeed({ consultantId, feed }: { consultantId: string; feed: Feed }) {
  const navigation = useNavigation();
  const renewing = navigation.state === "submitting" && navigation.formData?.get("intent") === "renew-calendar-feed";
  return (
    <section aria-labelledby="consultant-feed-heading" className="mt-6 space-y-3 rounded-xl border border-ink-100 bg-white p-4">
      <h3 id="consultant-feed-heading" className="text-base font-semibold text-ink-950">
        Calendar feed
      </h3>
      {feed.result ? <ResultNotice result={feed.result} /> : null}
      <AdminTextField
        id="consultant-feed-url"
        name="feedUrl"
        label="Calendar address"
        hint="Subscribe to it in Google Calendar or Outlook to see this consultant's meetings there. Keep it private: anyone with it sees them."
        value={feed.url}
        readOnly
      />
      <Form method="post" preventScrollReset className="flex justify-end">
        <input type="hidden" name="intent" value="renew-calendar-feed" />
        <input type="hidden" name="id" value={consultantId} />
        <button type="submit" disabled={renewing} className={buttonClasses("secondary", "md", "cursor-pointer")}>
          {renewing ? "Making a new address…" : "New Address"}
        </button>
      </Form>
    </section>
  );
}

/**
 * 'Add Consultant' (?new=1) and 'Edit Consultant' (?edit=<id>): name, e-mail, the zone their
 * hours are in, a fixed meeting room if they have one, what they take, and one stretch of hours
 * per weekday (Monday to Friday, 09:00–19:00 UK time for someone new). A UrlDialog, so it works
 * without JavaScript; a refused save keeps everything typed.
 */
export function ConsultantFormDialog({ mode, consultant, history, feed, result }: Props) {
  const text = copy[mode];
  const modal = useUrlModal(text.param);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === text.intent;
  const { fieldErrors, values, message, stale } = failureOf(result);
  useCloseWhenSaved(modal.closeWith, result, formRef);
  if (!modal.open || (mode === "edit" && !consultant) || result?.ok) return null;

  // After a refused post the form shows what was sent (an unticked box is sent as nothing).
  const refilled = Object.keys(values).length > 0;
  const id = (name: string) => `${text.prefix}${name}`;
  const textValue = (name: "name" | "email" | "meetingUrl") => values[name] ?? (consultant ? (consultant[name] ?? "") : "");
  const ticked = (name: "takesPaid" | "takesFree" | "isActive") => (refilled ? values[name] === "on" : consultant ? consultant[name] : true);
  const span = (day: number) => consultant?.hours.find((hours) => hours.weekday === day);
  const works = (day: number) => (refilled ? values[hourFields(day).works] === "on" : consultant ? Boolean(span(day)) : DEFAULT_CONSULTANT_HOURS.days.includes(day));
  const time = (day: number, edge: "start" | "end") => values[hourFields(day)[edge]] ?? span(day)?.[edge] ?? DEFAULT_CONSULTANT_HOURS[edge];
  const takesErrors = fieldErrors.takesPaid;

  return (
    <UrlDialog closedHref={modal.closedHref} title={text.title} size="lg" description={mode === "create" ? "A staff member who takes consultations, and the hours they work. Fields marked * are required." : undefined}>
      <Form ref={formRef} method="post" noValidate className="space-y-5" key={consultant?.id ?? "new"}>
        <input type="hidden" name="intent" value={text.intent} />
        {consultant ? <input type="hidden" name="id" value={consultant.id} /> : null}
        {consultant ? <input type="hidden" name="version" value={values.version ?? String(consultant.version)} /> : null}
        {stale && message ? <StaleEditSummary message={message} headingId={id("stale-heading")} focusToken={result} /> : null}
        {result && !result.ok && !stale ? <FormMessage message={message} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminTextField id={id("name")} name="name" label="Name" required autoComplete="off" defaultValue={textValue("name")} errors={fieldErrors.name} maxLength={100} />
          <AdminTextField id={id("email")} name="email" type="email" label="E-mail address" required autoComplete="off" defaultValue={textValue("email")} errors={fieldErrors.email} maxLength={254} />
          <AdminSelectField
            id={id("timeZone")}
            name="timeZone"
            label="Time zone of the hours"
            required
            options={TIME_ZONE_OPTIONS}
            defaultValue={values.timeZone ?? consultant?.timeZone ?? DEFAULT_CONSULTANT_HOURS.timeZone}
            errors={fieldErrors.timeZone}
          />
          <AdminTextField
            id={id("meetingUrl")}
            name="meetingUrl"
            label="Meeting room"
            hint="A fixed video room (https://…). Leave empty to make a room per meeting."
            autoComplete="off"
            defaultValue={textValue("meetingUrl")}
            errors={fieldErrors.meetingUrl}
            maxLength={500}
          />
        </div>

        <fieldset aria-describedby={takesErrors?.length ? id("takes-error") : undefined}>
          <legend className="text-sm font-semibold text-ink-950">Takes</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <AdminCheckboxField id={id("takesPaid")} name="takesPaid" label="Paid consultations (60 minutes)" defaultChecked={ticked("takesPaid")} />
            <AdminCheckboxField id={id("takesFree")} name="takesFree" label="Free intro calls (10 minutes)" defaultChecked={ticked("takesFree")} />
          </div>
          <FieldError id={id("takes-error")} messages={takesErrors} />
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-ink-950">Weekly hours</legend>
          <p className="mt-0.5 text-xs text-ink-600">Tick the days worked; times are in the time zone above. Public holidays in the UK and South Africa are off.</p>
          <ul className="mt-2 divide-y divide-ink-100 rounded-xl border border-ink-100">
            {WEEKDAYS.map(({ day, label }) => {
              const names = hourFields(day);
              return (
                <li key={day} className="grid grid-cols-[minmax(7.5rem,1fr)_minmax(0,1fr)_minmax(0,1fr)] items-start gap-3 px-3 py-2">
                  <AdminCheckboxField id={id(names.works)} name={names.works} label={label} defaultChecked={works(day)} className="pt-1.5" />
                  <TimeBox id={id(names.start)} name={names.start} label={`${label} from`} defaultValue={time(day, "start")} errors={fieldErrors[names.start]} />
                  <TimeBox id={id(names.end)} name={names.end} label={`${label} until`} defaultValue={time(day, "end")} errors={fieldErrors[names.end]} />
                </li>
              );
            })}
          </ul>
        </fieldset>

        <AdminCheckboxField
          id={id("isActive")}
          name="isActive"
          label="Taking bookings"
          hint="Untick to stop offering this consultant's time; meetings already booked stay."
          defaultChecked={ticked("isActive")}
        />
        <DialogFormActions saving={saving} label={text.submit} pendingLabel={text.pending} cancelHref={modal.closedHref} />
      </Form>
      {feed && consultant ? <CalendarFeed consultantId={consultant.id} feed={feed} /> : null}
      {history ? (
        <div className="mt-6">
          <RecordHistory entries={history} headingId={id("history-heading")} />
        </div>
      ) : null}
    </UrlDialog>
  );
}
