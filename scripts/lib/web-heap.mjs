// @ts-check
/**
 * V8's heap as it sizes itself on a 1 GB server, whatever the host: old objects up to 512 MB, so V8
 * collects at about 1.5 times what is live rather than 4 times, and a young generation of 2 x 16 MB
 * rather than 2 x 64. On a host with memory to spare V8 would otherwise let the web process grow to
 * 600-770 MiB under load, with about 120 MiB live; with these, 375-390 (docs/performance.md,
 * "Memory", has the figures and the cost in throughput). A value the host sets in NODE_OPTIONS wins.
 * `npm start` (scripts/run.mjs) and the benchmarks' server (scripts/lib/demo-app.ts) start the web
 * process with these; the Docker image sets the same in NODE_OPTIONS.
 * @param {string} nodeOptions
 */
export function heapForASmallServer(nodeOptions) {
  return [
    ...(nodeOptions.includes("--max-old-space-size") ? [] : ["--max-old-space-size=512"]),
    ...(nodeOptions.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=16"]),
  ];
}
