// Types of web-heap.mjs, plain JavaScript so that the launcher (scripts/run.mjs) runs it with plain `node`.
/** The V8 flags the web process starts with: a 1 GB server's heap, unless NODE_OPTIONS sets its own. */
export function heapForASmallServer(nodeOptions: string): string[];
