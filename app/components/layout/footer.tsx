import { Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand, footerQuickLinks, legalLinks, offices, socialLinks } from "~/content/site.ts";
import { BrandLogo } from "./brand-logo.tsx";
import { HashLink } from "./hash-link.tsx";
import { SocialIcon } from "./social-icons.tsx";
import { phoneForDisplay } from "~/lib/format.ts";

const linkClass = "rounded-sm text-ink-100 underline-offset-4 transition-colors hover:text-sun-300 hover:underline";
const headingClass = "font-sans text-xs font-semibold tracking-[0.18em] text-sun-300 uppercase";

type Props = {
  /** A control after the legal links that opens the cookie settings (rendered by the consent feature). */
  cookieSettings?: (props: { className: string }) => ReactNode;
};

/** Social links, quick links, contact details of both offices, legal links and the copyright line. */
export function Footer({ cookieSettings }: Props = {}) {
  return (
    <footer className="render-lazily bg-ink-950 text-ink-100">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:grid-cols-2 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-4">
          <Link to="/" className="inline-block rounded-lg">
            <BrandLogo tone="light" />
            <span className="sr-only"> home</span>
          </Link>
          <p className="mt-5 max-w-sm leading-relaxed text-ink-200">{brand.tagline}.</p>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {socialLinks.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  rel="noopener"
                  className="inline-flex size-11 items-center justify-center rounded-full border border-white/20 text-white transition-colors hover:border-sun-400 hover:bg-sun-400 hover:text-ink-950"
                  aria-label={`${brand.name} on ${link.network}`}
                >
                  <SocialIcon network={link.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links" className="lg:col-span-2">
          <h2 id="footer-quick-links" className={headingClass}>
            Quick links
          </h2>
          <ul className="mt-5 space-y-3">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="sm:col-span-2 lg:col-span-6">
          <h2 className={headingClass}>Contact us</h2>
          <address className="mt-5 not-italic">
            <a href={`mailto:${brand.email}`} className={`${linkClass} inline-flex items-center gap-2 font-medium text-white`}>
              <Mail aria-hidden="true" className="size-4 text-sun-300" />
              {brand.email}
            </a>
            <div className="mt-6 grid gap-8 sm:grid-cols-2">
              {offices.map((office) => (
                <div key={office.id} data-office={office.id}>
                  <p className="font-display text-lg font-semibold text-white">
                    {office.locality}
                    <span className="ml-2 font-sans text-sm font-normal text-ink-300">{office.name}</span>
                  </p>
                  <p className="mt-2 flex gap-2 text-sm leading-relaxed text-ink-200">
                    <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-sun-300" />
                    <span>
                      {office.streetAddress}
                      <br />
                      {office.locality}
                      {office.region ? `, ${office.region}` : ""} {office.postalCode}
                      <br />
                      {office.country}
                    </span>
                  </p>
                  <a href={`tel:${office.phoneE164}`} className={`${linkClass} mt-2 inline-flex items-center gap-2 text-sm`}>
                    <Phone aria-hidden="true" className="size-4 text-sun-300" />
                    {phoneForDisplay(office.phone)}
                  </a>
                </div>
              ))}
            </div>
          </address>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-6 text-sm sm:flex-row sm:items-center sm:justify-between lg:px-8">
          <p className="text-ink-200">
            © {brand.copyrightYear} {brand.legalName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <HashLink to={link.to} className={linkClass}>
                    {link.label}
                  </HashLink>
                </li>
              ))}
              {cookieSettings?.({ className: linkClass })}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
