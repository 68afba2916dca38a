import { clsx } from "clsx";
import { ChevronDown, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { HashLink } from "~/components/layout/hash-link.tsx";
import { coverSizes, ResponsivePicture } from "~/components/ui/responsive-picture.tsx";
import { citySection } from "~/content/home.ts";
import { prefersReducedMotion } from "~/lib/hash-scroll.ts";

/**
 * A full-screen city scene behind a headline. The poster shows first; the muted loop loads
 * and plays only while the section is in view and the visitor allows motion, or on a click.
 * The pause button stops it for good (WCAG 2.2.2).
 */
export function CitySection() {
  const section = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [stoppedByVisitor, setStoppedByVisitor] = useState(false);

  useEffect(() => {
    const element = section.current;
    const player = video.current;
    if (!element || !player || stoppedByVisitor || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          player.play().catch((error: unknown) => console.warn("The city video could not play", error));
        } else {
          player.pause();
        }
      },
      { threshold: 0.35 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [stoppedByVisitor]);

  function toggle() {
    const player = video.current;
    if (!player) return;
    if (playing) {
      setStoppedByVisitor(true);
      player.pause();
    } else {
      setStoppedByVisitor(false);
      player.play().catch((error: unknown) => console.warn("The city video could not play", error));
    }
  }

  return (
    <section
      ref={section}
      aria-labelledby="city-heading"
      className="render-lazily relative isolate flex min-h-svh items-center justify-center overflow-hidden bg-ink-950 px-5 py-28 text-white"
    >
      <ResponsivePicture
        image={citySection.poster}
        sizes={coverSizes(citySection.poster)}
        pictureClassName="absolute inset-0 -z-20"
        className="size-full object-cover"
      />
      <video
        ref={video}
        aria-hidden="true"
        tabIndex={-1}
        muted
        loop
        playsInline
        preload="none"
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className={clsx(
          "absolute inset-0 -z-10 size-full object-cover transition-opacity duration-1000",
          playing ? "opacity-100" : "opacity-0",
        )}
      >
        <source src={citySection.video.webm} type="video/webm" />
        <source src={citySection.video.mp4} type="video/mp4" />
      </video>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-ink-950/70" />

      <div className="max-w-3xl text-center">
        <h2 id="city-heading" className="text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl">
          {citySection.heading}
        </h2>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-ink-50 sm:text-xl">{citySection.body}</p>
      </div>

      <button
        type="button"
        onClick={toggle}
        className="absolute bottom-8 left-5 inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-white/40 bg-ink-950/50 text-sm font-medium text-white backdrop-blur-sm hover:bg-ink-950/80 sm:px-4 lg:left-8"
      >
        {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
        <span className="sr-only sm:not-sr-only">{playing ? "Pause background video" : "Play background video"}</span>
      </button>

      <HashLink
        to="#process"
        aria-label={citySection.arrowLabel}
        className="absolute bottom-8 left-1/2 inline-flex size-12 -translate-x-1/2 items-center justify-center rounded-full border border-white/50 text-white transition-colors hover:bg-white hover:text-ink-950"
      >
        <ChevronDown aria-hidden="true" className="size-6 animate-bounce-slow motion-reduce:animate-none" />
      </HashLink>
    </section>
  );
}
