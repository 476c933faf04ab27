"use client";

/**
 * What a bulk action on the admin lists could not do, one line per row with the server's reason,
 * until the admin dismisses it.
 */
export function BulkFailures<Failure extends { _id: string; message: string }>({
  title,
  failures,
  labelOf,
  onDismiss,
}: {
  title: string;
  failures: Failure[];
  /** How the row is named: the movie's name, the user's email. */
  labelOf: (failure: Failure) => string;
  onDismiss: () => void;
}) {
  if (failures.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-subMain/50 bg-subMain/10 px-4 py-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{title}</p>
        <button
          type="button"
          className="rounded px-2 text-text hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
          onClick={onDismiss}
        >
          Dismiss
        </button>
      </div>
      <ul className="mt-2 list-disc pl-5">
        {failures.map((failure) => (
          <li key={failure._id}>
            {labelOf(failure) || failure._id}: {failure.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
