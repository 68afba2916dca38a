import type { ResponsiveImage } from "~/content/types.ts";

/** `srcset` of a responsive image in one format: every width it was written in (one width: just its file, which needs no `sizes`). */
export function srcSet(image: ResponsiveImage, format: "avif" | "webp"): string {
  if (image.widths.length === 1) return `${image.base}-${image.widths[0]}.${format}`;
  return image.widths.map((width) => `${image.base}-${width}.${format} ${width}w`).join(", ");
}

/**
 * `sizes` for an image that covers (object-cover) a box as wide as the viewport and at least
 * as tall: on a screen narrower than the image's shape it is drawn wider than the viewport.
 */
export function coverSizes(image: ResponsiveImage): string {
  const shape = `${image.width}/${image.height}`;
  return `(max-aspect-ratio: ${shape}) ${Math.ceil((image.width / image.height) * 100)}vh, 100vw`;
}

type Props = {
  image: ResponsiveImage;
  /** How wide the image is drawn, for the browser's choice of width; not needed for an image written in one width. */
  sizes?: string;
  /** Another image from this media query up (art direction), e.g. a wide one on large screens. */
  from?: { media: string; image: ResponsiveImage; sizes: string };
  className?: string;
  pictureClassName?: string;
  /** The first screen's image: fetched early. Otherwise loaded when it nears the viewport. */
  priority?: boolean;
  /** Instead of the image's own alt text: "" where the text beside it already says what it shows. */
  alt?: string;
};

/** A `<picture>` offering AVIF, then WebP, in every width the image was written in. */
export function ResponsivePicture({ image, sizes, from, className, pictureClassName, priority = false, alt = image.alt }: Props) {
  const single = image.widths.length === 1;
  return (
    <picture className={pictureClassName}>
      {from && (
        <>
          <source media={from.media} type="image/avif" srcSet={srcSet(from.image, "avif")} sizes={from.sizes} width={from.image.width} height={from.image.height} />
          <source media={from.media} type="image/webp" srcSet={srcSet(from.image, "webp")} sizes={from.sizes} width={from.image.width} height={from.image.height} />
        </>
      )}
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={single ? undefined : sizes} />
      <img
        src={single ? srcSet(image, "webp") : image.src}
        srcSet={single ? undefined : srcSet(image, "webp")}
        sizes={single ? undefined : sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
