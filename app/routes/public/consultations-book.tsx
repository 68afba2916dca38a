import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { bookingPageCopy } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";
import { consultationTypeForPath, packageInterestNote } from "~/features/consultations/booking-form.ts";
import { BookingSuccessDialog, BookingSuccessPanel } from "~/features/consultations/components/booking-success.tsx";
import { BookingSummary } from "~/features/consultations/components/booking-summary.tsx";
import { ConsultationForm } from "~/features/consultations/components/consultation-form.tsx";
import { useConsultationBooking } from "~/features/consultations/components/use-consultation-booking.ts";
import { answerConsultationForm } from "~/features/consultations/submit.server.ts";
import { clientContext } from "~/lib/client.server.ts";
import { failureAnswer } from "~/lib/form-answers.server.ts";
import { readForm } from "~/lib/forms.server.ts";
import { pageHeadersWithRetryAfter } from "~/lib/route-headers.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import { useViewContent } from "~/lib/use-view-content.ts";
import type { Route } from "./+types/consultations-book";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

// One module for both forms: /consultations/book (paid) and /consultations/book-free (free).
// Which one is decided by the address, never by the form.

// `url` is the page address with React Router's data-request details (".data") removed.
export function loader({ url }: Route.LoaderArgs) {
  const type = consultationTypeForPath(url.pathname);
  return { type, initialNotes: type === "paid" ? packageInterestNote(url.searchParams.get("package")) : undefined };
}

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
export const handle = sharedRenderHandle;

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
  return answerConsultationForm(db, { type, form, clientIp: context.get(clientContext).ip, siteUrl: settings.siteUrl });
}

export default function ConsultationBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { type, initialNotes } = loaderData;
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
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-100">{copy.lead}</p>
        </div>
      </section>

      <div className="mx-auto -mt-20 grid max-w-6xl gap-6 px-5 lg:-mt-28 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8">
        <div className="relative lg:sticky lg:top-24 lg:order-2">
          <BookingSummary type={type} />
        </div>
        <div className="relative rounded-3xl bg-white p-5 shadow-xl ring-1 ring-ink-100 sm:p-8 lg:order-1">
          <ConsultationForm
            submitLabel={copy.submitLabel}
            values={booking.values ?? { notes: initialNotes ?? "" }}
            fieldErrors={booking.fieldErrors}
            summary={booking.summary}
            focusToken={booking.focusToken}
            pending={booking.pending}
            onSubmit={booking.onSubmit}
            onChange={booking.onChange}
          />
        </div>
      </div>

      {booking.dialogSuccess ? <BookingSuccessDialog result={booking.dialogSuccess} onClose={() => void navigate("/consultations")} /> : null}
    </main>
  );
}
