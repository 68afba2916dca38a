import { data, redirect } from "react-router";
import type { Db } from "#db/client.ts";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { historyOf, type ActivityView, type Actor } from "~/features/activity/service.server.ts";
import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import type { Settings } from "~/lib/env.server.ts";
import { formatRand, todayIn } from "~/lib/format.ts";
import { isRecordId } from "~/lib/ids.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { editedVersion, formValues, parseForm, readForm } from "~/lib/forms.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { netPaidCents } from "~/features/payments/booking-money.ts";
import { adminSeminar, createSeminar, deleteSeminar, listAdminSeminars, updateSeminar, type AdminSeminarView } from "./seminars.server.ts";
import { findSeminarBookingCount, type AddableContact } from "./queries.server.ts";
import { cancelBookingFormSchema, cancelSeminarFormSchema, liveBookingsFormSchema } from "./cancel-schema.ts";
import {
  parseSeminarListQuery,
  seminarAdminIntents,
  seminarFormSchema,
  seminarListSearch,
  toSeminarInput,
  type SeminarAdminIntent,
  type SeminarListQuery,
} from "./schema.ts";
import { serveWaitlistNow } from "../waitlist/offers.server.ts";
import { waitlistRuntime } from "../waitlist/runtime.server.ts";
import { addableContacts, addAttendee, attendeesOfSeminar, sendAttendeeReminder, type SeminarAttendees } from "./attendees.server.ts";
import {
  cancelAttendeeBooking,
  cancellationPreview,
  cancelSeminar,
  closeCheckoutsOfSeminar,
  liveBookingCounts,
  LiveBookingsQuestion,
  type CancellationPreview,
  type LiveBookingsChoice,
} from "./cancellations.server.ts";

// /admin/seminars: the loader's data (list, and the one modal the URL opens) and the
// action's seven intents, each small: parse → call the use case → answer. The route runs the
// admin guard first.

type Runtime = { db: Db; settings: Settings };

export type SeminarsModal =
  | { kind: "create" }
  /** `hasBookings`: its Delete is 'Cancel seminar' (a seminar with bookings is never deleted). */
  | { kind: "edit"; seminar: AdminSeminarView; history: ActivityView[]; hasBookings: boolean }
  /** ?delete=: 'Delete this seminar?' when nobody booked it, 'Cancel this seminar?' otherwise. */
  | { kind: "delete"; seminar: AdminSeminarView; preview: CancellationPreview }
  | {
      kind: "attendees";
      seminarId: string;
      /** null: 'Failed to load attendees'. */
      attendees: SeminarAttendees | null;
      search: string;
      addable: { contacts: AddableContact[]; total: number } | null;
      /** ?cancelBooking=: the booking whose 'Cancel booking' form shows. */
      cancelBookingId: string | null;
    };

export type SeminarsNotice =
  | { kind: "created"; title: string }
  | { kind: "deleted"; title: string }
  /** `then`: what a save that made the seminar inactive did with its live bookings. */
  | { kind: "saved"; title: string; then?: "cancelled" | "kept" }
  | { kind: "cancelled"; title: string; mailed: number; refunds: number }
  | { kind: "missing" };

export type SeminarsPageData =
  | { status: "error"; query: SeminarListQuery; today: string }
  | {
      status: "ok";
      query: SeminarListQuery;
      today: string;
      seminars: AdminSeminarView[];
      total: number;
      pageCount: number;
      modal: SeminarsModal | null;
      notice: SeminarsNotice | null;
    };

const countParam = (params: URLSearchParams, name: string) => Math.max(0, Number.parseInt(params.get(name) ?? "0", 10) || 0);

function noticeFrom(params: URLSearchParams): SeminarsNotice | null {
  const kind = params.get("notice");
  const title = (params.get("title") ?? "").slice(0, 200);
  if (kind === "created") return { kind, title };
  if (kind === "deleted") return { kind, title };
  if (kind === "saved") {
    const then = params.get("then");
    return { kind, title, ...(then === "cancelled" || then === "kept" ? { then } : {}) };
  }
  if (kind === "cancelled") return { kind, title, mailed: countParam(params, "mailed"), refunds: countParam(params, "refunds") };
  return null;
}

