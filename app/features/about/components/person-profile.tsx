import { clsx } from "clsx";
import { Mail, MapPin, Phone, Quote } from "lucide-react";
import type { ReactNode } from "react";
import { offices } from "~/content/site.ts";
import type { TeamMember } from "~/content/types.ts";
import { IntroVideoDialog } from "./intro-video-dialog.tsx";
import { phoneForDisplay } from "~/lib/format.ts";

/** One director: portrait, name, role, contact links, story, quote and intro video. */
export function PersonProfile({ person, reverse = false }: { person: TeamMember; reverse?: boolean }) {
  const office = offices.find((candidate) => candidate.id === person.officeId);
  const headingId = `${person.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        "grid gap-10 lg:gap-16",
        reverse ? "lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]" : "lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]",
      )}
    >
      <div className={reverse ? "lg:order-last" : undefined}>
        <img
          src={person.image.src}
          alt={person.image.alt}
          width={person.image.width}
          height={person.image.height}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full max-w-md rounded-3xl bg-ink-100 object-cover shadow-xl ring-1 ring-ink-900/5"
        />
        <figure className="relative mt-6 max-w-md rounded-2xl bg-sun-100 p-6">
          <Quote aria-hidden="true" className="absolute -top-4 left-6 size-9 rounded-full bg-sun-500 p-2 text-ink-950" />
          <blockquote className="font-display text-lg leading-snug text-ink-900 italic">“{person.quote}”</blockquote>
          <figcaption className="mt-3 text-sm font-semibold text-ink-700">{person.name}</figcaption>
        </figure>
      </div>
      <div>
        <p className="text-sm font-semibold tracking-widest text-ink-600 uppercase">{person.role}</p>
        <h3 id={headingId} className="mt-2 text-3xl font-semibold text-ink-900 sm:text-4xl">
          {person.name}
        </h3>
        <p className="mt-2 flex items-center gap-2 text-ink-700">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {person.tagline}
          {office ? ` · ${office.locality} office` : null}
        </p>

        <ul aria-label={`Contact ${person.name}`} className="mt-6 flex flex-wrap gap-3">
          <li>
            <ContactLink href={`mailto:${person.email}`} label={person.email} icon={<Mail aria-hidden="true" className="size-4" />} />
          </li>
          {person.linkedIn ? (
            <li>
              <ContactLink href={person.linkedIn} label="LinkedIn" icon={<LinkedInIcon />} srSuffix={`profile of ${person.name}`} />
            </li>
          ) : null}
          {person.phone ? (
            <li>
              <ContactLink
                href={`tel:${person.phone.replace(/\s+/g, "")}`}
                label={phoneForDisplay(person.phone)}
                icon={<Phone aria-hidden="true" className="size-4" />}
              />
            </li>
          ) : null}
        </ul>

        <div className="mt-8 space-y-4 text-lg leading-relaxed text-ink-700">
          {person.story.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>

        <div className="mt-8">
          <IntroVideoDialog person={person} />
        </div>
      </div>
    </article>
  );
}

function ContactLink({ href, label, icon, srSuffix }: { href: string; label: string; icon: ReactNode; srSuffix?: string }) {
  const external = href.startsWith("http");
  return (
    <a
      href={href}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="inline-flex items-center gap-2 rounded-full border border-ink-200 px-4 py-2 text-sm font-medium text-ink-800 transition-colors hover:border-ink-900 hover:bg-ink-50"
    >
      {icon}
      {label}
      {srSuffix ? <span className="sr-only">{srSuffix}</span> : null}
      {external ? <span className="sr-only">(opens in a new tab)</span> : null}
    </a>
  );
}

/** Lucide has no brand icons; this is LinkedIn's "in" mark. */
function LinkedInIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.86 0-2.14 1.45-2.14 2.94v5.67H9.34V9h3.42v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
    </svg>
  );
}
