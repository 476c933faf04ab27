"use client";

import { useEffect } from "react";
import { Button, ButtonLink } from "./button";

/**
 * What a page that failed to render shows instead (app/error.tsx, app/global-error.tsx). "Try again"
 * is Next's `retry`: it fetches the page from the server again and re-renders it, so a passing fault
 * (a database restart, a dropped connection) heals without a reload. The server logs its own errors;
 * one thrown in the browser is only seen in its console, hence the log here.
 */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p role="alert" className="text-text">
        This page could not be shown. Please try again.
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <Button onClick={retry}>Try again</Button>
        <ButtonLink variant="quiet" href="/">
          Back Home
        </ButtonLink>
      </div>
    </main>
  );
}
