import { MoveRight, Quote } from "lucide-react";
import { SectionHeading } from "~/components/layout/section-heading.tsx";
import { CarouselControls, CarouselViewport, useCarousel } from "~/components/ui/carousel.tsx";
import { Reveal } from "~/components/ui/reveal.tsx";
import { testimonials, testimonialsIntro } from "~/content/home.ts";

/**
 * Success stories (id "success-stories"): a carousel with previous/next, dots, a 50px swipe
 * and the arrow keys. It never moves on its own, so it needs no pause control.
 */
export function Testimonials() {
  const carousel = useCarousel(testimonials.length);
  return (
    <section
      id="success-stories"
      aria-labelledby="success-stories-heading"
      className="render-lazily relative isolate flex min-h-[80vh] items-center overflow-hidden bg-ink-950 py-20 text-white sm:py-28"
    >
      <div aria-hidden="true" className="absolute -top-40 -right-40 -z-10 size-[32rem] rounded-full bg-ink-800/60 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-48 -left-32 -z-10 size-[28rem] rounded-full bg-sun-600/15 blur-3xl" />
      <div className="mx-auto w-full max-w-5xl px-5 lg:px-8">
        <Reveal>
          <SectionHeading id="success-stories-heading" eyebrow={testimonialsIntro.eyebrow} heading={testimonialsIntro.heading} tone="dark" align="center" />
        </Reveal>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Success stories"
          className="mt-12"
          onKeyDown={carousel.onKeyDown}
        >
          <CarouselViewport
            carousel={carousel}
            id="testimonial-slides"
            itemName="story"
            slideLabels={testimonials.map((story) => `${story.name}, ${story.from} to ${story.to}`)}
          >
            {testimonials.map((story) => (
              <figure key={story.name} className="px-1 text-center sm:px-8">
                <Quote aria-hidden="true" className="mx-auto size-10 text-sun-400" />
                <blockquote className="mt-6 font-display text-xl leading-relaxed text-white sm:text-2xl lg:text-3xl lg:leading-snug">
                  <p>“{story.quote}”</p>
                </blockquote>
                <figcaption className="mt-8">
                  <p className="font-semibold text-white">{story.name}</p>
                  <p className="mt-1 inline-flex items-center gap-2 text-ink-200">
                    <span className="sr-only">Moved from</span>
                    {story.from}
                    <MoveRight aria-hidden="true" className="size-4 text-sun-400" />
                    <span className="sr-only">to</span>
                    {story.to}
                  </p>
                </figcaption>
              </figure>
            ))}
          </CarouselViewport>
          <CarouselControls carousel={carousel} controls="testimonial-slides" itemName="story" tone="dark" className="mt-10" />
        </div>
      </div>
    </section>
  );
}
