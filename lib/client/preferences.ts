// The "autoplay next" setting: a member's lives on the server (GET and PUT /api/user/preferences),
// so it follows them to every device; a visitor's in this browser's localStorage.
import { useSyncExternalStore } from "react";
import useSWR from "swr";
import { useViewer } from "./viewer";
import type { Preferences } from "@/lib/data/preferences";
import { apiFetch, fetcher } from "./fetcher";

const PREFERENCES_URL = "/api/user/preferences";
/** A visitor's setting: "off" when turned off, absent (the default) when on. */
const VISITOR_AUTOPLAY_KEY = "marquee-autoplay-next";

const storageListeners = new Set<() => void>();
function subscribeToStorage(listener: () => void) {
  storageListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    storageListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function visitorAutoplay(): boolean {
  try {
    return localStorage.getItem(VISITOR_AUTOPLAY_KEY) !== "off";
  } catch {
    return true; // storage blocked: the default
  }
}
function setVisitorAutoplay(enabled: boolean) {
  try {
    if (enabled) localStorage.removeItem(VISITOR_AUTOPLAY_KEY);
    else localStorage.setItem(VISITOR_AUTOPLAY_KEY, "off");
  } catch {
    // storage blocked: the choice lasts until the page is left
  }
  storageListeners.forEach((listener) => listener());
}

/**
 * Whether the next film plays by itself when one ends: undefined until known (the session, or the
 * member's settings, are still being looked up). `setAutoplayNext` saves the choice where it lives.
 */
export function useAutoplayNext(): {
  autoplayNext: boolean | undefined;
  setAutoplayNext: (on: boolean) => Promise<void>;
} {
  const viewer = useViewer();
  const { data, mutate } = useSWR<Preferences, Error>(viewer ? PREFERENCES_URL : null, fetcher);
  const visitorSetting = useSyncExternalStore(subscribeToStorage, visitorAutoplay, () => true);
  const autoplayNext = viewer === undefined ? undefined : viewer ? data?.autoplayNext : visitorSetting;

  async function setAutoplayNext(on: boolean) {
    if (!viewer) return setVisitorAutoplay(on);
    await mutate(apiFetch<Preferences>(PREFERENCES_URL, { method: "PUT", body: { autoplayNext: on } }), {
      optimisticData: { autoplayNext: on },
      rollbackOnError: true,
    });
  }
  return { autoplayNext, setAutoplayNext };
}
