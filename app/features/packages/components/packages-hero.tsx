import { packagesIntro } from "~/content/packages.ts";

export function PackagesHero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink-950 px-6 pt-20 pb-36 text-center text-white sm:pt-28 sm:pb-44">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_26rem_at_50%_0%,rgba(242,176,30,0.22),transparent_65%)]"
      />
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">{packagesIntro.eyebrow}</p>
        <h1 className="mt-4 text-4xl leading-tight font-semibold sm:text-6xl">{packagesIntro.title}</h1>
        <p className="mt-6 text-lg leading-relaxed text-ink-100 sm:text-xl">{packagesIntro.lead}</p>
      </div>
    </section>
  );
}
