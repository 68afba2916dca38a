import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from "react";

/** docs/product.md §11.8: hero volume 0.3; the play button hides again 2 s after the pointer stops. */
export const HERO_VIDEO_VOLUME = 0.3;
export const HERO_CONTROLS_HIDE_MS = 2000;
/** From this width the wide video plays, below it the tall one (docs/product.md §11.8). */
export const WIDE_VIDEO_QUERY = "(min-width: 1024px)";

export type HeroVideoStatus = "idle" | "loading" | "playing" | "paused";

/**
 * The hero's two intro videos (tall under 1024px, wide from 1024px). Nothing loads until the
 * first click (preload="none"); that click plays the visible one at volume 0.3. While it
 * plays the button hides, and any pointer movement shows it for 2 s.
 */
export function useHeroVideo() {
  const tall = useRef<HTMLVideoElement>(null);
  const wide = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const [status, setStatus] = useState<HeroVideoStatus>("idle");
  const [started, setStarted] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);

  const visibleVideo = useCallback(
    () => (window.matchMedia(WIDE_VIDEO_QUERY).matches ? wide.current : tall.current),
    [],
  );

  const showControls = useCallback((forMs?: number) => {
    window.clearTimeout(hideTimer.current);
    setControlsShown(true);
    if (forMs !== undefined) hideTimer.current = window.setTimeout(() => setControlsShown(false), forMs);
  }, []);

  const fail = useCallback(
    (video: HTMLVideoElement, error: unknown) => {
      console.warn("The hero video could not play", error);
      setStatus(video.currentTime > 0 ? "paused" : "idle");
      showControls();
    },
    [showControls],
  );

  const play = useCallback(
    async (video: HTMLVideoElement, fromSeconds?: number) => {
      // After every source failed the element waits for a new one: start the selection again.
      if (video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) video.load();
      video.volume = HERO_VIDEO_VOLUME;
      if (fromSeconds !== undefined && Number.isFinite(fromSeconds)) video.currentTime = fromSeconds;
      setStatus("loading");
      try {
        await video.play();
        setStarted(true);
        setStatus("playing");
        window.clearTimeout(hideTimer.current);
        setControlsShown(false);
      } catch (error) {
        // Pausing before playback starts rejects with AbortError: that is the visitor's choice.
        if (error instanceof DOMException && error.name === "AbortError") return;
        fail(video, error);
      }
    },
    [fail],
  );

  const toggle = useCallback(() => {
    const video = visibleVideo();
    if (!video) return;
    if (status === "playing" || status === "loading") {
      video.pause();
      setStatus("paused");
      showControls();
    } else {
      void play(video);
    }
  }, [play, showControls, status, visibleVideo]);

  /** Pointer movement over the hero shows the button for 2 s while the video plays. */
  const onPointerActivity = useCallback(() => {
    if (status === "playing") showControls(HERO_CONTROLS_HIDE_MS);
  }, [showControls, status]);

  /** Keeps the state right when playback stops by other means (system media keys). */
  const onVideoPause = useCallback(
    (event: SyntheticEvent<HTMLVideoElement>) => {
      if (event.currentTarget !== visibleVideo() || status !== "playing") return;
      setStatus("paused");
      showControls();
    },
    [showControls, status, visibleVideo],
  );

  /**
   * When every <source> fails (missing file, unsupported type) the element fires `error` on
   * the last source and the pending play() never settles, so the failure is caught here.
   */
  const onSourceError = useCallback(
    (event: SyntheticEvent<HTMLSourceElement>) => {
      const source = event.currentTarget;
      const video = source.parentElement;
      if (!(video instanceof HTMLVideoElement) || source !== video.lastElementChild || video !== visibleVideo()) return;
      if (status !== "loading") return;
      fail(video, new Error(`No playable source for the hero video (${source.src})`));
    },
    [fail, status, visibleVideo],
  );

  // Crossing 1024px moves playback to the video now on screen and pauses the other.
  useEffect(() => {
    const query = window.matchMedia(WIDE_VIDEO_QUERY);
    function onChange() {
      const shown = query.matches ? wide.current : tall.current;
      const hidden = query.matches ? tall.current : wide.current;
      if (!shown || !hidden) return;
      const wasPlaying = !hidden.paused;
      hidden.pause();
      if (wasPlaying) void play(shown, hidden.currentTime);
    }
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [play]);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  return { tall, wide, status, started, controlsShown, toggle, onPointerActivity, onVideoPause, onSourceError };
}
