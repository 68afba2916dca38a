import { aboutHero } from "~/content/about.ts";

export function AboutHero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink-950 px-6 pt-20 pb-24 text-white sm:pt-28 sm:pb-32">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(242,176,30,0.22),transparent_60%),radial-gradient(40rem_30rem_at_0%_110%,rgba(52,80,125,0.55),transparent_65%)]"
      />
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">{aboutHero.eyebrow}</p>
        <h1 className="mt-4 max-w-4xl text-4xl leading-tight font-semibold sm:text-6xl">{aboutHero.title}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-100 sm:text-xl">{aboutHero.lead}</p>
      </div>
    </section>
  );
}
