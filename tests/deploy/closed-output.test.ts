// What a server does when what started it goes (lib/process-lifetime.ts):
// - its output pipe closed (its launcher killed with SIGKILL, a log collector restarted): it drops its
//   logs and serves on. It used to log each failed write's EPIPE to the same pipe, which failed again:
//   a loop that kept a core busy for as long as the server ran;
// - its `npm start` launcher gone: it stops, as on SIGTERM, instead of serving on as an orphan.
import fs from "node:fs";
import { afterAll, expect, test } from "vitest";
import { startInstance, type Instance } from "../support/instances";

let instance: Instance | undefined;
let launched: Instance | undefined;
afterAll(async () => {
  await Promise.all([instance?.stop(), launched?.stop()]);
});

/** The CPU time the process has used, in clock ticks (user + system, from /proc). */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

test("with its stdout and stderr closed, the server answers, stays idle and stops on SIGTERM", async () => {
  instance = await startInstance({ JOBS_IN_APP: "false" });
  const pid = instance.process.pid!;
  // Whoever read the output goes: every write from now on fails with EPIPE.
  instance.process.stdout!.destroy();
  instance.process.stderr!.destroy();
  // Each API request writes its log line.
  for (let i = 0; i < 3; i++) expect((await fetch(`${instance.baseUrl}/api/health`)).status).toBe(200);
  expect((await fetch(`${instance.baseUrl}/`)).status).toBe(200);

  // Idle, it uses next to no CPU: the loop used most of a core. Clock ticks are 1/100 s; 3 s of a
  // loop was about 270 of them.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = cpuTicks(pid);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(cpuTicks(pid) - before).toBeLessThan(100);

  expect((await fetch(`${instance.baseUrl}/api/health`)).status).toBe(200);
  expect(await instance.stop()).toBe(0);
});

test("started by npm start, the server stops when its launcher is gone, even killed with SIGKILL", async () => {
  launched = await startInstance({ JOBS_IN_APP: "false" }, { launcherChannel: true });
  expect((await fetch(`${launched.baseUrl}/api/health`)).status).toBe(200);
  // A launcher killed with SIGKILL sends nothing: its end of the channel just closes, as here.
  launched.process.disconnect();
  expect(await launched.exited).toBe(0);
  expect(launched.output()).toContain("> The launcher is gone: no new connections");
  await expect(fetch(`${launched.baseUrl}/api/health`)).rejects.toThrow();
});
