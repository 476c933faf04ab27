/** The review box's heading, the same in every state of the box. */
export function ReviewTitle({ movieName }: { movieName: string }) {
  return <h3 className="text-lg font-semibold">Review &ldquo;{movieName}&rdquo;</h3>;
}
