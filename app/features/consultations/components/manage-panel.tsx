import { Ban, CalendarClock, CircleAlert, CircleCheckBig, LoaderCircle, Video } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { brand, consultation } from "~/content/site.ts";
import type { ManageAnswer, ManageView } from "../manage/page.server.ts";
import { CLOSED_CHANGES_TEXT } from "../manage/policy.ts";
import { SlotPicker, ZoneForm } from "./slot-picker.tsx";

// The page the signed link in a consultation's e-mails opens (issue 17): the meeting as it
// stands now, and, while online changes are open, another time or a cancellation. Plain forms:
// everything works without JavaScript.

export function ManagePanel({ view, answer }: { view: ManageView; answer?: ManageAnswer }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const name = view.type === "paid" ? "private consultation" : "free intro call";
  const failure = answer && !answer.ok ? answer : undefined;
  // Once moved, the page shows the new time; the list of times closes.
  const picker = answer?.ok && answer.intent === "move" ? undefined : view.picker;
  return (
    <section aria-labelledby="manage-title" className="mx-auto max-w-3xl rounded-3xl bg-white p-6 shadow-xl ring-1 ring-ink-100 sm:p-10">
      <span className={`flex size-14 items-center justify-center rounded-full ${view.cancelled ? "bg-red-100 text-red-800" : "bg-veld-100 text-veld-700"}`}>
        {view.cancelled ? <Ban aria-hidden="true" className="size-7" /> : <CalendarClock aria-hidden="true" className="size-7" />}
      </span>
      <h1 id="manage-title" className="mt-5 text-3xl font-semibold text-ink-950 sm:text-4xl">
        {view.cancelled ? `Your ${name} is cancelled` : `Your ${name}`}
      </h1>

      {answer?.ok ? (
        <p role="status" className="mt-6 flex gap-2 rounded-xl bg-veld-100 p-4 font-medium text-veld-900">
          <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {answer.message}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-6 flex gap-2 rounded-xl border-2 border-red-700 bg-red-50 p-4 font-medium text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {failure.message}
        </p>
      ) : null}

      <dl className="mt-6 grid gap-4 rounded-2xl bg-ink-50 p-5 ring-1 ring-ink-100 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-ink-950">{view.cancelled ? "Was booked for" : "When"}</dt>
        <dd className="text-ink-800" data-testid="manage-when">
          {view.when}
        </dd>
        <dt className="font-semibold text-ink-950">Length</dt>
        <dd className="text-ink-800">{view.type === "paid" ? consultation.minutes : consultation.freeCallMinutes} minutes, online</dd>
        {view.meetingUrl && !view.cancelled ? (
          <>
            <dt className="font-semibold text-ink-950">Meeting link</dt>
            <dd className="break-all">
              <a href={view.meetingUrl} className="inline-flex items-center gap-1.5 font-medium text-ink-900 underline underline-offset-2">
                <Video aria-hidden="true" className="size-4 shrink-0" />
                {view.meetingUrl}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold text-ink-950">Reference</dt>
        <dd className="font-mono text-ink-900">{view.reference}</dd>
      </dl>

      {!view.changes.allowed ? (
        <p className="mt-6 text-ink-800">
          {CLOSED_CHANGES_TEXT[view.changes.reason]}{" "}
          {view.changes.reason === "cancelled" ? (
            <Link to={view.type === "paid" ? "/consultations/book" : "/consultations/book-free"} className="font-medium text-ink-900 underline underline-offset-2">
              Book a new time
            </Link>
          ) : (
            <a href={`mailto:${brand.email}`} className="font-medium text-ink-900 underline underline-offset-2">
              {brand.email}
            </a>
          )}
        </p>
      ) : (
        <>
          <p className="mt-6 text-ink-800">You can move or cancel it here until {view.changes.until}.</p>

          <section aria-labelledby="move-title" className="mt-8 border-t border-ink-100 pt-8">
            <h2 id="move-title" className="text-2xl font-semibold text-ink-950">
              Move to another time
            </h2>
            {picker ? (
              <>
                <ZoneForm />
                <Form method="post" className="mt-4 space-y-6">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="version" value={view.version} />
                  <SlotPicker
                    picker={picker}
                    selected={failure?.values.slot}
                    errors={failure?.fieldErrors.slot}
                    minutes={view.type === "paid" ? consultation.minutes : consultation.freeCallMinutes}
                    keep={{ move: "" }}
                    otherwise={
                      <p className="text-sm text-ink-700">
                        None of these suit you? Reply to your confirmation e-mail and we&apos;ll find a time together.
                      </p>
                    }
                  />
                  <button type="submit" disabled={busy("move")} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
                    {busy("move") ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
                    Move to This Time
                  </button>
                </Form>
              </>
            ) : (
              <p className="mt-3">
                <Link to="?move" preventScrollReset className={buttonClasses("secondary", "md")}>
                  Choose Another Time
                </Link>
              </p>
            )}
          </section>

          <section aria-labelledby="cancel-title" className="mt-8 border-t border-ink-100 pt-8">
            <h2 id="cancel-title" className="text-2xl font-semibold text-ink-950">
              Cancel
            </h2>
            <p className="mt-2 text-ink-800">{view.changes.refund}</p>
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="version" value={view.version} />
              <label className="flex items-start gap-3 text-ink-900">
                <input type="checkbox" name="confirm" value="yes" required aria-describedby={failure?.fieldErrors.confirm ? "confirm-error" : undefined} className="mt-1 size-4 accent-ink-900" />
                Yes, cancel my {name}
              </label>
              {failure?.fieldErrors.confirm ? (
                <p id="confirm-error" className="text-sm font-medium text-red-700">
                  {failure.fieldErrors.confirm[0]}
                </p>
              ) : null}
              <button type="submit" disabled={busy("cancel")} className={buttonClasses("dark", "md")}>
                {busy("cancel") ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
                Cancel My Booking
              </button>
            </Form>
          </section>
        </>
      )}
    </section>
  );
}
