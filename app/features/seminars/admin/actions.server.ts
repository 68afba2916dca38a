import { data, redirect } from "react-router";
import type { Db } from "#db/client.ts";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { historyOf, type ActivityView, type Actor } from "~/features/activity/service.server.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import type { Settings } from "~/lib/env.server.ts";
import { todayIn } from "~/lib/format.ts";
import { isRecordId } from "~/lib/ids.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { editedVersion, formValues, parseForm, readForm } from "~/lib/forms.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { adminSeminar, attendeesToTell, createSeminar, deleteSeminar, listAdminSeminars, updateSeminar, type AdminSeminarView } from "./seminars.server.ts";
import type { AddableContact } from "./queries.server.ts";
import {
  parseSeminarListQuery,
  seminarAdminIntents,
  seminarFormSchema,
  seminarListSearch,
  toSeminarInput,
  type SeminarAdminIntent,
  type SeminarListQuery,
} from "./schema.ts";
import { addableContacts, addAttendee, attendeesOfSeminar, removeAttendee, sendAttendeeReminder, type SeminarAttendees } from "./attendees.server.ts";

// /admin/seminars: the loader's data (list, and the one modal the URL opens) and the
// action's six intents, each small: parse → call the use case → answer. The route runs the
// admin guard first.

type Runtime = { db: Db; settings: Settings };

export type SeminarsModal =
  | { kind: "create" }
  | { kind: "edit"; seminar: AdminSeminarView; history: ActivityView[] }
  | { kind: "delete"; seminar: AdminSeminarView; attendeesToTell: number }
  | {
      kind: "attendees";
      seminarId: string;
      /** null: 'Failed to load attendees'. */
      attendees: SeminarAttendees | null;
      search: string;
      addable: { contacts: AddableContact[]; total: number } | null;
    };

export type SeminarsNotice = { kind: "created" | "saved" | "deleted"; title: string; mailed?: number } | { kind: "missing" };

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

function noticeFrom(params: URLSearchParams): SeminarsNotice | null {
  const kind = params.get("notice");
  const title = (params.get("title") ?? "").slice(0, 200);
  if (kind === "created" || kind === "saved") return { kind, title };
  if (kind === "deleted") return { kind, title, mailed: Math.max(0, Number.parseInt(params.get("mailed") ?? "0", 10) || 0) };
  return null;
}

