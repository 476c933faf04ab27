// How Marquee's long-running processes (server.ts, scripts/worker.ts) behave when what started them
// goes away.

/**
 * Whatever read this process's output may go (a launcher killed with SIGKILL, a log collector that
 * restarts): writing to the closed pipe then fails with EPIPE. Unhandled, that error was logged to the
 * same pipe, which failed again: a loop that kept a core busy for as long as the process ran. Logs are
 * dropped instead, and the process works on.
 */
export function dropLogsWhenOutputCloses(): void {
  for (const output of [process.stdout, process.stderr]) {
    output.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
}

/**
 * `npm start` (scripts/run.mjs) starts the server with an IPC channel. The launcher stops it with
 * SIGTERM; if the launcher itself dies without doing so (SIGKILL, a crash), the channel closes and
 * `stop` runs as for SIGTERM: an orphaned server kept serving on its port, beside a database nobody
 * supervised any more, and the next `npm start` found the port taken. A process started without a
 * channel (Docker, systemd, a host running server.ts itself) is not concerned.
 */
export function stopWhenLauncherExits(stop: () => void): void {
  if (!process.channel) return;
  // The channel alone must not keep the process alive once the server has closed.
  process.channel.unref();
  process.once("disconnect", stop);
}
