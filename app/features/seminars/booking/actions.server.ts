import { redirect } from "react-router";
import type { Db } from "#db/client.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import type { ClientInfo } from "~/lib/client.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { failureAnswer, invalidAnswer } from "~/lib/form-answers.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { formValues, parseForm, readForm } from "~/lib/forms.server.ts";
import { countSeatTry, holdSeat } from "../seats/holds.server.ts";
import type { BookingActionFailure, BookingIntent, SeatHeld } from "./actions.ts";
import { cancelSeminarCheckout, startSeminarCheckout } from "./checkout.server.ts";
import { findBooking } from "../admin/queries.server.ts";
import { isLeftUnpaid } from "../seats/rules.ts";
import { SeminarFullError, SeminarNotFoundError } from "../errors.ts";
import { seminarBookingFormSchema, seminarIdSchema } from "../schema.ts";
import { joinWaitlistAction } from "../waitlist/join-action.server.ts";

// The booking page's three intents, each small: parse → call the use case → answer.

type Runtime = { db: Db; settings: Settings };

type Tags = Pick<BookingActionFailure, "intent" | "fullyBooked">;

/** A failure tagged with the intent it came from; a full seminar also says so, and the page shows 'fully booked'. */
function failed(intent: BookingActionFailure["intent"], error: unknown, values: Record<string, string> = {}) {
  return failureAnswer<Tags>(error, { values, tags: error instanceof SeminarFullError ? { intent, fullyBooked: true } : { intent } });
}

function refused(intent: BookingActionFailure["intent"], message: string, status: 400 | 404) {
  return failed(intent, new UserFacingError(message, status));
}

/**
 * intent=book: count the try against the visitor's address, validate the form and hold a
 * seat. The seminar comes from the URL only. Every try counts, whatever its answer (a form
 * sent back, a full seminar), as the consultation forms count theirs (docs/decisions/018).
 */
async function book({ db, settings }: Runtime, client: ClientInfo, seminarId: string, form: FormData) {
  const values = formValues(form);
  try {
    await countSeatTry(db, { address: client.ip, limit: settings.seminars.seatHoldsPerAddress });
  } catch (error) {
    return failed("book", error, values);
  }
  const parsed = parseForm(form, seminarBookingFormSchema);
  if (!parsed.ok) return invalidAnswer<Tags>(parsed, { intent: "book" });
  if (!seminarIdSchema.safeParse(seminarId).success) return failed("book", new SeminarNotFoundError(), values);
  const { notes, seats, attendeeNames, ...contact } = parsed.data;
  try {
    const hold = await holdSeat(db, { seminarId, contact, notes, seats, attendeeNames }, { siteUrl: settings.siteUrl });
    return {
      intent: "book",
      ok: true,
      bookingId: hold.bookingId,
      amountCents: hold.amountCents,
      holdExpiresAt: hold.holdExpiresAt.toISOString(),
    } satisfies SeatHeld;
  } catch (error) {
    return failed("book", error, values);
  }
}

function bookingIdFrom(form: FormData): string | undefined {
  const bookingId = form.get("bookingId");
  return typeof bookingId === "string" && seminarIdSchema.safeParse(bookingId).success ? bookingId : undefined;
}

/** intent=pay: open (or reuse) the checkout for the held seat and send the visitor there. */
async function pay({ db, settings }: Runtime, form: FormData) {
  const bookingId = bookingIdFrom(form);
  if (!bookingId) return refused("pay", "We could not find your reservation. Please book again.", 400);
  try {
    const { url } = await startSeminarCheckout(db, paymentProviderFor(db, settings), { bookingId, siteUrl: settings.siteUrl });
    return redirect(url);
  } catch (error) {
    return failed("pay", error);
  }
}

/**
 * intent=cancel: release the held seat and go back to the events list, which says so as it
 * does after Cancel on the checkout page (the same address, /events?cancelled={bookingId}).
 */
async function cancel({ db, settings }: Runtime, form: FormData) {
  const bookingId = bookingIdFrom(form);
  if (!bookingId) return refused("cancel", "We could not find your reservation.", 400);
  try {
    await cancelSeminarCheckout(db, paymentProviderFor(db, settings), bookingId);
    return redirect(`/events?cancelled=${bookingId}`);
  } catch (error) {
    return failed("cancel", error);
  }
}

/** The booking page's action: one of its intents (a full seminar's page joins the waitlist), anything else is a 400. */
export async function bookingPageAction(runtime: Runtime, client: ClientInfo, seminarId: string, request: Request) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failed("unknown", error);
  }
  const intent = form.get("intent") as BookingIntent | null;
  switch (intent) {
    case "book":
      return book(runtime, client, seminarId, form);
    case "pay":
      return pay(runtime, form);
    case "cancel":
      return cancel(runtime, form);
    case "join-waitlist":
      return joinWaitlistAction(runtime, client, seminarId, form);
    default:
      return refused("unknown", "Sorry, that action is not available on this page.", 400);
  }
}

/**
 * /events?cancelled={bookingId}, the cancel address of the checkout and of the payment dialog:
 * releases that unpaid hold. True when the hold is released, by this visit or just before it (the
 * dialog's Cancel releases it, then comes here), so the list can say so; a bad id, a paid
 * booking or a failure changes nothing and says nothing.
 */
export async function releaseCancelledCheckout({ db, settings }: Runtime, bookingId: string | null): Promise<boolean> {
  if (!bookingId || !seminarIdSchema.safeParse(bookingId).success) return false;
  try {
    if (await cancelSeminarCheckout(db, paymentProviderFor(db, settings), bookingId)) return true;
    return isLeftUnpaid(await findBooking(db, bookingId));
  } catch (error) {
    log.error("Could not cancel a seminar checkout", { bookingId, ...errorFields(error) });
    return false;
  }
}
