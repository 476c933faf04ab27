// Background work (an ffmpeg transcode, the worker thread that reads and records a catalogue file)
// runs below the web server's priority: inside the app, which is the default, it must not make pages
// and /api/health wait for a core while it uses every one; on an idle machine it still gets all the
// CPU there is. Nice 10, as `nice` gives by default.
import fs from "node:fs";
import os from "node:os";

const BACKGROUND_NICE = 10;

/** Lowers the process `pid` (or, on Linux, the thread with that id) to background priority. */
export function runInBackground(pid: number): void {
  try {
    os.setPriority(pid, BACKGROUND_NICE);
  } catch {
    // not permitted here: runs at normal priority
  }
}

/**
 * Lowers the calling thread alone, on Linux where each thread has a nice value of its own (a worker
 * thread's id is the last part of /proc/thread-self). Elsewhere a thread's priority is its
 * process's, so nothing changes: lowering the process would slow the web server too.
 * Returns the thread's nice value afterwards, or null where threads have none of their own.
 */
export function runThisThreadInBackground(): number | null {
  let tid: number;
  try {
    tid = Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1));
  } catch {
    return null;
  }
  runInBackground(tid);
  return os.getPriority(tid);
}
