// Toasts (docs/product.md "Every page") through react-hot-toast, which with its CSS-in-JS is about 5 kB of
// compressed script: it is loaded by the first message a page shows, not by every page (most views
// show none). Calls made while it loads are shown in order once it is there (one promise, FIFO).
import type * as HotToastModule from "react-hot-toast";

type HotToast = typeof HotToastModule;
type Options = { id?: string };

let library: Promise<HotToast> | undefined;
const waiting = new Set<() => void>();

/** The library, imported by the first call (and by the Toaster, which mounts once there is one). */
export function loadToastLibrary(): Promise<HotToast> {
  if (!library) {
    library = import("react-hot-toast");
    for (const notify of waiting) notify();
  }
  return library;
}

/** For the Toaster: whether any message has been asked for yet, and a way to hear of the first. */
export const toastsRequested = () => library !== undefined;
export function onFirstToast(listener: () => void): () => void {
  waiting.add(listener);
  return () => waiting.delete(listener);
}

let loadingIds = 0;

export const toast = {
  success: (message: string, options?: Options) =>
    void loadToastLibrary().then(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: Options) =>
    void loadToastLibrary().then(({ toast }) => toast.error(message, options)),
  /** Returns the toast's id at once (before the library is there), for a later success or error in its place. */
  loading(message: string, options?: Options): string {
    const id = options?.id ?? `loading-${++loadingIds}`;
    void loadToastLibrary().then(({ toast }) => toast.loading(message, { ...options, id }));
    return id;
  },
};
