// The production server (`npm start`, and what a Node host runs): Next.js through its documented
// custom-server API (`next().getRequestHandler()` on node:http), with the media fast path in front
// of it, and a graceful stop.
//
//   NODE_ENV=production node --import tsx server.ts [--port 3000] [--hostname 0.0.0.0]
//
// - GET/HEAD /api/upload/{folder}/{file} are answered by lib/media/fast-path.ts before Next's
//   router: the rules are the route handler's, at the cost of a stat and a read stream, and with
//   Content-Length (Next drops it from route handler responses). So are the build's scripts and
//   styles for browsers that accept brotli, from the copies the build compressed
//   (lib/http/static-assets.ts). Everything else goes to Next, pages and API requests each within
//   their own budget of requests at once, the rest in line or, past the line, answered "busy"
//   (lib/http/admission.ts).
// - SIGTERM or SIGINT (or, under `npm start`, the launcher dying): stop accepting connections, let
//   requests in flight finish (an upload included), stop the background jobs (a running ffmpeg is
//   killed, its job requeued), close the database pool, exit. A second signal, or SHUTDOWN_GRACE_MS,
//   cuts it short (lib/media/ffmpeg.ts still kills any ffmpeg as the process exits).
import "./lib/require-node";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { dropLogsWhenOutputCloses, stopWhenLauncherExits } from "./lib/process-lifetime";
import { processState } from "./lib/process-state";

const SHUTDOWN_GRACE_MS = 100_000;
/** In builds made by `npm test` only: this request header sends a stored file through the route handler. */
const ROUTE_HANDLER_HEADER = "x-marquee-serve-path";

const dev = process.env.NODE_ENV !== "production";
const dir = import.meta.dirname;
const { values: args } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" } } });
const port = Number(args.port ?? process.env.PORT ?? 3000);
const hostname = args.hostname;

dropLogsWhenOutputCloses();

// .env files first: lib/env validates process.env when it is first imported.
nextEnv.loadEnvConfig(dir, dev);
// Next reads next.config.ts as this process starts. Left to itself it transpiles the file with SWC,
// whose native library then stays loaded for the server's whole life: about 65 MiB of a process that
// must fit a 1 GB server (docs/performance.md, "Memory"). What `next start
// --experimental-next-config-strip-types` sets: Next imports the file instead, through the TypeScript
// loader this process already runs under (tsx).
process.env.__NEXT_NODE_NATIVE_TS_LOADER_ENABLED ??= "true";
const [
  { default: next },
  { env },
  { storage },
  { createMediaFastPath },
  { createRequestObserver, createRouteMatcher },
  { createAdmission },
  { resizePicturesElsewhere },
  { createStaticAssetFastPath },
] = await Promise.all([
  import("next"),
  import("./lib/env"),
  import("./lib/storage"),
  import("./lib/media/fast-path"),
  import("./lib/metrics/http"),
  import("./lib/http/admission"),
  import("./lib/media/picture-resizer"),
  import("./lib/http/static-assets"),
]);

// Not told the listening hostname: Next builds the address a request came in on from it, and the
// proxy's rewrites (the 404 page) from "localhost"; with two host names Next took its own rewrite for
// another site's and fetched the page from itself over HTTP (seen with --hostname 127.0.0.1).
const app = next({ dev, dir, port });
// /_next/image resizes in a process of its own, which ends when idle (lib/media/picture-resizer.ts).
resizePicturesElsewhere();
const handle = app.getRequestHandler();
const serveStoredFileFast = createMediaFastPath({
  driver: storage,
  accelRedirectPrefix: env.MEDIA_ACCEL_REDIRECT_PREFIX,
});
const serveStaticAssetFast = createStaticAssetFastPath(path.join(dir, process.env.NEXT_DIST_DIR || ".next"));
// Lets the shared serving tests reach the route handler through this same server.
const routeHandlerSwitch = process.env.MARQUEE_TEST_PAGES === "1";

await app.prepare();
// Requests by route pattern, status and time, for GET /api/metrics (docs/deploy.md "Metrics").
const observeRequest = createRequestObserver(createRouteMatcher(dir, process.env.NEXT_DIST_DIR || ".next"));

const admit = createAdmission();

let stopping = false;
const server = http.createServer((req, res) => {
  observeRequest(req, res);
  // While stopping, answers close their connection, so keep-alive clients go elsewhere.
  if (stopping) res.setHeader("Connection", "close");
  if (!(routeHandlerSwitch && req.headers[ROUTE_HANDLER_HEADER] === "route-handler") && serveStoredFileFast(req, res))
    return;
  if (serveStaticAssetFast(req, res)) return;
  // Next 16.3+ adds a "close" listener to the response for each stream it pipes into a page it
  // streams (vercel/next.js#97757); with this server's two (the metrics', the admission's) that
  // passed Node's leak warning at ten, once per page a browser asked for. They go with the response.
  res.setMaxListeners(30);
  admit(req, res, () => void handle(req, res));
});
// An idle keep-alive connection stays open 65 s, not Node's 5: longer than the clients and proxies in
// front keep theirs (nginx's upstream keepalive_timeout and cloud load balancers: 60 s), so the server
// is never the one closing a connection just as a client sends its next request on it (an ECONNRESET
// the client sees for a request the server never got).
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(
    `> Marquee listening on http://${hostname ?? "localhost"}:${port} (${dev ? "development" : "production"})`,
  );
});

async function stop(reason: string) {
  if (stopping) {
    // Ctrl-C twice. (A SIGTERM meanwhile is `npm start` passing on the first Ctrl-C: keep waiting.)
    if (reason !== "SIGINT") return;
    console.log(`> ${reason} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  console.log(`> ${reason}: no new connections; finishing the requests in flight`);
  const forced = setTimeout(() => {
    console.error(`> Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  // Background jobs (lib/worker, started by instrumentation.ts inside Next's bundle) keep their runner
  // in the process's registry (lib/process-state.ts). Stopped now, beside the requests: running transcodes kill their ffmpeg and go
  // back to the queue while the database is still there for it.
  const jobs = processState.jobs;
  const jobsStopped = jobs
    ?.then((runner) => runner.stop())
    .catch((error: unknown) => console.error("> Stopping the background jobs failed:", error));
  // close() stops accepting and resolves once every connection has ended. Keep-alive connections
  // are closed as soon as they are idle: now, or when the answer in flight on them is out.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 250);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearInterval(closeIdle);
  await jobsStopped;
  await app.close();
  // The app's Prisma client (lib/database/db.ts), with its pool.
  await processState.db?.$disconnect();
  console.log("> Stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
stopWhenLauncherExits(() => void stop("The launcher is gone"));
