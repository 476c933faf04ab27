import { StoredImage } from "./stored-image";

/** The frames pictures are cropped to: a movie's poster, a cast member's portrait. */
const SHAPES = {
  poster: { aspect: "aspect-[2/3]", heightPerWidth: 3 / 2 },
  portrait: { aspect: "aspect-[4/5]", heightPerWidth: 5 / 4 },
};

/**
 * How soon the picture loads: `lcp` for the page's largest picture (fetched first, Lighthouse's LCP),
 * `eager` for one in view at once that is not the largest, `lazy` for every other: Chrome fetches a
 * lazy picture as soon as layout finds it near the screen, and eager ones (preloaded by React) share
 * the first moments' bandwidth with the largest picture (docs/performance.md).
 */
export type PosterLoading = "lcp" | "eager" | "lazy";

/**
 * A poster (or portrait) cropped to its frame, through the image optimizer (components/ui/stored-image.tsx).
 * `width` is the file's width at 1x (the height follows from the shape); `sizes` says how wide the
 * layout shows it, so a phone downloads a phone-sized picture. `className` places and sizes the frame.
 * `alt` is empty by default: the movie's name stands next to its poster. `unoptimized` serves the
 * file as stored (the search suggestions' thumbnails).
 */
export function Poster({
  src,
  width,
  sizes,
  className,
  alt = "",
  shape = "poster",
  loading = "lazy",
  unoptimized,
}: {
  src: string;
  width: number;
  sizes?: string;
  className: string;
  alt?: string;
  shape?: keyof typeof SHAPES;
  loading?: PosterLoading;
  unoptimized?: boolean;
}) {
  const { aspect, heightPerWidth } = SHAPES[shape];
  return (
    <StoredImage
      src={src}
      alt={alt}
      width={width}
      height={Math.round(width * heightPerWidth)}
      sizes={sizes}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "lcp" ? "high" : undefined}
      // Only when asked: StoredImage decides by the address otherwise.
      {...(unoptimized && { unoptimized })}
      className={`${aspect} object-cover ${className}`}
    />
  );
}
