// `npm run bench:api -- --only progress`: how many watch-progress saves a second one instance takes.
// A signed-in viewer's player saves where they are every 10 s (PUT /api/user/progress/{movieId},
// lib/client/watch-progress.ts), so at many viewers these writes, not the cached reads, are the
// primary database's steady load. `members` generated members with API tokens save random points
// of random movies (each save one member's row, as real viewers' are), `connections` in flight,
// alternating round by round with the cached movie detail (GET /api/movie/{id}) as the baseline
// read. Each round also takes the CPU time the app's processes and PostgreSQL's spent (/proc, Linux)
// over the requests it answered: what a save costs each side, whatever else shares the machine.
// docs/capacity.md builds on these figures.
import fs from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { processTree } from "./process-tree";

type Figures = { requestsPerSecond: number; p99: number; failed: number; appCpuMs: number; databaseCpuMs: number };
export type ProgressOptions = { connections: number; seconds: number; rounds: number; members: number };

/** The secret scripts/lib/demo-app.ts gives the app: tokens signed here must verify there. */
const DEMO_APP_SECRET = "demo-app-secret-that-is-long-enough-for-hs256";

async function membersWithTokens(databaseUrl: string, count: number): Promise<string[]> {
  // lib/env has been read by now (scripts/lib/database.ts loads it), so the secret is set on the
  // parsed settings the token module signs with, for this process only.
  const { env } = await import("@/lib/env");
  env.AUTH_SECRET = DEMO_APP_SECRET;
  const { signToken } = await import("@/lib/auth/token");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; credentialsVersion: number }>(
      `INSERT INTO "User" ("id", "email", "fullName", "updatedAt")
       SELECT gen_random_uuid(), 'bench-viewer-' || n || '@marquee.local', 'Bench viewer ' || n, now()
       FROM generate_series(1, $1::int) AS n
       RETURNING "id", "credentialsVersion"`,
      [count],
    );
    return await Promise.all(rows.map((row) => signToken(row)));
  } finally {
    await client.end();
  }
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/**
 * CPU seconds (user + system) the processes have used so far, and with `reaped` what the exited
 * children of the first one used (a postmaster's backends that ended: their time would vanish).
 */
function cpuSeconds(pids: number[], reaped = false): number {
  let ticks = 0;
  for (const [index, pid] of pids.entries()) {
    try {
      // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are the 12th to 15th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ").map(Number);
      ticks += fields[11]! + fields[12]! + (reaped && index === 0 ? fields[13]! + fields[14]! : 0);
    } catch {
      // exited
    }
  }
  return ticks / 100; // USER_HZ, 100 on Linux
}

/**
 * The app's processes, and the PostgreSQL server's: the postmaster listening on the database URL's
 * port (it runs detached, `-p <port>` on its command line) and the backends it forked.
 */
function sides(appPid: number, databaseUrl: string) {
  const port = new URL(databaseUrl).port;
  const read = (pid: string, file: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
      return "";
    }
  };
  const postmaster = fs
    .readdirSync("/proc")
    .find(
      (pid) =>
        /^\d+$/.test(pid) &&
        read(pid, "comm").trim() === "postgres" &&
        read(pid, "cmdline").split("\0").join(" ").includes(` -p ${port} `),
    );
  if (!postmaster) throw new Error(`No PostgreSQL server found on port ${port}`);
  return {
    app: () => cpuSeconds(processTree(appPid)),
    // Backends come and go with the pools' idle timeouts: counted live at each reading, plus the reaped.
    database: () => cpuSeconds(processTree(Number(postmaster)), true),
  };
}

export async function benchProgress(
  appUrl: string,
  appPid: number,
  databaseUrl: string,
  movieIds: string[],
  options: ProgressOptions,
  log: (line: string) => void,
): Promise<string> {
  const tokens = await membersWithTokens(databaseUrl, options.members);
  // One save first: a refused one would make the figures those of an error page.
  const first = await fetch(`${appUrl}/api/user/progress/${movieIds[0]}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${tokens[0]}`, "content-type": "application/json" },
    body: JSON.stringify({ position: 60, duration: 5400 }),
  });
  if (first.status !== 200) throw new Error(`A progress save answered ${first.status}: ${await first.text()}`);
  const saves = (seconds: number) =>
    autocannon({
      url: appUrl,
      connections: options.connections,
      duration: seconds,
      requests: [
        {
          method: "PUT",
          setupRequest: (request) => ({
            ...request,
            path: `/api/user/progress/${pick(movieIds)}`,
            headers: {
              ...request.headers,
              authorization: `Bearer ${pick(tokens)}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({ position: Math.floor(Math.random() * 5400), duration: 5400 }),
          }),
        },
      ],
    });
  const reads = (seconds: number) =>
    autocannon({ url: `${appUrl}/api/movie/${movieIds[0]}`, connections: options.connections, duration: seconds });
  const measured = async (run: () => Promise<autocannon.Result>): Promise<Figures> => {
    const cpu = sides(appPid, databaseUrl);
    const before = { app: cpu.app(), database: cpu.database() };
    const result = await run();
    const perRequestMs = (seconds: number) => (seconds * 1000) / Math.max(1, result.requests.total);
    const failed = result.errors + result.timeouts + result.non2xx;
    if (failed > 0)
      log(
        `${failed} failed: errors ${result.errors}, timeouts ${result.timeouts}, statuses ${JSON.stringify(result.statusCodeStats)}`,
      );
    return {
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      failed,
      appCpuMs: perRequestMs(cpu.app() - before.app),
      databaseCpuMs: perRequestMs(cpu.database() - before.database),
    };
  };
  await saves(2); // warm-up: routes compiled, connections opened
  await reads(2);
  const loads = { "PUT /api/user/progress/{id}": saves, "GET /api/movie/{id} (baseline)": reads };
  const names = Object.keys(loads) as (keyof typeof loads)[];
  const results = new Map<string, Figures[]>(names.map((name) => [name, []]));
  for (let round = 0; round < options.rounds; round++) {
    const inTurn = round % 2 === 0 ? names : [...names].reverse();
    log(`Progress saves, round ${round + 1} of ${options.rounds}`);
    for (const name of inTurn) results.get(name)!.push(await measured(() => loads[name](options.seconds)));
  }
  const middle = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const cell = (values: number[], digits = 0) =>
    `${middle(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;
  const rows = names.map((name) => {
    const rounds = results.get(name)!;
    return `| \`${name}\` | ${cell(rounds.map((r) => r.requestsPerSecond))} | ${cell(rounds.map((r) => r.p99))} ms | ${cell(
      rounds.map((r) => r.appCpuMs),
      2,
    )} | ${cell(
      rounds.map((r) => r.databaseCpuMs),
      2,
    )} | ${rounds.reduce((sum, r) => sum + r.failed, 0)} |`;
  });
  return `${options.members} members, ${movieIds.length} movies; ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s per side, the sides alternating; median (min-max) over the rounds.

| Request | Requests/s | p99 latency | App CPU per request (ms) | PostgreSQL CPU per request (ms) | Failed or non-2xx (all rounds) |
|---|---|---|---|---|---|
${rows.join("\n")}`;
}
