"use client";
// The one way the account and admin screens change data (after dub's use-api-mutation): call the
// API, toast the outcome, then reload what the screen shows. Tables keep no copies of this logic.
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { apiFetch, errorMessage } from "./fetcher";

type Mutation<T> = {
  method: "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** The success toast: fixed text, or taken from the answer (most answers carry a `message`). */
  success: string | ((result: T) => string);
  /** A fixed failure toast; by default the API's own message (docs/product.md "Messages"). */
  failure?: string;
  /** Reloads what the screen shows; runs after success and failure alike. */
  then?: () => unknown;
};

/**
 * `run(key, url, mutation)` sends one change; `pending` is the key of the change in flight (a row's
 * id, "all", ...) so buttons can disable themselves or show a spinner. Resolves to the answer, or
 * undefined when the change failed (the failure is already toasted).
 */
export function useApiMutation() {
  const [pending, setPending] = useState<string | null>(null);

  async function run<T = { message: string }>(key: string, url: string, mutation: Mutation<T>): Promise<T | undefined> {
    setPending(key);
    try {
      const result = await apiFetch<T>(url, { method: mutation.method, body: mutation.body });
      toast.success(typeof mutation.success === "function" ? mutation.success(result) : mutation.success);
      return result;
    } catch (failure) {
      toast.error(mutation.failure ?? errorMessage(failure));
      return undefined;
    } finally {
      setPending(null);
      await mutation.then?.();
    }
  }

  return { run, pending };
}

/** The usual success toast: the `message` the API answered with. */
export const answerMessage = (result: { message: string }) => result.message;