async function loadModal({ db }: Runtime, params: URLSearchParams, now: Date): Promise<SeminarsModal | "missing" | null> {
  if (params.get("create") === "1") return { kind: "create" };
  const editId = params.get("edit");
  if (editId !== null) {
    const seminar = isRecordId(editId) ? await adminSeminar(db, editId) : undefined;
    if (!seminar) return "missing";
    const [history, bookings] = await Promise.all([historyOf(db, "seminar", seminar.id), findSeminarBookingCount(db, seminar.id)]);
    return { kind: "edit", seminar, history, hasBookings: bookings > 0 };
  }
  const deleteId = params.get("delete");
  if (deleteId !== null) {
    const seminar = isRecordId(deleteId) ? await adminSeminar(db, deleteId) : undefined;
    return seminar ? { kind: "delete", seminar, preview: await cancellationPreview(db, seminar, now) } : "missing";
  }
  const attendeesId = params.get("attendees");
  if (attendeesId === null) return null;
  if (!isRecordId(attendeesId)) return "missing";
  const search = (params.get("who") ?? "").trim().slice(0, 100);
  const [attendees, addable] = await Promise.all([
    attendeesOfSeminar(db, attendeesId, now).catch((error: unknown) => {
      log.error("Failed to load attendees", { seminarId: attendeesId, ...errorFields(error) });
      return null;
    }),
    addableContacts(db, attendeesId, search).catch((error: unknown) => {
      log.error("Failed to load contacts to add", { seminarId: attendeesId, ...errorFields(error) });
      return null;
    }),
  ]);
  if (attendees === undefined) return "missing";
  const cancelBookingId = params.get("cancelBooking");
  return { kind: "attendees", seminarId: attendeesId, attendees, search, addable, cancelBookingId: isRecordId(cancelBookingId) ? cancelBookingId.toLowerCase() : null };
}

/** The loader of /admin/seminars. A failure to read the list is answered with 'Failed to load seminars'. */
export async function loadSeminarsPage(runtime: Runtime, url: URL, now = new Date()) {
  const params = url.searchParams;
  const query = parseSeminarListQuery(params);
  const today = todayIn("Africa/Johannesburg", now);
  try {
    const [{ page, ...list }, modal] = await Promise.all([listAdminSeminars(runtime.db, query, { now }), loadModal(runtime, params, now)]);
    return data<SeminarsPageData>({
      status: "ok",
      query: { ...query, page },
      today,
      ...list,
      modal: modal === "missing" ? null : modal,
      notice: modal === "missing" ? { kind: "missing" } : noticeFrom(params),
    });
  } catch (error) {
    log.error("Failed to load seminars", errorFields(error));
    return data<SeminarsPageData>({ status: "error", query, today }, { status: 500 });
  }
}

// ---- the action -----------------------------------------------------------------------

/**
 * The admin action contract (lib/action-result.ts) plus the banner's headline,
 * e.g. 'Failed to add attendee' (docs/product.md §3.6, §10.3). `target` is the booking or contact acted on.
 * `liveBookings`: an edit that would hide a seminar with live bookings asks what happens to them.
 */
export type SeminarActionResult = AdminActionResult & { title: string; liveBookings?: { attendees: number; paidAttendees: number } };

type Intent = SeminarAdminIntent | "unknown";

const failureTitles: Record<Intent, string> = {
  "create-seminar": "Failed to create seminar",
  "update-seminar": "Failed to save seminar",
  "delete-seminar": "Failed to delete seminar",
  "cancel-seminar": "Failed to cancel seminar",
  "add-attendee": "Failed to add attendee",
  "cancel-booking": "Failed to cancel booking",
  "send-reminder": "Failed to send reminder",
  unknown: "Sorry, that action is not available on this page.",
};

/** A refusal or a failure with the form's headline; an unexpected one shows the headline as its message. */
function failed(intent: Intent, error: unknown, { target, values = {} }: { target?: string; values?: Record<string, string> } = {}) {
  const title = failureTitles[intent];
  const liveBookings = error instanceof LiveBookingsQuestion ? { attendees: error.attendees, paidAttendees: error.paidAttendees } : undefined;
  return failureAnswer(error, { values, tags: { intent, title, target, ...(liveBookings ? { liveBookings } : {}) }, unexpected: title });
}

function refused(intent: Intent, message: string, status: 400 | 404 = 400, target?: string) {
  return failed(intent, new UserFacingError(message, status), { target });
}

function succeeded(intent: SeminarAdminIntent, title: string, message: string, target: string): SeminarActionResult {
  return { intent, ok: true, title, message, target };
}

