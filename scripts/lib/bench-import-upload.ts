// `npm run bench:import -- --only upload [--mb 60 --rounds 5 --url URL --against DIST]`: how long
// /api/health takes to answer while an admin's catalogue file is uploaded and read, against the same
// polling with no import running. The demo app (scripts/lib/demo-app.ts: the production build behind server.ts, jobs
// in the process) or the server at --url (logged in as the demo admin) gets a generated CSV of about
// --mb MB (10,000 movies, long descriptions, ten cast members each) as a dry run, while one client
// asks /api/health again as soon as each answer arrives. A round measures both sides, which go first
// in turn; each side polls for as long as the upload took (from the first byte sent to the 202), and
// the dry-run job that follows is waited out before the next side starts. `--against DIST` also
// serves the build in DIST (another checkout's build copied here, e.g. the base branch's) as a second
// demo app, measured the same way in the same rounds, the two builds taking turns to go first. It
// prints figures (median and spread of each round's p50, p99 and max); it asserts nothing. docs/performance.md records a run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { startDemoApp, type DemoApp } from "./demo-app";
import { csvColumns, csvHeader, csvLine } from "@/lib/import-export/catalogue-file";
import { demoUsers } from "@/prisma/seed/catalogue";

type Options = { megabytes: number; rounds: number; url?: string; against?: string; log: (line: string) => void };

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const spread = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))} - ${ms(Math.max(...values))})`;
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${os.cpus().length} CPUs`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A CSV of 10,000 valid movies of about `megabytes` MB (a dry run finds every row would be created). */
function catalogueOf(megabytes: number): string {
  const rows = 10_000;
  const columns = csvColumns(10, 0);
  // Each row's description takes what the size asks for beyond the other cells (at most 5,000 characters).
  const descLength = Math.min(5000, Math.max(10, Math.round((megabytes * 1024 * 1024) / rows) - 1100));
  let csv = csvHeader(columns);
  for (let index = 0; index < rows; index++)
    csv += csvLine(
      {
        id: `upload-bench-${index}`,
        name: `Upload bench movie ${index}`,
        desc: `Movie ${index}: ${"a description long enough to weigh what real ones weigh. ".repeat(100)}`.slice(
          0,
          descLength,
        ),
        year: 1950 + (index % 70),
        hour: 1 + (index % 3),
        language: "English",
        category: "Drama",
        image: "https://images.example.com/posters/upload-bench.jpg",
        titleImage: "https://images.example.com/stills/upload-bench.jpg",
        video: "https://videos.example.com/films/upload-bench.mp4",
        casts: Array.from({ length: 10 }, (_, cast) => ({
          name: `Actor ${index}-${cast}`,
          image: `https://images.example.com/cast/${cast}.jpg`,
        })),
      },
      columns,
    );
  return csv;
}

/** The upload's sender (a worker thread's script): the file, read from disk as it is sent, as a dry run. */
const SEND_UPLOAD = `
const fs = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { url, token, file } = workerData;
  const form = new FormData();
  form.set("file", await fs.openAsBlob(file, { type: "text/csv" }), "upload-bench.csv");
  form.set("dryRun", "true");
  const response = await fetch(url + "/api/admin/imports", {
    method: "POST",
    body: form,
    headers: { authorization: "Bearer " + token },
  });
  parentPort.postMessage({ status: response.status, body: await response.json() });
})();
`;

/**
 * Asks /api/health back to back until `until` settles: each answer's time in ms, and how many were not
 * 200 (a probe of the database or storage that the server's own clock saw take over its limit is a 503).
 */
async function pollHealth(url: string, until: Promise<unknown>): Promise<{ times: number[]; failed: number }> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) failed++;
  }
  return { times, failed };
}

type Build = {
  name: string;
  app: Pick<DemoApp, "url" | "stop">;
  sides: { idle: Side; upload: Side };
  uploadTimes: number[];
  measureIdle: () => Promise<void>;
  measureUpload: () => Promise<void>;
};
type Side = { p50: number[]; p99: number[]; max: number[]; requests: number[]; failed: number[] };

