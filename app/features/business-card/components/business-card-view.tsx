import { Download, Globe, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { businessCard } from "~/content/business-card.ts";
import { brand, offices } from "~/content/site.ts";
import { track } from "~/lib/analytics.ts";
import { displayHost } from "../contact.ts";
import { phoneForDisplay } from "~/lib/format.ts";

type Props = { website: string; qrSvg: string };

/** The managing director's digital business card: contact rows, both offices, vCard and QR code. */
export function BusinessCardView({ website, qrSvg }: Props) {
  const { person } = businessCard;
  const host = displayHost(website);
  return (
    <article
      aria-labelledby="card-name"
      className="overflow-hidden rounded-[2rem] bg-white shadow-2xl ring-1 ring-white/10 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
    >
      <div className="relative isolate bg-ink-900 px-6 pt-10 pb-8 text-center text-white sm:px-10">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_18rem_at_50%_0%,rgba(242,176,30,0.25),transparent_70%)]"
        />
        <img
          src={person.image.src}
          alt={person.image.alt}
          width={person.image.width}
          height={person.image.height}
          className="mx-auto size-32 rounded-full bg-ink-800 object-cover ring-4 ring-sun-500"
        />
        <h1 id="card-name" className="mt-6 text-3xl font-semibold sm:text-4xl">
          {person.name}
        </h1>
        <p className="mt-2 text-lg font-semibold text-sun-300">{person.role}</p>
        <p className="mt-1 text-ink-100">{brand.name}</p>
        <p className="mx-auto mt-5 max-w-sm text-sm leading-relaxed text-ink-200">{businessCard.blurb}</p>
        <a
          href={businessCard.vcardPath}
          download={businessCard.vcardFileName}
          className={buttonClasses("primary", "lg", "mt-8 w-full sm:w-auto")}
          onClick={() =>
            track({ name: "button_click", button_name: businessCard.saveLabel, button_location: "business_card", destination: businessCard.vcardPath })
          }
        >
          <Download aria-hidden="true" className="size-5" />
          {businessCard.saveLabel}
        </a>
        <figure className="mx-auto mt-8 w-44">
          <div
            role="img"
            aria-label={`QR code that opens ${host}`}
            data-testid="site-qr"
            className="rounded-2xl bg-white p-3 [&>svg]:h-auto [&>svg]:w-full"
            // Generated on the server by the qrcode package from the company's website.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <figcaption className="mt-3 text-sm text-ink-200">Scan to visit our website</figcaption>
        </figure>
      </div>

      <div className="px-5 py-8 sm:px-10 sm:py-10">
        <h2 className="font-sans text-sm font-semibold tracking-widest text-ink-600 uppercase">Contact</h2>
        <ul className="mt-4 divide-y divide-ink-100">
          <ContactRow icon={<Mail className="size-5" />} label="E-mail" href={`mailto:${person.email}`} value={person.email} />
          {offices.map((office) => (
            <ContactRow
              key={office.id}
              icon={<Phone className="size-5" />}
              // Non-breaking, like the number: the whole link is a telephone number's text.
              label={`${office.locality}\u00a0office`}
              href={`tel:${office.phoneE164}`}
              value={phoneForDisplay(office.phone)}
            />
          ))}
          <ContactRow icon={<Globe className="size-5" />} label="Website" href={website} value={host} />
        </ul>

        <h2 className="mt-10 font-sans text-sm font-semibold tracking-widest text-ink-600 uppercase">Offices</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {offices.map((office) => (
            <li key={office.id} className="rounded-2xl bg-ink-50 p-5 ring-1 ring-ink-100">
              <p className="flex items-center gap-2 font-semibold text-ink-900">
                <MapPin aria-hidden="true" className="size-4 text-ink-600" />
                {office.locality}, {office.country}
              </p>
              <address className="mt-2 text-sm leading-relaxed text-ink-700 not-italic">
                {office.streetAddress}
                <br />
                {office.locality}
                {office.region ? `, ${office.region}` : null} {office.postalCode}
                <br />
                {office.country}
              </address>
              <p className="mt-2 text-xs text-ink-600">{office.hours}</p>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function ContactRow({ icon, label, href, value }: { icon: ReactNode; label: string; href: string; value: string }) {
  return (
    <li>
      <a href={href} className="group flex items-center gap-3 rounded-xl py-4 sm:gap-4 transition-colors hover:bg-ink-50">
        <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sun-400 sm:size-11">
          {icon}
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-ink-600">{label}</span>
          <span className="block text-[0.95rem] font-semibold [overflow-wrap:anywhere] text-ink-900 group-hover:underline sm:text-base">{value}</span>
        </span>
      </a>
    </li>
  );
}