function idField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return isRecordId(value) ? value.toLowerCase() : undefined;
}

function listQueryOf(request: Request): SeminarListQuery {
  return parseSeminarListQuery(new URL(request.url).searchParams);
}

/** What an edit that hides a seminar with live bookings should do with them, as the form answered; undefined when it did not ask. */
function liveBookingsChoice(form: FormData): { ok: true; choice?: LiveBookingsChoice } | { ok: false; failure: Parameters<typeof invalidAnswer>[0] } {
  const parsed = parseForm(form, liveBookingsFormSchema);
  if (!parsed.ok) return { ok: false, failure: parsed };
  const { onLiveBookings, cancel_reason } = parsed.data;
  if (onLiveBookings === "keep") return { ok: true, choice: { kind: "keep" } };
  if (onLiveBookings === "cancel") return { ok: true, choice: { kind: "cancel", reason: cancel_reason ?? "" } };
  return { ok: true };
}

async function saveSeminar(runtime: Runtime, actor: Actor, request: Request, form: FormData, intent: "create-seminar" | "update-seminar") {
  const values = formValues(form);
  const seminarId = intent === "update-seminar" ? idField(form, "seminarId") : undefined;
  if (intent === "update-seminar" && !seminarId) return refused(intent, "Seminar not found", 404);
  const now = new Date();
  const earliestDate = intent === "create-seminar" ? todayIn("Africa/Johannesburg", now) : undefined;
  const parsed = parseForm(form, seminarFormSchema({ earliestDate }));
  const answered = liveBookingsChoice(form);
  const refuse = async (failure: Parameters<typeof invalidAnswer>[0]) => {
    // A form that was answering the live-bookings question keeps asking it while it is refused.
    const asking = seminarId && form.has("onLiveBookings") ? { liveBookings: await liveBookingCounts(runtime.db, seminarId, now) } : {};
    return invalidAnswer(failure, { intent, title: failureTitles[intent], target: seminarId, ...asking });
  };
  if (!parsed.ok) return refuse(parsed);
  if (!answered.ok) return refuse(answered.failure);
  const liveBookings = answered.choice;
  try {
    const { db, settings } = runtime;
    const input = toSeminarInput(parsed.data);
    if (!seminarId) {
      const created = await createSeminar(db, actor, input, now);
      return redirect(`/admin/seminars${seminarListSearch(listQueryOf(request), { notice: "created", title: created.title })}`);
    }
    const saved = await updateSeminar(db, actor, { id: seminarId, version: editedVersion(form) }, input, { siteUrl: settings.siteUrl, links: linkSigner(settings), now, liveBookings });
    // A seminar the save cancelled: nobody may pay for its seats any more.
    if (saved.liveBookings === "cancelled") await closeCheckoutsOfSeminar(db, paymentProviderFor(db, settings), seminarId);
    // Capacity raised: the new seats go to the waitlist first (docs/decisions/027).
    await serveWaitlistAfter(runtime, seminarId);
    return redirect(`/admin/seminars${seminarListSearch(listQueryOf(request), { notice: "saved", title: saved.title, then: saved.liveBookings })}`);
  } catch (error) {
    return failed(intent, error, { values, target: seminarId });
  }
}

/** 'Delete this seminar?' (nobody booked it): it goes, and the list shows its first page. */
async function removeSeminar(runtime: Runtime, actor: Actor, request: Request, form: FormData) {
  const seminarId = idField(form, "seminarId");
  if (!seminarId) return refused("delete-seminar", "Seminar not found", 404);
  try {
    const deleted = await deleteSeminar(runtime.db, actor, seminarId);
    return redirect(`/admin/seminars${seminarListSearch({ ...listQueryOf(request), page: 1 }, { notice: "deleted", title: deleted.title })}`);
  } catch (error) {
    return failed("delete-seminar", error, { target: seminarId });
  }
}

