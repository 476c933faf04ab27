// Pictures are resized in a process of their own, not in the web process (docs/performance.md,
// "Memory"). Resizing is what takes a small server's memory: libvips and the AVIF encoder hold
// hundreds of MB while they work, and glibc gives little of it back, so a web process that had
// resized a page's posters stayed hundreds of MB larger for the rest of its life. Here the work goes
// to a child process (lib/media/picture-resizer-process.mjs) that runs Next's own optimizer and
// ends after RESIZER_IDLE_MS without work, its memory with it.
//
// Next still does everything else for /_next/image: the checks of the parameters, reading the
// original through its router, its cache of resized pictures on disk, the answer and its headers.
// Only the resize moves (resizePicturesWith in lib/media/next-image-internals.mjs). How many run at once
// is the admission's picture lane (PICTURE_CONCURRENCY, lib/http/admission.ts).
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { nextImageOptimizer, resizePicturesWith, type Resize } from "./next-image-internals.mjs";

/** How long the resizer waits for more work before it ends: long enough for a page's pictures. */
const RESIZER_IDLE_MS = 30_000;

const RESIZER_SCRIPT = fileURLToPath(new URL("./picture-resizer-process.mjs", import.meta.url));

type Pending = {
  resolve: (picture: Awaited<ReturnType<Resize>>) => void;
  reject: (error: Error) => void;
  /** The resizer it was sent to. */
  holder: ChildProcess;
  /** Sends it once more, to a new resizer; null once it has been. */
  retry: (() => void) | null;
};
type Answer =
  | { id: number; picture: Awaited<ReturnType<Resize>> }
  | { id: number; failure: { message: string; statusCode?: number } };

let resizer: ChildProcess | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;
let idleTimer: NodeJS.Timeout | undefined;

function startResizer(): ChildProcess {
  const child = fork(RESIZER_SCRIPT, [], {
    // Plain Node: not the web process's `--import tsx`.
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || "2" },
  });
  const { ImageError } = nextImageOptimizer();
  child.on("message", (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ("picture" in answer) waiting.resolve({ ...answer.picture, buffer: Buffer.from(answer.picture.buffer) });
    else if (answer.failure.statusCode)
      waiting.reject(new ImageError(answer.failure.statusCode, answer.failure.message));
    else waiting.reject(new Error(answer.failure.message));
    if (pending.size === 0) idleTimer = setTimeout(stopResizer, RESIZER_IDLE_MS).unref();
  });
  child.on("exit", (code, signal) => {
    if (resizer === child) resizer = null;
    // A resizer that died (killed for its memory, say): what it held goes once more to a new one (it may
    // have been sent as the resizer died, before this process heard of it); a picture that kills two fails.
    const stopped = new Error(`The picture resizer stopped (${signal ?? `exit code ${code}`})`);
    for (const [id, waiting] of pending) if (waiting.holder === child) retryOrFail(id, stopped);
  });
  child.on("error", (error) => console.error("[pictures] The picture resizer failed:", error));
  return child;
}

/** Sends the picture to a new resizer if it has not been yet, else fails it. */
function retryOrFail(id: number, error: Error): void {
  const waiting = pending.get(id);
  if (!waiting) return;
  if (waiting.retry) return waiting.retry();
  pending.delete(id);
  waiting.reject(error);
}

function stopResizer(): void {
  if (pending.size > 0 || !resizer) return;
  resizer.disconnect();
  resizer = null;
}

/** Only what Next's optimizer reads: the whole config holds functions, which cannot be sent. */
function sendable(config: Parameters<Resize>[2]): Parameters<Resize>[2] {
  const { images, experimental } = config;
  return {
    images: { dangerouslyAllowSVG: images.dangerouslyAllowSVG, minimumCacheTTL: images.minimumCacheTTL },
    experimental: {
      imgOptConcurrency: experimental.imgOptConcurrency,
      imgOptOperationCache: experimental.imgOptOperationCache,
      imgOptMaxInputPixels: experimental.imgOptMaxInputPixels,
      imgOptSequentialRead: experimental.imgOptSequentialRead,
      imgOptTimeoutInSeconds: experimental.imgOptTimeoutInSeconds,
      imgOptMozjpeg: experimental.imgOptMozjpeg,
    },
  };
}

const resizeElsewhere: Resize = (upstream, params, config, previousCacheEntry) =>
  new Promise((resolve, reject) => {
    clearTimeout(idleTimer);
    const request = {
      upstream,
      params: { href: params.href, width: params.width, quality: params.quality, mimeType: params.mimeType },
      config: sendable(config),
      previousCacheEntry,
    };
    const id = ++nextId;
    const send = (first: boolean) => {
      // A resizer that ended (idle, or killed) since the last picture: a new one.
      if (!resizer?.connected) resizer = startResizer();
      const target = resizer;
      pending.set(id, { resolve, reject, holder: target, retry: first ? () => send(false) : null });
      target.send({ id, ...request }, (error) => {
        if (!error || pending.get(id)?.holder !== target) return;
        // It died before it got the picture.
        if (resizer === target) resizer = null;
        retryOrFail(id, error);
      });
    };
    send(true);
  });

/** From now on, this process's Next server resizes pictures in the resizer process. */
export function resizePicturesElsewhere(): void {
  resizePicturesWith(resizeElsewhere);
}
