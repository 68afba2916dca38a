import { Play } from "lucide-react";
import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog.tsx";
import type { TeamMember } from "~/content/types.ts";
import { track } from "~/lib/analytics.ts";
import { prefersReducedMotion } from "~/lib/hash-scroll.ts";
import { INTRO_VIDEO_AUTOPLAY_DELAY_MS, INTRO_VIDEO_VOLUME } from "../rules.ts";

/** 'Watch Video': a modal that plays the person's introduction (docs/product.md §2.4). */
export function IntroVideoDialog({ person }: { person: TeamMember }) {
  return (
    <Dialog>
      <DialogTrigger
        className={buttonClasses("dark", "md", "cursor-pointer")}
        onClick={() => track({ name: "button_click", button_name: "Watch Video", button_location: `about_${person.id}` })}
      >
        <Play aria-hidden="true" className="size-4 fill-current" />
        <span>Watch Video</span>
        <span className="sr-only">of {person.name}</span>
      </DialogTrigger>
      <DialogContent layout="centered" tone="dark" closeLabel="Close video" className="p-0">
        <div className="px-6 pt-6 pb-4 pr-16">
          <DialogTitle>Meet {person.name}</DialogTitle>
          <DialogDescription className="mt-1 text-ink-200">
            {person.role}, {person.tagline.charAt(0).toLowerCase() + person.tagline.slice(1)}. English captions are available.
          </DialogDescription>
        </div>
        <IntroVideo person={person} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted only while the modal is open: starts after 100 ms at half volume, pauses on close.
 * A visitor who asked for reduced motion starts it with the play control instead.
 */
function IntroVideo({ person }: { person: TeamMember }) {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = INTRO_VIDEO_VOLUME;
    if (prefersReducedMotion()) return () => video.pause();
    const timer = window.setTimeout(() => {
      video.play().catch((error: unknown) => {
        // The visitor can still press play on the controls.
        console.warn("The intro video could not start playing", error);
      });
    }, INTRO_VIDEO_AUTOPLAY_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      // A removed video keeps playing its sound unless it is paused.
      video.pause();
    };
  }, []);

  return (
    <video
      ref={videoRef}
      controls
      playsInline
      preload="none"
      poster={person.video.poster}
      width={960}
      height={540}
      className="aspect-video w-full bg-black"
      data-testid="intro-video"
    >
      <source src={person.videoWebm} type="video/webm" />
      <source src={person.video.src} type="video/mp4" />
      {person.video.captions ? <track kind="captions" src={person.video.captions} srcLang="en" label="English" default /> : null}
      Your browser cannot play this video. <a href={person.video.src}>Download the introduction from {person.name}</a>.
    </video>
  );
}
