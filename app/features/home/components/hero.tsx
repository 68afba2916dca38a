import { clsx } from "clsx";
import { ArrowRight, LoaderCircle, Pause, Play } from "lucide-react";
import type { SyntheticEvent } from "react";
import { Link } from "react-router";
import { HashLink } from "~/components/layout/hash-link.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { coverSizes, ResponsivePicture } from "~/components/ui/responsive-picture.tsx";
import { hero } from "~/content/home.ts";
import type { VideoSources } from "~/content/types.ts";
import { track } from "~/lib/analytics.ts";
import { useHeroVideo, WIDE_VIDEO_QUERY } from "./use-hero-video.ts";

function trackHeroClick(buttonName: string, destination: string) {
  track({ name: "button_click", button_name: buttonName, button_location: "home hero", destination });
}

function Sources({ video, onError }: { video: VideoSources; onError: (event: SyntheticEvent<HTMLSourceElement>) => void }) {
  return (
    <>
      <source src={video.webm} type="video/webm" onError={onError} />
      <source src={video.mp4} type="video/mp4" onError={onError} />
    </>
  );
}

/** The landing page's first screen (id "home"): headline, calls to action and the intro video. */
export function Hero() {
  const { tall, wide, status, started, controlsShown, toggle, onPointerActivity, onVideoPause, onSourceError } = useHeroVideo();
  const playing = status === "playing" || status === "loading";
  const videoProps = {
    preload: "none",
    loop: true,
    playsInline: true,
    onPause: onVideoPause,
    // A silent background loop behind the headline: the poster's alt text says what it shows.
    "aria-hidden": true,
  } as const;

  return (
    <section
      id="home"
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-svh items-end overflow-hidden bg-ink-950 text-white"
      onPointerMove={onPointerActivity}
      onPointerDown={onPointerActivity}
    >
      <div className="absolute inset-0 -z-10">
        <video ref={tall} className="absolute inset-0 size-full object-cover lg:hidden" {...videoProps}>
          <Sources video={hero.videoTall} onError={onSourceError} />
        </video>
        <video ref={wide} className="absolute inset-0 hidden size-full object-cover lg:block" {...videoProps}>
          <Sources video={hero.videoWide} onError={onSourceError} />
        </video>
        <ResponsivePicture
          image={hero.posterTall}
          sizes={coverSizes(hero.posterTall)}
          from={{ media: WIDE_VIDEO_QUERY, image: hero.posterWide, sizes: coverSizes(hero.posterWide) }}
          priority
          pictureClassName={clsx(
            "absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none",
            started && "opacity-0",
          )}
          className="size-full object-cover"
        />
        <div aria-hidden="true" className="absolute inset-0 bg-linear-to-t from-ink-950 via-ink-950/55 to-ink-950/40" />
        <div aria-hidden="true" className="absolute inset-0 bg-linear-to-r from-ink-950/75 via-ink-950/30 to-transparent" />
      </div>

      <div className="mx-auto w-full max-w-7xl px-5 pt-32 pb-32 sm:pb-28 lg:px-8 lg:pb-32">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/25 bg-ink-950/40 px-4 py-1.5 text-sm font-medium text-sun-100 backdrop-blur-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-sun-400" />
            {hero.eyebrow}
          </p>
          <h1 id="hero-heading" className="mt-6 text-5xl leading-[1.05] font-semibold sm:text-6xl lg:text-7xl">
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-50 sm:text-xl">{hero.body}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <HashLink
              to="#services"
              className={buttonClasses("primary", "lg")}
              onClick={() => trackHeroClick("Start my Journey", "#services")}
            >
              Start my Journey
              <ArrowRight aria-hidden="true" className="size-5" />
            </HashLink>
            <HashLink
              to="#how-it-works"
              className={buttonClasses("light", "lg")}
              onClick={() => trackHeroClick("Get in Touch", "#how-it-works")}
            >
              Get in Touch
            </HashLink>
            <Link
              to="/services"
              className="inline-flex items-center justify-center gap-2 rounded-full px-5 py-3.5 font-semibold text-white underline decoration-sun-400 decoration-2 underline-offset-8 transition-colors hover:bg-white/10"
              onClick={() => trackHeroClick("Our Services", "/services")}
            >
              Our Services
            </Link>
          </div>
        </div>
      </div>

      <button
        type="button"
        onClick={toggle}
        data-state={status}
        className={clsx(
          "absolute right-5 bottom-8 inline-flex items-center gap-3 rounded-full bg-white/95 py-2 pr-5 pl-2 text-sm font-semibold text-ink-950 shadow-xl transition-opacity duration-300 hover:bg-white focus-visible:opacity-100 lg:right-8 lg:bottom-12",
          controlsShown ? "opacity-100" : "opacity-0",
        )}
      >
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-sun-500">
          {status === "loading" ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : playing ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5 translate-x-px" />
          )}
        </span>
        <span>{playing ? "Pause intro video" : "Play intro video"}</span>
      </button>
    </section>
  );
}