async function loadModal({ db }: Runtime, params: URLSearchParams, now: Date): Promise<SeminarsModal | "missing" | null> {
  if (params.get("create") === "1") return { kind: "create" };
  const editId = params.get("edit");
  if (editId !== null) {
    const seminar = isRecordId(editId) ? await adminSeminar(db, editId) : undefined;
    return seminar ? { kind: "edit", seminar, history: await historyOf(db, "seminar", seminar.id) } : "missing";
  }
  const deleteId = params.get("delete");
  if (deleteId !== null) {
    const seminar = isRecordId(deleteId) ? await adminSeminar(db, deleteId) : undefined;
    return seminar ? { kind: "delete", seminar, attendeesToTell: await attendeesToTell(db, seminar.id, now) } : "missing";
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
  return { kind: "attendees", seminarId: attendeesId, attendees, search, addable };
}

/** The loader of /admin/seminars. A failure to read the list is answered with 'Failed to load seminars'. */
export async function loadSeminarsPage(runtime: Runtime, url: URL, now = new Date()) {
  const params = url.searchParams;
  const query = parseSeminarListQuery(params);
  const today = todayIn("Africa/Johannesburg", now);
  try {
    const [{ page, ...list }, modal] = await Promise.all([listAdminSeminars(runtime.db, query, { siteUrl: runtime.settings.siteUrl, now }), loadModal(runtime, params, now)]);
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
 */
export type SeminarActionResult = AdminActionResult & { title: string };

type Intent = SeminarAdminIntent | "unknown";

const failureTitles: Record<Intent, string> = {
  "create-seminar": "Failed to create seminar",
  "update-seminar": "Failed to save seminar",
  "delete-seminar": "Failed to delete seminar",
  "add-attendee": "Failed to add attendee",
  "remove-attendee": "Failed to remove attendee",
  "send-reminder": "Failed to send reminder",
  unknown: "Sorry, that action is not available on this page.",
};

/** A refusal or a failure with the form's headline; an unexpected one shows the headline as its message. */
function failed(intent: Intent, error: unknown, { target, values = {} }: { target?: string; values?: Record<string, string> } = {}) {
  const title = failureTitles[intent];
  return failureAnswer(error, { values, tags: { intent, title, target }, unexpected: title });
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

async function saveSeminar(runtime: Runtime, actor: Actor, request: Request, form: FormData, intent: "create-seminar" | "update-seminar") {
  const values = formValues(form);
  const seminarId = intent === "update-seminar" ? idField(form, "seminarId") : undefined;
  if (intent === "update-seminar" && !seminarId) return refused(intent, "Seminar not found", 404);
  const now = new Date();
  const earliestDate = intent === "create-seminar" ? todayIn("Africa/Johannesburg", now) : undefined;
  const parsed = parseForm(form, seminarFormSchema({ earliestDate }));
  if (!parsed.ok) return invalidAnswer(parsed, { intent, title: failureTitles[intent], target: seminarId });
  try {
    const input = toSeminarInput(parsed.data);
    const saved = seminarId
      ? await updateSeminar(runtime.db, actor, { id: seminarId, version: editedVersion(form) }, input, { siteUrl: runtime.settings.siteUrl, now })
      : await createSeminar(runtime.db, actor, input, now);
    return redirect(`/admin/seminars${seminarListSearch(listQueryOf(request), { notice: seminarId ? "saved" : "created", title: saved.title })}`);
  } catch (error) {
    return failed(intent, error, { values, target: seminarId });
  }
}

async function removeSeminar(runtime: Runtime, actor: Actor, request: Request, form: FormData) {
  const seminarId = idField(form, "seminarId");
  if (!seminarId) return refused("delete-seminar", "Seminar not found", 404);
  try {
    const { db, settings } = runtime;
    const deleted = await deleteSeminar(db, actor, paymentProviderFor(db, settings), seminarId, { siteUrl: settings.siteUrl });
    const query = { ...listQueryOf(request), page: 1 };
    return redirect(`/admin/seminars${seminarListSearch(query, { notice: "deleted", title: deleted.title, mailed: String(deleted.emailsQueued) })}`);
  } catch (error) {
    return failed("delete-seminar", error, { target: seminarId });
  }
}

async function attendeeAction(runtime: Runtime, actor: Actor, form: FormData, intent: "add-attendee" | "remove-attendee" | "send-reminder") {
  const { db, settings } = runtime;
  const seminarId = idField(form, "seminarId");
  if (!seminarId) return refused(intent, "Seminar not found", 404);
  try {
    if (intent === "add-attendee") {
      const contactId = idField(form, "contactId");
      if (!contactId) return refused(intent, "Please choose a contact to add.");
      const booking = await addAttendee(db, actor, { seminarId, contactId }, { siteUrl: settings.siteUrl });
      return succeeded(intent, "Attendee added", `${booking.firstName} ${booking.lastName} was added as a confirmed attendee.`, contactId);
    }
    const bookingId = idField(form, "bookingId");
    if (!bookingId) return refused(intent, "That attendee is no longer on this seminar.", 404);
    if (intent === "remove-attendee") {
      const removed = await removeAttendee(db, actor, paymentProviderFor(db, settings), { seminarId, bookingId });
      return succeeded(intent, "Attendee removed", `${removed.firstName} ${removed.lastName} was removed and their seat given back.`, bookingId);
    }
    const reminder = await sendAttendeeReminder(db, actor, { seminarId, bookingId }, { siteUrl: settings.siteUrl });
    return succeeded(intent, "Reminder queued", `A reminder e-mail to ${reminder.to} is in the outbox.`, bookingId);
  } catch (error) {
    return failed(intent, error, { target: idField(form, intent === "add-attendee" ? "contactId" : "bookingId") });
  }
}

/** The action of /admin/seminars: one of six intents, anything else is a 400. Each write is logged as `actor`'s. */
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
    case "add-attendee":
    case "remove-attendee":
    case "send-reminder":
      return attendeeAction(runtime, actor, form, intent);
    default:
      return refused("unknown", "Sorry, that action is not available on this page.");
  }
}
