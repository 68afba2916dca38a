import { CircleCheckBig, CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog.tsx";
import { priceNoteInline } from "~/content/consultations.ts";
import { brand, consultation } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import type { BookingSuccess } from "../booking-form.ts";

export const SUCCESS_TITLE = "Booking request received";
/** The title once a real time is booked (a free call, confirmed at once). */
export const BOOKED_TITLE = "Your call is booked";

const titleOf = (result: BookingSuccess) => (result.when ? BOOKED_TITLE : SUCCESS_TITLE);

function leadText({ type, email, when }: BookingSuccess): string {
  const what = type === "paid" ? "a private consultation" : `a free ${consultation.freeCallMinutes}-minute intro call`;
  const where = email ? `to ${email}` : "to your e-mail address";
  if (when) return `Thank you. Your ${what.replace(/^an? /, "")} is booked for ${when}. We've sent the meeting link and a calendar invitation ${where}.`;
  return `Thank you. Your request for ${what} is in, and we've sent a confirmation ${where}.`;
}

/** What happens next for a request (a time still to agree), and for a booked time. */
function nextSteps(result: BookingSuccess): string[] {
  if (result.when) {
    return [
      "Add the invitation to your calendar: it shows the time in your own time zone.",
      "At the time, open the meeting link from the e-mail in your browser: there is nothing to install.",
      "Need another time? Reply to the e-mail and we'll move it for you.",
    ];
  }
  return [
    "An adviser reads your details and notes, so the time is spent on your situation.",
    `${consultation.responsePromise} to agree a time within your preferred window (UK time).`,
    "You receive a video-meeting link for the agreed time.",
  ];
}

/** What happens next; shared by the modal (with JavaScript) and the page (without). */
function SuccessDetails({ result, headingLevel: Heading }: { result: BookingSuccess; headingLevel: "h2" | "h3" }) {
  return (
    <>
      {result.type === "paid" ? (
        <p className="mt-5 flex gap-3 rounded-xl bg-sun-100 p-4 text-ink-900">
          <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            The e-mail includes a secure link to pay <strong>{formatRand(consultation.priceCents)}</strong> online ({priceNoteInline}).
            Your consultation is confirmed once it is paid.
          </span>
        </p>
      ) : null}
      <Heading className="mt-6 font-sans text-base font-semibold tracking-normal text-ink-950">What happens next</Heading>
      <ol className="mt-3 space-y-3">
        {nextSteps(result).map((step, index) => (
          <li key={step} className="flex gap-3 text-ink-800">
            <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full bg-ink-900 text-xs font-bold text-white">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-ink-600">
        No e-mail after a few minutes? Check your spam folder, or write to{" "}
        <a href={`mailto:${brand.email}`} className="font-medium text-ink-900 underline underline-offset-2">
          {brand.email}
        </a>
        .
      </p>
    </>
  );
}

function SuccessIcon() {
  return (
    <span className="flex size-14 items-center justify-center rounded-full bg-veld-100 text-veld-700">
      <CircleCheckBig aria-hidden="true" className="size-7" />
    </span>
  );
}

/** With JavaScript: the booking-success modal. Closing it, in any way, calls onClose. */
export function BookingSuccessDialog({ result, onClose }: { result: BookingSuccess; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="w-[min(94vw,36rem)]! p-6 sm:p-8" closeLabel="Close and return to consultations">
        <SuccessIcon />
        <DialogTitle className="mt-4 pr-10 text-ink-950">{titleOf(result)}</DialogTitle>
        <DialogDescription className="mt-2 text-ink-700">{leadText(result)}</DialogDescription>
        <SuccessDetails result={result} headingLevel="h3" />
        <DialogClose className={buttonClasses("dark", "lg", "mt-8 w-full sm:w-auto")}>Done</DialogClose>
      </DialogContent>
    </Dialog>
  );
}

/** Without JavaScript: the same content as the page itself. */
export function BookingSuccessPanel({ result, children }: { result: BookingSuccess; children?: ReactNode }) {
  return (
    <section aria-labelledby="booking-success-title" className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-xl ring-1 ring-ink-100 sm:p-10">
      <SuccessIcon />
      <h1 id="booking-success-title" className="mt-4 text-3xl font-semibold text-ink-950 sm:text-4xl">
        {titleOf(result)}
      </h1>
      <p className="mt-3 text-lg text-ink-700">{leadText(result)}</p>
      <SuccessDetails result={result} headingLevel="h2" />
      <Link to="/consultations" className={buttonClasses("dark", "lg", "mt-8")}>
        Back to consultations
      </Link>
      {children}
    </section>
  );
}
