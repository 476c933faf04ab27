/** Shown instead of a 0 for a movie nobody has reviewed yet: a 0 reads as a verdict. */
export const NO_RATINGS = "No ratings yet";

/** A 0 to 5 rating as five stars in half steps (docs/product.md "Reviews"), with the number for screen readers. */
export function Stars({ value, className = "size-4" }: { value: number; className?: string }) {
  const halves = Math.round(Math.max(0, Math.min(5, value)) * 2);
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex items-center gap-0.5 text-star">
      {Array.from({ length: 5 }, (_, index) => {
        const fill = halves >= (index + 1) * 2 ? "full" : halves === index * 2 + 1 ? "half" : "empty";
        return (
          <svg key={index} aria-hidden="true" viewBox="0 0 24 24" className={className}>
            <defs>
              <linearGradient id={`star-half-${index}`}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="transparent" />
              </linearGradient>
            </defs>
            <path
              d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
              fill={fill === "full" ? "currentColor" : fill === "half" ? `url(#star-half-${index})` : "none"}
            />
          </svg>
        );
      })}
    </span>
  );
}
