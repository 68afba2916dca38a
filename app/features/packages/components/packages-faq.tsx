import { Link } from "react-router";
import { packageFaqs } from "~/content/packages.ts";

/** A few plain answers under the cards; always open, so they read without JavaScript. */
export function PackagesFaq() {
  return (
    <section aria-labelledby="packages-faq" className="px-6 pb-24">
      <div className="mx-auto max-w-4xl rounded-3xl bg-ink-50 p-8 ring-1 ring-ink-100 sm:p-12">
        <h2 id="packages-faq" className="text-3xl font-semibold text-ink-900">
          Questions about packages
        </h2>
        <dl className="mt-8 divide-y divide-ink-200">
          {packageFaqs.map((faq) => (
            <div key={faq.question} className="py-6 first:pt-0 last:pb-0">
              <dt className="text-lg font-semibold text-ink-900">{faq.question}</dt>
              <dd className="mt-2 leading-relaxed text-ink-700">{faq.answer}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-ink-700">
          Want to compare the services behind each package?{" "}
          <Link to="/services" className="font-semibold text-ink-900 underline underline-offset-4 hover:text-ink-700">
            See all six services
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
