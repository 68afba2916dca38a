import { data } from "react-router";
import type { Db } from "#db/client.ts";
import type { Actor } from "~/features/activity/service.server.ts";
import type { FormFailure } from "~/lib/action-result.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { parseForm, readForm } from "~/lib/forms.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { checkInTicket, undoCheckIn } from "./checkin.server.ts";
import type { CheckInAnswer } from "./rules.ts";
import { CHECK_IN_INTENT, checkInFormSchema, UNDO_CHECK_IN_INTENT, undoCheckInFormSchema, type CheckInSource } from "./schema.ts";

// The door's action (docs/decisions/025): every answer about a ticket, refusals included, is a
// 200 with the answer to show; only a form that says nothing usable is a 4xx.

export type DoorActionResult =
  | { ok: true; intent: string; source: CheckInSource; answer: CheckInAnswer }
  | (FormFailure & { intent: string });

export async function doorAction(db: Db, actor: Actor, seminarId: string, request: Request) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failureAnswer<{ intent: string }>(error instanceof UserFacingError ? error : new UserFacingError("The form could not be read.", 400), { tags: { intent: "" } });
  }
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === CHECK_IN_INTENT) {
      const parsed = parseForm(form, checkInFormSchema);
      if (!parsed.ok) return invalidAnswer(parsed, { intent });
      const answer = await checkInTicket(db, actor, { seminarId, code: parsed.data.code });
      return data<DoorActionResult>({ ok: true, intent, source: parsed.data.source, answer });
    }
    if (intent === UNDO_CHECK_IN_INTENT) {
      const parsed = parseForm(form, undoCheckInFormSchema);
      if (!parsed.ok) return invalidAnswer(parsed, { intent });
      const answer = await undoCheckIn(db, actor, { seminarId, ticketId: parsed.data.ticketId });
      return data<DoorActionResult>({ ok: true, intent, source: "list", answer });
    }
  } catch (error) {
    return failureAnswer<{ intent: string }>(error, { tags: { intent }, unexpected: "The check-in could not be saved. Please try again." });
  }
  return failureAnswer<{ intent: string }>(new UserFacingError("Unknown request.", 400), { tags: { intent } });
}
