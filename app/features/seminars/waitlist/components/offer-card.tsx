import { CalendarDays, Lock, MapPin, Timer } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { ErrorSummary } from "~/components/ui/error-summary.tsx";
import { TextField } from "~/features/contacts/components/contact-fields.tsx";
import { formatLongDate, formatRand, formatTime, saClockTime } from "~/lib/format.ts";
import { SEAT_NUMBERS, ticketNameField } from "../../schema.ts";
import type { OfferView } from "../offer-view.ts";

type Failure = { message: string; fieldErrors: Record<string, string[] | undefined>; values: Record<string, string> };

const seatsLabel = (seats: number) => (seats === 1 ? "1 seat" : `${seats} seats`);

const ended: Record<"booked" | "lapsed" | "withdrawn", { heading: string; text: string }> = {
  booked: { heading: "Your seats are booked", text: "You claimed this offer and paid: your booking is confirmed, and your tickets are in your confirmation e-mail." },
  lapsed: { heading: "This offer has passed", text: "It wasn't claimed in time, so its seats have gone to the next person in line. You haven't been charged." },
  withdrawn: { heading: "You've left the waitlist", text: "This place on the waitlist has ended. Any seats held for it have gone to the next person in line." },
};

/** The offer's page: what is held and until when, the names on the tickets, "Pay and confirm" and "Leave the waitlist" (plain POSTs). */
export function OfferCard({ offer, failure, left }: { offer: OfferView; failure?: Failure & { intent: string }; left: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { seminar } = offer;
  const state = left ? "withdrawn" : offer.state;
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const summary = Object.entries(errors).flatMap(([field, messages]) => (messages?.[0] ? [{ field, message: messages[0] }] : []));

  return (
    <main id="main" className="bg-ink-50/60">
      <div className="mx-auto max-w-2xl px-5 py-12 sm:py-16">
        <p className="text-sm font-semibold tracking-widest text-ink-700 uppercase">Waitlist</p>
        <h1 className="mt-2 text-3xl font-semibold text-ink-950 sm:text-4xl">{seminar.title}</h1>
        <ul className="mt-4 space-y-2 text-ink-800">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-ink-700" />
            {formatLongDate(seminar.seminarDate) ?? seminar.seminarDate}, {formatTime(seminar.seminarTime)} (South African time)
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 text-ink-700" />
            {seminar.venueName}, {seminar.city}
          </li>
        </ul>

        <section aria-labelledby="offer-heading" className="mt-8 rounded-3xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8">
          {state === "offered" && offer.state === "offered" ? (
            <>
              <h2 id="offer-heading" className="text-2xl font-semibold text-ink-950">
                {seatsLabel(offer.seats)} held for you
              </h2>
              <dl className="mt-4 rounded-2xl bg-ink-50 p-4">
                <div className="flex items-baseline justify-between gap-4">
                  <dt className="text-ink-700">
                    {formatRand(offer.priceCents)} × {seatsLabel(offer.seats)}
                  </dt>
                  <dd data-testid="offer-amount" className="font-display text-3xl font-semibold text-ink-950">
                    {formatRand(offer.amountCents)}
                  </dd>
                </div>
                <div className="mt-3 flex items-start gap-2 border-t border-ink-200 pt-3 text-sm">
                  <dt className="sr-only">Held until</dt>
                  <Timer aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-700" />
                  <dd>
                    Held for you until{" "}
                    <time dateTime={offer.expiresAt} className="font-semibold text-ink-950">
                      {saClockTime(offer.expiresAt)}
                    </time>{" "}
                    (South African time). After that, the seats go to the next person in line.
                  </dd>
                </div>
              </dl>
              <Form method="post" noValidate aria-labelledby="offer-heading" className="mt-6 space-y-5">
                <input type="hidden" name="intent" value="pay" />
                {failure && failure.intent === "pay" && (
                  <ErrorSummary title={failure.message} errors={summary} idPrefix="offer-" headingId="offer-error-summary" focusToken={failure} />
                )}
                <fieldset className="space-y-4">
                  <legend className="text-sm font-semibold text-ink-950">Names on the tickets</legend>
                  {SEAT_NUMBERS.filter((seat) => seat <= offer.seats).map((seat) => (
                    <TextField
                      key={seat}
                      name={ticketNameField(seat)}
                      label={`Name on ticket ${seat}`}
                      required={seat > 1}
                      hint={seat === 1 ? `Leave empty to use your own name (${offer.holderName})` : undefined}
                      idPrefix="offer-"
                      autoComplete="off"
                      defaultValue={values[ticketNameField(seat)]}
                      errors={errors[ticketNameField(seat)]}
                    />
                  ))}
                </fieldset>
                <button type="submit" disabled={busy} className={buttonClasses("primary", "lg", "w-full cursor-pointer")}>
                  <Lock aria-hidden="true" className="size-4" />
                  Pay and confirm
                </button>
                <p className="text-center text-sm text-ink-700">You pay on a secure checkout page; the amount is charged in rand (ZAR).</p>
              </Form>
            </>
          ) : state === "waiting" && offer.state === "waiting" ? (
            <>
              <h2 id="offer-heading" className="text-2xl font-semibold text-ink-950">
                You're number {offer.place} in line
              </h2>
              <p className="mt-3 text-ink-800">You're waiting for {seatsLabel(offer.seats)}. We'll e-mail you an offer if they free up.</p>
            </>
          ) : (
            <>
              <h2 id="offer-heading" className="text-2xl font-semibold text-ink-950">
                {ended[state as keyof typeof ended].heading}
              </h2>
              <p className="mt-3 text-ink-800">{ended[state as keyof typeof ended].text}</p>
              <Link to="/events" className={buttonClasses("dark", "md", "mt-6")}>
                See our seminars
              </Link>
            </>
          )}
          {failure && failure.intent !== "pay" && (
            <p role="alert" className="mt-4 rounded-xl border border-red-700 bg-red-50 p-3 text-sm font-semibold text-ink-950">
              {failure.message}
            </p>
          )}
        </section>

        {(state === "offered" || state === "waiting") && (
          <Form method="post" className="mt-6 text-center">
            <input type="hidden" name="intent" value="leave" />
            <button type="submit" disabled={busy} className={buttonClasses("secondary", "md", "cursor-pointer")}>
              Leave the waitlist
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
