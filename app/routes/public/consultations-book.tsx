import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { bookingPageCopy } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";
import { SLOT_HOLD_MINUTES } from "~/features/consultations/slots/rules.ts";
import { consultationTypeForPath, packageInterestNote } from "~/features/consultations/booking-form.ts";
import { BookingSuccessDialog, BookingSuccessPanel } from "~/features/consultations/components/booking-success.tsx";
import { BookingSummary } from "~/features/consultations/components/booking-summary.tsx";
import { ConsultationForm } from "~/features/consultations/components/consultation-form.tsx";
import { useConsultationBooking } from "~/features/consultations/components/use-consultation-booking.ts";
import { SlotPicker, ZoneForm } from "~/features/consultations/components/slot-picker.tsx";
import { slotPicker } from "~/features/consultations/slots/picker.server.ts";
import { answerConsultationForm, answerSlotForm, isSlotBooking } from "~/features/consultations/submit.server.ts";
import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { clientContext } from "~/lib/client.server.ts";
import { failureAnswer } from "~/lib/form-answers.server.ts";
import { readForm } from "~/lib/forms.server.ts";
import { pageHeadersWithRetryAfter } from "~/lib/route-headers.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import { useViewContent } from "~/lib/use-view-content.ts";
import type { Route } from "./+types/consultations-book";

// One module for both forms: /consultations/book (paid) and /consultations/book-free (free).
// Which one is decided by the address, never by the form.

// Step one is a real time (issue 17): the days and free times, in the visitor's zone. "None
// of these times suit me" (?request) leads to the request form (morning, afternoon or evening),
// which is also the page when no time is open online. The times change with every booking, so
// this page is never a shared render.

// `url` is the page address with React Router's data-request details (".data") removed.
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  const type = consultationTypeForPath(url.pathname);
  const initialNotes = type === "paid" ? packageInterestNote(url.searchParams.get("package")) : undefined;
  const requested = url.searchParams.has("request");
  const picker = requested ? undefined : await slotPicker(db, type, settings.consultations, { tz: url.searchParams.get("tz"), day: url.searchParams.get("day") });
  return { type, initialNotes, picker: picker?.day ? picker : undefined, noTimesOnline: picker !== undefined && !picker.day, horizonDays: settings.consultations.horizonDays };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const free = loaderData?.type === "free";
  return pageMeta(siteUrlFrom(matches), {
    title: free ? `Book a Free ${consultation.freeCallMinutes}-Minute Intro Call` : "Book a Private Consultation",
    description: free
      ? `Book a free ${consultation.freeCallMinutes}-minute intro call with a relocation adviser for South Africans moving to the UK. No cost, no obligation.`
      : `Book a private ${consultation.minutes}-minute online consultation with a relocation adviser: ${consultation.availability}. ${consultation.priceNote}.`,
    path: free ? "/consultations/book-free" : "/consultations/book",
  });
};

// A refused post's Retry-After (the rate limit) reaches the page response too.
export const headers: Route.HeadersFunction = pageHeadersWithRetryAfter;

export async function action({ request, url, context }: Route.ActionArgs) {
  const { db, settings } = context.get(runtimeContext);
  const type = consultationTypeForPath(url.pathname);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return failureAnswer(error);
  }
  const input = { type, form, clientIp: context.get(clientContext).ip, siteUrl: settings.siteUrl };
  return isSlotBooking(form) ? answerSlotForm(db, { ...input, settings: settings.consultations, links: linkSigner(settings) }) : answerConsultationForm(db, input);
}

export default function ConsultationBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { type, initialNotes, picker, noTimesOnline, horizonDays } = loaderData;
  const copy = bookingPageCopy[type];
  const navigate = useNavigate();
  const booking = useConsultationBooking({ formName: copy.formName, documentResult: actionData });
  useViewContent(
    type === "paid"
      ? { content_name: "Private consultation", content_category: "consultation", value: consultation.trackingValueGbp, currency: "GBP" }
      : { content_name: "Free intro call", content_category: "free_call" },
  );

  if (booking.pageSuccess) {
    return (
      <main id="main" className="bg-ink-50 px-5 py-16 sm:py-24">
        <BookingSuccessPanel result={booking.pageSuccess} />
      </main>
    );
  }

  return (
    <main id="main" className="bg-ink-50 pb-20">
      <section className="relative isolate overflow-hidden bg-ink-950 px-5 pt-12 pb-32 text-white sm:pt-16 lg:pb-40">
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(48rem_24rem_at_20%_0%,rgba(242,176,30,0.2),transparent_65%)]" />
        <div className="mx-auto max-w-6xl">
          <Link to="/consultations" className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-ink-100 hover:text-white">
            <ArrowLeft aria-hidden="true" className="size-4" />
            All consultation options
          </Link>
          <p className="mt-8 text-sm font-semibold tracking-widest text-sun-300 uppercase">{copy.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-semibold sm:text-5xl">{copy.title}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-100">{picker ? copy.slotLead : copy.lead}</p>
        </div>
      </section>

      <div className="mx-auto -mt-20 grid max-w-6xl gap-6 px-5 lg:-mt-28 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8">
        <div className="relative lg:sticky lg:top-24 lg:order-2">
          <BookingSummary type={type} />
        </div>
        <div className="relative rounded-3xl bg-white p-5 shadow-xl ring-1 ring-ink-100 sm:p-8 lg:order-1">
          {picker ? <ZoneForm /> : <RequestNote type={type} noTimesOnline={noTimesOnline} horizonDays={horizonDays} />}
          <ConsultationForm
            submitLabel={picker ? copy.slotSubmitLabel : copy.submitLabel}
            values={booking.values ?? { notes: initialNotes ?? "" }}
            fieldErrors={booking.fieldErrors}
            summary={booking.summary}
            focusToken={booking.focusToken}
            pending={booking.pending}
            onSubmit={booking.onSubmit}
            onChange={booking.onChange}
            timePicker={
              picker ? (
                <SlotPicker picker={picker} selected={booking.values?.slot} errors={booking.fieldErrors.slot} minutes={type === "paid" ? consultation.minutes : consultation.freeCallMinutes} />
              ) : undefined
            }
            {...(picker
              ? type === "paid"
                ? { promise: `We hold your time for ${SLOT_HOLD_MINUTES} minutes while you pay`, reassurance: "You pay on the next page, through our secure payment provider. Your card details never reach our website." }
                : { promise: "Your meeting link arrives by e-mail straight away", reassurance: "We use your details only to arrange your call. It is free, with no obligation." }
              : {})}
          />
        </div>
      </div>

      {booking.dialogSuccess ? <BookingSuccessDialog result={booking.dialogSuccess} onClose={() => void navigate("/consultations")} /> : null}
    </main>
  );
}

/** Above the request form: why it is the page (nothing open online), or the way back to the time list. */
function RequestNote({ type, noTimesOnline, horizonDays }: { type: "paid" | "free"; noTimesOnline: boolean; horizonDays: number }) {
  const timesPath = type === "paid" ? "/consultations/book" : "/consultations/book-free";
  return noTimesOnline ? (
    <p role="status" className="mb-8 rounded-xl bg-sun-100 p-4 text-ink-900">
      No times are open online in the next {horizonDays} days. Tell us when suits you below, and we&apos;ll arrange a time with you.
    </p>
  ) : (
    <p className="mb-8 rounded-xl bg-ink-50 p-4 text-ink-800">
      Tell us when suits you, and we&apos;ll arrange a time with you.{" "}
      <Link to={timesPath} className="font-medium text-ink-900 underline underline-offset-2">
        Choose a time online instead
      </Link>
    </p>
  );
}