/** Logs in as the demo admin on `app` and readies the two measurements of one round on it. */
async function prepare(name: string, app: Build["app"], csvFile: string): Promise<Build> {
  const { url } = app;
  const admin = demoUsers.find((user) => user.key === "admin")!;
  const login = await fetch(`${url}/api/user`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.250.0.1" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (login.status !== 200) throw new Error(`Logging in as the demo admin: ${login.status}`);
  const { token } = (await login.json()) as { token: string };

  // The upload is sent from a thread of its own: building and sending 55 MB of multipart body held
  // this thread for up to a second at a time (undici reads the whole Blob in one run of microtasks),
  // and /api/health's answers, timed here, would have waited on the client, not on the server.
  const upload = () =>
    new Promise<string>((resolve, reject) => {
      const sender = new Worker(SEND_UPLOAD, { eval: true, workerData: { url, token, file: csvFile } });
      sender.once("message", (outcome: { status: number; body: { _id: string } }) => {
        void sender.terminate();
        if (outcome.status === 202) resolve(outcome.body._id);
        else reject(new Error(`The upload answered ${outcome.status}: ${JSON.stringify(outcome.body)}`));
      });
      sender.once("error", reject);
    });
  const jobDone = async (id: string) => {
    for (;;) {
      const response = await fetch(`${url}/api/admin/imports/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { state } = (await response.json()) as { state: string };
      if (state === "done" || state === "failed") return;
      await sleep(500);
    }
  };

  const side = (): Side => ({ p50: [], p99: [], max: [], requests: [], failed: [] });
  const sides = { idle: side(), upload: side() };
  const uploadTimes: number[] = [];
  const record = (into: Side, { times, failed }: { times: number[]; failed: number }) => {
    into.failed.push(failed);
    into.p50.push(median(times));
    into.p99.push(quantile(times, 0.99));
    into.max.push(Math.max(...times));
    into.requests.push(times.length);
  };
  let lastUpload = 5000;
  await jobDone(await upload()); // warm up: the route, the worker, the job
  return {
    name,
    app,
    sides,
    uploadTimes,
    measureUpload: async () => {
      const started = performance.now();
      const importing = upload();
      record(sides.upload, await pollHealth(url, importing));
      lastUpload = performance.now() - started;
      uploadTimes.push(lastUpload);
      await jobDone(await importing);
    },
    measureIdle: async () => record(sides.idle, await pollHealth(url, sleep(lastUpload))),
  };
}

export async function benchImportUpload({ megabytes, rounds, url: given, against, log }: Options): Promise<void> {
  const started: Build["app"][] = [];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-upload-"));
  const csvFile = path.join(folder, "upload-bench.csv");
  try {
    fs.writeFileSync(csvFile, catalogueOf(megabytes));
    const csv = { size: fs.statSync(csvFile).size };
    const thisApp = given
      ? { url: given, stop: () => Promise.resolve() }
      : await startDemoApp("bench-import-upload", log);
    started.push(thisApp);
    const builds = [await prepare(given ? given : "this checkout", thisApp, csvFile)];
    if (against) {
      const otherApp = await startDemoApp("bench-import-upload-against", log, { distDir: against });
      started.push(otherApp);
      builds.unshift(await prepare(`the build in ${against}`, otherApp, csvFile));
    }
    log(`\nA ${(csv.size / 1024 / 1024).toFixed(1)} MB CSV of 10,000 movies; ${rounds} rounds (${load()})`);

    for (let round = 0; round < rounds; round++) {
      // Each round measures every build, which go first in turn, and on each, both sides, which go
      // first in turn: a busy neighbour or a warm cache favours none of them.
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        if (round % 2 === 0) {
          await build.measureIdle();
          await build.measureUpload();
        } else {
          await build.measureUpload();
          await build.measureIdle();
        }
        const last = (values: number[]) => ms(values.at(-1)!);
        log(
          `round ${round + 1}, ${build.name}: upload ${last(build.uploadTimes)}; /api/health max ${last(build.sides.upload.max)} during it (${build.sides.upload.failed.at(-1)} not 200), ${last(build.sides.idle.max)} without (${load()})`,
        );
      }
    }
    log(
      `\n/api/health while a ${(csv.size / 1024 / 1024).toFixed(0)} MB import is uploaded and read (${rounds} rounds):\n`,
    );
    log("| /api/health | p50 | p99 | max | requests a round | not 200, all rounds |");
    log("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const build of builds)
      for (const [name, figures] of [
        ["no import (baseline)", build.sides.idle],
        ["during the upload", build.sides.upload],
      ] as const)
        log(
          `| ${builds.length > 1 ? `${build.name}, ` : ""}${name} | ${spread(figures.p50)} | ${spread(figures.p99)} | ${spread(figures.max)} | ${median(figures.requests)} | ${figures.failed.reduce((a, b) => a + b, 0)} |`,
        );
    for (const build of builds)
      log(
        `\nThe upload (POST to its 202)${builds.length > 1 ? `, ${build.name}` : ""}: ${spread(build.uploadTimes)}; each cell: median of the rounds (fastest - slowest)`,
      );
  } finally {
    for (const app of started) await app.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
