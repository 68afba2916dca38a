import type { Db } from "#db/client.ts";
import { HONEYPOT_FIELD, isHoneypotFilled } from "~/features/abuse/honeypot.ts";
import { consumeRateLimit } from "~/features/abuse/service.server.ts";
import type { ClientInfo } from "~/lib/client.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { formValues, parseForm } from "~/lib/forms.server.ts";
import { log } from "~/lib/log.server.ts";
import type { BookingActionFailure, WaitlistJoined } from "../booking/actions.ts";
import { SeminarNotFoundError } from "../errors.ts";
import { seminarIdSchema } from "../schema.ts";
import { HOLD_MINUTES } from "../seats/rules.ts";
import { joinWaitlist } from "./line.server.ts";
import { serveWaitlistNow } from "./offers.server.ts";
import { waitlistRuntime } from "./runtime.server.ts";
import { waitlistJoinFormSchema } from "./schema.ts";

type Tags = Pick<BookingActionFailure, "intent">;
const tags: Tags = { intent: "join-waitlist" };

/**
 * intent=join-waitlist on a full seminar's booking page (public form rules, docs/decisions/007):
 * every try counts against the address like a seat try, a filled honeypot is answered like a
 * success and saves nothing, then the one schema, then the line. Seats already free (the page
 * was stale) are offered at once.
 */
export async function joinWaitlistAction({ db, settings }: { db: Db; settings: Settings }, client: ClientInfo, seminarId: string, form: FormData) {
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = formValues(form);
  try {
    await consumeRateLimit(db, { name: "waitlist-join", limit: settings.seminars.seatHoldsPerAddress, windowSeconds: HOLD_MINUTES * 60 }, client.ip);
  } catch (error) {
    return failureAnswer<Tags>(error, { values, tags });
  }
  const parsed = parseForm(form, waitlistJoinFormSchema);
  if (isHoneypotFilled(form)) {
    log.info("Waitlist form honeypot filled: answered as a success, nothing saved", { form: "seminar-waitlist" });
    return { intent: "join-waitlist", ok: true, seats: parsed.ok ? parsed.data.seats : 1 } satisfies WaitlistJoined;
  }
  if (!parsed.ok) return invalidAnswer<Tags>({ ...parsed, values }, tags);
  if (!seminarIdSchema.safeParse(seminarId).success) return failureAnswer<Tags>(new SeminarNotFoundError(), { values, tags });
  let place: number;
  try {
    ({ place } = await joinWaitlist(db, seminarId, parsed.data, { siteUrl: settings.siteUrl }));
  } catch (error) {
    return failureAnswer<Tags>(error, { values, tags });
  }
  await serveWaitlistNow(db, seminarId, waitlistRuntime(settings));
  return { intent: "join-waitlist", ok: true, place, seats: parsed.data.seats } satisfies WaitlistJoined;
}