/** 'Cancel this seminar?': archived with its bookings, attendees told, refunds marked due. */
async function cancelSeminarAction(runtime: Runtime, actor: Actor, request: Request, form: FormData) {
  const intent = "cancel-seminar";
  const seminarId = idField(form, "seminarId");
  if (!seminarId) return refused(intent, "Seminar not found", 404);
  const parsed = parseForm(form, cancelSeminarFormSchema);
  if (!parsed.ok) return invalidAnswer(parsed, { intent, title: failureTitles[intent], target: seminarId });
  try {
    const { db, settings } = runtime;
    const cancelled = await cancelSeminar(db, actor, paymentProviderFor(db, settings), { seminarId, reason: parsed.data.cancel_reason }, { siteUrl: settings.siteUrl, links: linkSigner(settings) });
    const notice = { notice: "cancelled", title: cancelled.seminar.title, mailed: String(cancelled.emailsQueued), refunds: String(cancelled.refundsDue) };
    return redirect(`/admin/seminars${seminarListSearch(listQueryOf(request), notice)}`);
  } catch (error) {
    return failed(intent, error, { values: formValues(form), target: seminarId });
  }
}

async function attendeeAction(runtime: Runtime, actor: Actor, form: FormData, intent: "add-attendee" | "cancel-booking" | "send-reminder") {
  const { db, settings } = runtime;
  const seminarId = idField(form, "seminarId");
  if (!seminarId) return refused(intent, "Seminar not found", 404);
  try {
    if (intent === "add-attendee") {
      const contactId = idField(form, "contactId");
      if (!contactId) return refused(intent, "Please choose a contact to add.");
      const booking = await addAttendee(db, actor, { seminarId, contactId }, { siteUrl: settings.siteUrl, links: linkSigner(settings) });
      return succeeded(intent, "Attendee added", `${booking.firstName} ${booking.lastName} was added as a confirmed attendee; their booking confirmation (fee still to pay) is in the outbox.`, contactId);
    }
    const bookingId = idField(form, "bookingId");
    if (!bookingId) return refused(intent, "That attendee is no longer on this seminar.", 404);
    if (intent === "cancel-booking") {
      const parsed = parseForm(form, cancelBookingFormSchema);
      if (!parsed.ok) return invalidAnswer(parsed, { intent, title: failureTitles[intent], target: bookingId });
      const { cancel_reason: reason, refund_due: refundDue } = parsed.data;
      const { booking: cancelled, emailed } = await cancelAttendeeBooking(db, actor, paymentProviderFor(db, settings), { seminarId, bookingId, reason, refundDue }, { siteUrl: settings.siteUrl, links: linkSigner(settings) });
      await serveWaitlistAfter(runtime, seminarId);
      const name = `${cancelled.firstName} ${cancelled.lastName}`;
      const told = emailed ? "an e-mail to tell them is in the outbox" : "the e-mail to tell them could not be queued, so please contact them";
      const money = !cancelled.isPaid ? "" : cancelled.refundDue ? ` A refund of ${formatRand(netPaidCents(cancelled))} is due.` : " No refund is due.";
      return succeeded(intent, "Booking cancelled", `${name}'s booking was cancelled and its seat given back; ${told}.${money}`, bookingId);
    }
    const reminder = await sendAttendeeReminder(db, actor, { seminarId, bookingId }, { siteUrl: settings.siteUrl, links: linkSigner(settings) });
    return succeeded(intent, "Reminder queued", `A reminder e-mail to ${reminder.to} is in the outbox.`, bookingId);
  } catch (error) {
    return failed(intent, error, { values: intent === "cancel-booking" ? formValues(form) : {}, target: idField(form, intent === "add-attendee" ? "contactId" : "bookingId") });
  }
}

/** Seats freed or added by staff go to the seminar's waitlist now. */
function serveWaitlistAfter({ db, settings }: Runtime, seminarId: string): Promise<void> {
  return serveWaitlistNow(db, seminarId, waitlistRuntime(settings));
}

/** The action of /admin/seminars: one of seven intents, anything else is a 400. Each write is logged as `actor`'s. */
export async function seminarsPageAction(runtime: Runtime, actor: Actor, request: Request) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failed("unknown", error);
  }
  const intent = seminarAdminIntents.find((candidate) => candidate === form.get("intent"));
  switch (intent) {
    case "create-seminar":
    case "update-seminar":
      return saveSeminar(runtime, actor, request, form, intent);
    case "delete-seminar":
      return removeSeminar(runtime, actor, request, form);
    case "cancel-seminar":
      return cancelSeminarAction(runtime, actor, request, form);
    case "add-attendee":
    case "cancel-booking":
    case "send-reminder":
      return attendeeAction(runtime, actor, form, intent);
    default:
      return refused("unknown", "Sorry, that action is not available on this page.");
  }
}
