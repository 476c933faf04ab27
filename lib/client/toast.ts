// Toasts (docs/product.md "Every page") through react-hot-toast, which with its CSS-in-JS is about 5 kB of
// compressed script: it is loaded by the first message a page shows, not by every page (most views
// show none). Calls made while it loads are shown in order once it is there (one promise, FIFO).
import { createElement, type ReactNode } from "react";
import type * as HotToastModule from "react-hot-toast";

/** A way out of a refusal, inside its toast: "Sign in" after "You need to login to like a movie". */
type ToastAction = { label: string; href: string; onFollow?: () => void };

/** What an action toast is drawn from (components/ui/toast-action.tsx draws it). */
export type ActionToastProps = {
  message: string;
  action: ToastAction;
  /** Pressed from the keyboard: the link takes focus, and the toast stays until focus leaves it. */
  focus: boolean;
  /** Where Escape sends focus back (the button that was refused). */
  returnFocus: HTMLElement | null;
  dismiss: () => void;
};

/**
 * Draws a toast with an action. lib/ draws no components: components/ui/toaster.tsx, which every page's
 * layout mounts, hands over its drawing as it loads. Until then (never, in practice) the message shows alone.
 */
let drawActionToast: ((props: ActionToastProps) => ReactNode) | undefined;
export function drawActionToastsWith(draw: (props: ActionToastProps) => ReactNode): void {
  drawActionToast = draw;
}

type HotToast = typeof HotToastModule;
type Options = { id?: string };
/** `action`: a link after the text; `focusAction` when the refused press came from the keyboard. */
type ErrorOptions = Options & { action?: ToastAction; focusAction?: boolean };

/** An action needs time to be read and reached: twice an error's 4 s (docs/product.md "Every page"). */
const ACTION_TOAST_DURATION_MS = 8000;

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
  error(message: string, { action, focusAction = false, ...options }: ErrorOptions = {}) {
    const draw = drawActionToast;
    if (!action || !draw) return void loadToastLibrary().then(({ toast }) => toast.error(message, options));
    // Read now, before the toast's link takes focus away from the refused button.
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void loadToastLibrary().then(({ toast }) =>
      toast.error(
        (shown) =>
          createElement(draw, {
            message,
            action,
            focus: focusAction,
            returnFocus,
            dismiss: () => toast.dismiss(shown.id),
          }),
        // Focused, it stays until focus leaves it: a toast vanishing under the keyboard drops focus to the page.
        { ...options, duration: focusAction ? Infinity : ACTION_TOAST_DURATION_MS },
      ),
    );
  },
  /** Returns the toast's id at once (before the library is there), for a later success or error in its place. */
  loading(message: string, options?: Options): string {
    const id = options?.id ?? `loading-${++loadingIds}`;
    void loadToastLibrary().then(({ toast }) => toast.loading(message, { ...options, id }));
    return id;
  },
};
