import { eq } from "drizzle-orm";
import { data } from "react-router";
import { seminars } from "#db/schema/index.ts";
import type { Db } from "#db/client.ts";
import type { Actor } from "~/features/activity/rules.ts";
import type { Settings } from "~/lib/env.server.ts";
import { dispatchAdminIntent, type IntentHandler } from "~/lib/form-answers.server.ts";
import { editedVersion } from "~/lib/forms.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { ConflictError, UserFacingError } from "~/lib/errors.ts";
import { spotsLeft } from "../seats/rules.ts";
import { moveInWaitlist, sendOfferNow, waitlistOfSeminar, withdrawFromWaitlist } from "./line.server.ts";
import { serveWaitlistNow } from "./offers.server.ts";
import { waitlistRuntime } from "./runtime.server.ts";
import type { StaffWaitlist, waitlistAdminIntents } from "./staff-view.ts";

// /admin/seminars/:seminarId/waitlist: the line in order, and staff's four writes, each
// compare-and-set on the entry's version and logged as the admin's (docs/decisions/027).

type Runtime = { db: Db; settings: Settings };

export async function loadStaffWaitlist(db: Db, seminarId: string): Promise<StaffWaitlist> {
  if (!isRecordId(seminarId)) throw data(null, { status: 404 });
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, seminarId));
  if (!seminar) throw data(null, { status: 404 });
  const entries = await waitlistOfSeminar(db, seminarId);
  return {
    seminar: { id: seminar.id, title: seminar.title, seminarDate: seminar.seminarDate, seatsLeft: spotsLeft(seminar), maxAttendees: seminar.maxAttendees },
    entries: entries.map((entry) => ({
      id: entry.id,
      name: `${entry.firstName} ${entry.lastName}`,
      email: entry.email,
      seats: entry.seats,
      status: entry.status,
      offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
      withdrawnBy: entry.withdrawnBy,
      version: entry.version,
    })),
  };
}

function entryIdOf(form: FormData): string {
  const id = form.get("id");
  if (typeof id !== "string" || !isRecordId(id)) throw new UserFacingError("That place on the waitlist was not found.", 404);
  return id;
}

export async function staffWaitlistAction({ db, settings }: Runtime, actor: Actor, request: Request) {
  const rt = waitlistRuntime(settings);
  const version = (form: FormData) => {
    const seen = editedVersion(form);
    if (seen === undefined) throw new ConflictError("The form did not say which version of the line you saw. Please reload the page and try again.");
    return seen;
  };
  const move = (direction: "up" | "down"): IntentHandler => async (form) => {
    await moveInWaitlist(db, actor, { entryId: entryIdOf(form), direction, version: version(form) });
    return { ok: true, message: `Moved ${direction} the line.` };
  };
  return dispatchAdminIntent<(typeof waitlistAdminIntents)[number]>(
    request,
    {
      "move-up": move("up"),
      "move-down": move("down"),
      "send-offer": async (form) => {
        await sendOfferNow(db, actor, { entryId: entryIdOf(form), version: version(form) }, rt);
        return { ok: true, message: "Offer sent: the seats are held and the e-mail is in the outbox." };
      },
      withdraw: async (form) => {
        const { seminarId } = await withdrawFromWaitlist(db, { entryId: entryIdOf(form), actor, version: version(form) }, { siteUrl: settings.siteUrl });
        // Seats an offer held go to the next in line now.
        await serveWaitlistNow(db, seminarId, rt);
        return { ok: true, message: "Taken off the waitlist; an e-mail to tell them is in the outbox." };
      },
    },
    { "send-offer": "Failed to send the offer", withdraw: "Failed to withdraw", "move-up": "Failed to move", "move-down": "Failed to move" },
  );
}
