/** The red loading spinner (docs/product.md "Every page"). */
export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-white/30 border-t-subMain ${className}`}
    />
  );
}
