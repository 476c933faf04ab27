// Exiting a command-line script at once (a storage client's or a pool's idle connections must not
// keep a finished command waiting), but only once what it printed has left: on a pipe or a file,
// Node writes stdout and stderr asynchronously and process.exit() drops what is still queued (an
// import's report of a million rows piped to a file lost its last thousands of lines).
export async function exitWhenPrinted(code: number): Promise<never> {
  const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
