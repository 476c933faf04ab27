import { getImageProps, type ImageProps } from "next/image";

/** Only our own stored pictures go through the optimizer (next.config.ts `images.localPatterns`). */
const OPTIMIZABLE = /^\/api\/upload\/image\/[^/?#]+$/;

/**
 * A stored picture (poster, banner, portrait, avatar) through Next's image optimizer: AVIF or WebP
 * at the width `sizes` says the layout shows it at, so a phone downloads a phone-sized poster.
 * Any other address (an https URL a movie was created with) is shown as it is.
 *
 * A plain `<img>` with the attributes `next/image` would give it (`getImageProps`), not the `<Image>`
 * component: that is a client component, about 2 kB of every page's script and one more component to
 * hydrate per picture (twenty on a catalogue page), for loading callbacks and placeholders Marquee does
 * not use. React itself preloads the eager ones, and as it hydrates an `<img>` with `onError` it asks
 * for the picture again, so an error that came before the page's scripts is still heard.
 */
export function StoredImage({ src, alt, ...props }: Omit<ImageProps, "src" | "onLoad"> & { src: string }) {
  const { props: img } = getImageProps({ src, alt, unoptimized: !OPTIMIZABLE.test(src), ...props });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own attributes, alt included
  return <img {...img} />;
}
