import { team } from "~/content/people.ts";
import { PersonProfile } from "./person-profile.tsx";

export function TeamSection() {
  return (
    <section aria-labelledby="our-team" className="render-lazily border-t border-ink-100 px-6 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-widest text-ink-600 uppercase">Our directors</p>
          <h2 id="our-team" className="mt-2 text-3xl font-semibold text-ink-900 sm:text-4xl">
            The people who will guide your move
          </h2>
        </div>
        <div className="mt-14 space-y-24">
          {team.map((person, index) => (
            <PersonProfile key={person.id} person={person} reverse={index % 2 === 1} />
          ))}
        </div>
      </div>
    </section>
  );
}
