import Image, { type ImageProps } from "next/image";

/** Only our own stored pictures go through the optimizer (next.config.ts `images.localPatterns`). */
const OPTIMIZABLE = /^\/api\/upload\/image\/[^/?#]+$/;

/**
 * A stored picture (poster, banner, portrait, avatar) through Next's image optimizer: AVIF or WebP
 * at the width `sizes` says the layout shows it at, so a phone downloads a phone-sized poster.
 * Any other address (an https URL a movie was created with) is shown as it is.
 */
export function StoredImage({ src, alt, ...props }: Omit<ImageProps, "src"> & { src: string }) {
  return <Image src={src} alt={alt} unoptimized={!OPTIMIZABLE.test(src)} {...props} />;
}
