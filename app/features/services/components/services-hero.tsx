export function ServicesHero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink-950 px-6 pt-20 pb-20 text-white sm:pt-28 sm:pb-28">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_28rem_at_90%_0%,rgba(242,176,30,0.2),transparent_60%),radial-gradient(40rem_30rem_at_0%_100%,rgba(52,80,125,0.5),transparent_65%)]"
      />
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">Our services</p>
        <h1 className="mt-4 max-w-4xl text-4xl leading-tight font-semibold sm:text-6xl">
          Everything your move needs, from funding to your first week
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-100 sm:text-xl">
          You already have the right to live and work in the UK. We take care of the rest: the money, the job, the home,
          the car, the paperwork and a friendly face when you land.
        </p>
      </div>
    </section>
  );
}
