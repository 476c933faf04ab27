// `npm run bench:media -- --only segments`: how many HLS-segment-sized reads a second each side
// serves when many clients read at once (scripts/bench-media.ts starts the sides). Every request is
// a random range of `segmentBytes` of the stored file, as a player's segment fetch is one whole
// small file; `connections` clients keep a request each in flight for `seconds`, side after side, the
// order rotating by round. docs/capacity.md builds its per-instance media figures on these.
import http from "node:http";

type Side = { name: string; url: string };
type Load = { requestsPerSecond: number; mibPerSecond: number; p99Ms: number; failed: number };
export type SegmentOptions = {
  fileBytes: number;
  segmentBytes: number;
  connections: number;
  seconds: number;
  rounds: number;
};

const MiB = 1024 * 1024;

/**
 * `connections` clients, each asking for one random segment-sized range after another for `seconds`.
 * node:http rather than autocannon: autocannon is made for small answers, and read 2.5 MB ones at a
 * twentieth of a bare server's pace on this machine, so it measured itself.
 */
async function load(side: Side, options: SegmentOptions, seconds = options.seconds): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let bytes = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = Math.floor(Math.random() * (options.fileBytes - options.segmentBytes));
      const asked = performance.now();
      const range = `bytes=${start}-${start + options.segmentBytes - 1}`;
      http
        .get(side.url, { agent, headers: { range } }, (response) => {
          let received = 0;
          response.on("data", (chunk: Buffer) => (received += chunk.length));
          response.on("end", () => {
            if (response.statusCode === 206 && received === options.segmentBytes) {
              bytes += received;
              latencies.push(performance.now() - asked);
            } else failed++;
            resolve();
          });
          response.on("error", () => (failed++, resolve()));
        })
        .on("error", () => (failed++, resolve()));
    });
  const client = async () => {
    while (performance.now() < deadline) await one();
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  return {
    requestsPerSecond: latencies.length / elapsed,
    mibPerSecond: bytes / MiB / elapsed,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
    failed,
  };
}

const middle = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};
const spread = (values: number[], digits: number) =>
  `${middle(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

/** Loads every side in rounds; returns the printed table (medians over the rounds, min-max). */
export async function benchSegments(sides: Side[], options: SegmentOptions, log: (line: string) => void) {
  for (const side of sides) await load(side, options, 2); // warm-up: connections, page cache, modules
  const bySide = new Map<string, Load[]>(sides.map((side) => [side.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    const inTurn = sides.map((_, i) => sides[(i + round) % sides.length]!);
    log(`Segments, round ${round + 1} of ${options.rounds}: ${inTurn.map((side) => side.name).join(", ")}`);
    for (const side of inTurn) bySide.get(side.name)!.push(await load(side, options));
  }
  const pairRatio = (a: string, b: string) =>
    spread(
      bySide.get(a)!.map((load, round) => load.requestsPerSecond / bySide.get(b)![round]!.requestsPerSecond),
      2,
    );
  const rows = sides.map((side) => {
    const loads = bySide.get(side.name)!;
    const of = (key: keyof Load, digits: number) =>
      spread(
        loads.map((load) => load[key]),
        digits,
      );
    return `| ${side.name} | ${of("requestsPerSecond", 0)} | ${of("mibPerSecond", 0)} | ${of("p99Ms", 0)} | ${loads.reduce((sum, load) => sum + load.failed, 0)} |`;
  });
  return `Segment-sized reads: random ${(options.segmentBytes / 1024).toFixed(0)} KiB ranges, ${options.connections} connections, ${options.seconds} s per side, ${options.rounds} rounds; median over the rounds (min-max).

| Side | Requests/s | MiB/s | p99 latency (ms) | Failed (all rounds) |
|---|---|---|---|---|
${rows.join("\n")}

Marquee ÷ bare Node, requests/s (median of the rounds' ratios, min-max): ${pairRatio("Marquee", "bare Node")}
X-Accel ÷ nginx, requests/s: ${pairRatio("nginx + Marquee X-Accel", "nginx")}`;
}
