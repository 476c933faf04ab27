"use client";

import { ErrorPanel } from "@/components/ui/error-panel";

/** A page that fails to render: the root layout (header, footer) stays, this takes the page's place. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
