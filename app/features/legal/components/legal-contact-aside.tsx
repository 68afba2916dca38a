import { Mail, MapPin } from "lucide-react";
import { brand, offices } from "~/content/site.ts";

const PRIVACY_EMAIL = brand.privacyEmail;

/** Who to ask about the policies, beside them on a desktop and after them on a phone. */
export function LegalContactAside() {
  return (
    <aside aria-labelledby="legal-questions" className="lg:pt-20">
      <div className="rounded-3xl bg-ink-50 p-6 ring-1 ring-ink-100 lg:sticky lg:top-28">
        <h2 id="legal-questions" className="text-xl font-semibold text-ink-900">
          Questions about these policies?
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-ink-700">
          Write to our data protection team. We answer requests about your information within one month.
        </p>
        <a
          href={`mailto:${PRIVACY_EMAIL}`}
          className="mt-4 flex items-center gap-2 text-sm font-semibold [overflow-wrap:anywhere] text-ink-900 underline underline-offset-4 hover:text-ink-700"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {PRIVACY_EMAIL}
        </a>
        <ul className="mt-6 space-y-4 border-t border-ink-200 pt-6 text-sm text-ink-700">
          {offices.map((office) => (
            <li key={office.id} className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-600" />
              <address className="not-italic">
                <span className="font-semibold text-ink-900">{office.locality} office</span>
                <br />
                {office.streetAddress}, {office.locality} {office.postalCode}, {office.country}
              </address>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
