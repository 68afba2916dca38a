import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminCheckboxField, AdminTextField } from "~/components/admin/fields.tsx";
import { StaleEditSummary } from "~/components/admin/stale-edit-summary.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import type { AdminSeminarView } from "../seminars.server.ts";
import { newSeminarValues, SEMINAR_LIMITS, seminarFormValues, type SeminarFormValues } from "../schema.ts";
import type { SeminarActionResult } from "../actions.server.ts";
import { ActionBanner } from "./action-banner.tsx";
import { LiveBookingsChoice } from "./live-bookings-choice.tsx";

type Props = {
  mode: "create" | "edit";
  /** The seminar being edited (edit only). */
  seminar?: AdminSeminarView;
  /** Today in South Africa: the earliest date a new seminar may have. */
  today: string;
  /** A refused answer to this form: the banner, the messages per field and what was typed. */
  result?: SeminarActionResult;
  cancelHref: string;
  deleteHref?: string;
  /** "Cancel seminar" for a seminar with bookings (never deleted); "Delete seminar" otherwise. */
  deleteLabel?: string;
};

/**
 * The Create Seminar and edit forms (docs/product.md §6.7); the server checks every rule again.
 * An edit saves over the version it opened (docs/decisions/014-no-lost-updates.md).
 */
export function SeminarForm({ mode, seminar, today, result, cancelHref, deleteHref, deleteLabel = "Delete seminar" }: Props) {
  const navigation = useNavigation();
  const intent = mode === "create" ? "create-seminar" : "update-seminar";
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const failure = result && !result.ok ? result : undefined;
  const values: SeminarFormValues = { ...(seminar ? seminarFormValues(seminar) : newSeminarValues()), ...(failure?.values ?? {}) };
  const errors = failure?.fieldErrors ?? {};
  const id = (name: string) => `${mode}-seminar-${name}`;
  const field = (name: keyof SeminarFormValues) => ({ id: id(name), name, defaultValue: values[name], errors: errors[name] });
  // A seminar that already took place may keep its date; otherwise nothing before today.
  const minDate = seminar && seminar.seminarDate < today ? seminar.seminarDate : today;
  const seatsTaken = seminar?.currentAttendees ?? 0;

  return (
    <Form method="post" className="space-y-4" aria-describedby={failure ? `${mode}-seminar-banner` : undefined}>
      <input type="hidden" name="intent" value={intent} />
      {seminar ? <input type="hidden" name="seminarId" value={seminar.id} /> : null}
      {/* The version the typed values are based on: a refilled form keeps it, so a refused save stays refused until a reload. */}
      {seminar ? <input type="hidden" name="version" value={failure?.values.version ?? String(seminar.version)} /> : null}
      {failure ? (
        <div id={`${mode}-seminar-banner`}>
          {failure.stale ? (
            <StaleEditSummary message={failure.message} headingId={`${mode}-seminar-stale-heading`} focusToken={failure} />
          ) : (
            <ActionBanner title={failure.title} message={failure.message} />
          )}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminTextField {...field("title")} label="Title" required maxLength={SEMINAR_LIMITS.textMax} className="sm:col-span-2" />
        <AdminTextField {...field("organizer_name")} label="Organizer name" required maxLength={SEMINAR_LIMITS.textMax} />
        <AdminTextField {...field("location")} label="Location" required maxLength={SEMINAR_LIMITS.addressMax} hint="Shown on the cards, e.g. Harbourview Hotel, Durban" />
        <AdminTextField {...field("city")} label="City" required maxLength={SEMINAR_LIMITS.textMax} />
        <AdminTextField {...field("venue_name")} label="Venue name" required maxLength={SEMINAR_LIMITS.textMax} />
        <AdminTextField {...field("address")} label="Address" required maxLength={SEMINAR_LIMITS.addressMax} className="sm:col-span-2" />
        <RequiredInput id={id("seminar_date")} name="seminar_date" label="Date" type="date" min={minDate} defaultValue={values.seminar_date} errors={errors.seminar_date} hint="South African date" />
        <RequiredInput id={id("seminar_time")} name="seminar_time" label="Time" type="time" defaultValue={values.seminar_time} errors={errors.seminar_time} hint="South African time" />
        <RequiredInput id={id("price")} name="price" label="Price (R)" type="number" min="0" step="0.01" defaultValue={values.price} errors={errors.price} />
        <RequiredInput
          id={id("max_attendees")}
          name="max_attendees"
          label="Max attendees"
          type="number"
          min={String(Math.max(1, seatsTaken))}
          step="1"
          defaultValue={values.max_attendees}
          errors={errors.max_attendees}
          hint={seatsTaken > 0 ? `${seatsTaken} ${seatsTaken === 1 ? "seat is" : "seats are"} taken: it cannot go lower.` : undefined}
        />
        <AdminTextField {...field("description")} label="Description" rows={3} maxLength={SEMINAR_LIMITS.descriptionMax} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <input type="hidden" name="is_active" value="false" />
          <AdminCheckboxField id={id("is_active")} name="is_active" label="Active" hint={seminar?.cancelledAt ? "This seminar is cancelled: it stays off the events page for good." : "Active seminars are shown on the events page."} defaultChecked={values.is_active !== "false"} />
        </div>
        {failure?.liveBookings ? <LiveBookingsChoice question={failure.liveBookings} values={failure.values} errors={failure.fieldErrors} idPrefix={id("live-bookings")} /> : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-4">
        {deleteHref ? (
          <Link to={deleteHref} replace preventScrollReset className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            <Trash2 aria-hidden="true" className="size-4" />
            {deleteLabel}
          </Link>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={cancelHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
            Cancel
          </Link>
          <button type="submit" disabled={saving} className={buttonClasses("dark", "md", "cursor-pointer")}>
            {mode === "create" ? (saving ? "Creating..." : "Create Seminar") : saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </div>
    </Form>
  );
}

type InputProps = { id: string; name: string; label: string; defaultValue: string; errors?: readonly string[]; hint?: string };

function describedBy(id: string, hint?: string, errors?: readonly string[]) {
  return [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

const control = "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900";

function FieldShell({ id, label, hint, errors, children }: Omit<InputProps, "name" | "defaultValue"> & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-950">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
      {children}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The required inputs the shared text field cannot be (it has no min or step): date and time
 * with the browser's own picker; Price and Max attendees as numbers with the browser's min and
 * step (docs/product.md §6.7).
 */
function RequiredInput({ type, min, step, ...props }: InputProps & { type: "date" | "time" | "number"; min?: string; step?: string }) {
  const invalid = Boolean(props.errors?.length);
  return (
    <FieldShell {...props}>
      <input
        id={props.id}
        name={props.name}
        type={type}
        inputMode={type === "number" ? "decimal" : undefined}
        min={min}
        step={step}
        required
        defaultValue={props.defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props.id, props.hint, props.errors)}
        className={`${control} ${invalid ? "border-red-700" : "border-ink-300"}`}
      />
    </FieldShell>
  );
}
