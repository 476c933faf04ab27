// A second instance of the built app with some environment of its own (PUBLIC_URL, say): the same
// build, database and uploads as the instance `npm test` started, on another port.
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "@/scripts/lib/embedded-postgres";

export type RunningApp = { baseUrl: string; stop: () => Promise<void> };

export async function startApp(extraEnv: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    path.resolve("node_modules/.bin/next"),
    ["start", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, ...extraEnv },
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The second app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("The second app did not become healthy within 60 s");
}
