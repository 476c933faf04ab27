/** Shown instead of a 0 for a movie nobody has reviewed yet: a 0 reads as a verdict. */
export const NO_RATINGS = "No ratings yet";

/** One star's corners in a 24-unit square, clockwise from the top; the left half is the first corner and the last five. */
const STAR: [number, number][] = [
  [12, 2.5],
  [14.9, 8.5],
  [21.5, 9.4],
  [16.7, 14],
  [17.9, 20.5],
  [12, 17.4],
  [6.1, 20.5],
  [7.3, 14],
  [2.5, 9.4],
  [9.1, 8.5],
];
const LEFT_HALF = [STAR[0]!, ...STAR.slice(5)];
/** A star and the gap after it, in the same units (2 px at 16 px per star). */
const STEP = 27;

const shape = (corners: [number, number][], star: number) =>
  `M${corners.map(([x, y]) => `${Number((x + star * STEP).toFixed(1))} ${y}`).join("L")}Z`;
const OUTLINES = Array.from({ length: 5 }, (_, star) => shape(STAR, star)).join("");

/**
 * A 0 to 5 rating as five stars in half steps (docs/product.md "Reviews"), with the number for screen
 * readers. One SVG of two paths, the outlines and what is filled: a page lists a dozen ratings, and
 * five SVGs each with its own gradient made a rating thirty elements to parse, style and hydrate.
 */
export function Stars({ value, className = "h-4 w-22" }: { value: number; className?: string }) {
  const halves = Math.round(Math.max(0, Math.min(5, value)) * 2);
  const filled = Array.from({ length: Math.floor(halves / 2) }, (_, star) => shape(STAR, star));
  if (halves % 2 === 1) filled.push(shape(LEFT_HALF, Math.floor(halves / 2)));
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex items-center text-star">
      <svg aria-hidden="true" viewBox={`0 0 ${5 * STEP - 3} 24`} className={className}>
        <path d={OUTLINES} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        {filled.length > 0 && <path d={filled.join("")} fill="currentColor" />}
      </svg>
    </span>
  );
}
