// Several instances of the built app (the production server, `node --import tsx server.ts`, as
// `npm test` starts it, on the same build), and a small round-robin balancer in front of them.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort } from "@/scripts/lib/embedded-postgres";

const root = path.resolve(import.meta.dirname, "..", "..");

export type Instance = {
  baseUrl: string;
  /** Everything it printed, stdout and stderr. */
  output: () => string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, and wait for the exit. */
  stop: () => Promise<number | null>;
  process: ChildProcess;
};

/**
 * Starts server.ts with the test suite's environment plus `env`; resolves once /api/health answers 200.
 * `launcherChannel`: with the IPC channel `npm start` (scripts/run.mjs) gives it.
 */
export async function startInstance(
  env: Record<string, string>,
  { launcherChannel = false }: { launcherChannel?: boolean } = {},
): Promise<Instance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let printed = "";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: "production" },
      stdio: launcherChannel ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
    },
  );
  // Piped above (the four-entry stdio with the channel loses that in spawn's types).
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const instance: Instance = {
    baseUrl,
    output: () => printed,
    exited,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`An instance exited with ${child.exitCode}:\n${printed}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return instance;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`An instance did not become healthy within 120 s:\n${printed}`);
}

export type Balancer = {
  url: string;
  /** Requests each backend answered, in the order of `backends`. */
  answered: number[];
  /** Backends taken out of the rotation because they refused a connection. */
  down: Set<number>;
  close: () => Promise<void>;
};

/**
 * A round-robin load balancer, as a layer-4 one or a plain nginx upstream behaves: headers pass
 * untouched, one new connection per request, and a backend that refuses a connection (it stopped
 * listening) leaves the rotation while the request goes to the next one. Only a refused connection
 * is retried: the backend never saw the request, so a write cannot happen twice.
 */
export async function startBalancer(backends: string[]): Promise<Balancer> {
  const answered = backends.map(() => 0);
  const down = new Set<number>();
  let next = 0;

  function pick(): number | null {
    for (let tried = 0; tried < backends.length; tried++) {
      const index = next++ % backends.length;
      if (!down.has(index)) return index;
    }
    return null;
  }

  function forward(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) {
    const index = pick();
    if (index === null)
      return void response
        .writeHead(502, { "content-type": "application/json" })
        .end(JSON.stringify("Bad gateway: no backend"));
    const upstream = http.request(
      new URL(request.url!, backends[index]),
      { method: request.method, headers: { ...request.headers, connection: "close" }, agent: false },
      (answer) => {
        answered[index]!++;
        response.writeHead(answer.statusCode!, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") {
        down.add(index);
        forward(request, body, response);
      } else if (!response.headersSent) {
        // Anything else is not retried: the backend may have acted on the request.
        response
          .writeHead(502, { "content-type": "application/json" })
          .end(JSON.stringify(`Bad gateway: ${error.code ?? error.message}`));
      } else {
        response.destroy(error);
      }
    });
    upstream.end(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => forward(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    down,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
