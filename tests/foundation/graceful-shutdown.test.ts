// server.ts on SIGTERM: it stops accepting connections, lets the request in flight finish (an upload
// half sent when the signal came), closes the database pool and exits 0. A second instance of the
// built app is started for this, on the test database and upload folder.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { newFilesSince, storedFiles, videoOf } from "../support/media";
import { adminToken } from "../support/users";

const root = path.resolve(import.meta.dirname, "..", "..");
let server: ChildProcess | undefined;

afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
});

async function startServer(): Promise<{ url: string; output: () => string }> {
  const port = await freePort();
  let output = "";
  server = spawn(
    process.execPath,
    ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The second server did not start:\n${output}`);
}

test(
  "SIGTERM during an upload lets it finish, refuses new connections, then exits 0",
  { timeout: 120_000 },
  async () => {
    const token = await adminToken();
    const { url, output } = await startServer();
    const exited = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));

    // A real MP4 followed by 8 MiB: the server has stored the first part when the signal comes.
    const video = Buffer.concat([videoOf("mp4"), Buffer.alloc(8 * 1024 * 1024, 1)]);
    const boundary = "----marquee-shutdown-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const before = storedFiles();
    const request = http.request(`${url}/api/upload`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + video.length + tail.length,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      });
      request.on("error", reject);
    });
    const half = head.length + video.length / 2;
    request.write(Buffer.concat([head, video]).subarray(0, half));
    // The upload is under way once its partial file is in storage.
    await expect
      .poll(() => newFilesSince(before).some((file) => file.endsWith(".partial")), { timeout: 30_000 })
      .toBe(true);

    server!.kill("SIGTERM");
    await expect.poll(output, { timeout: 10_000 }).toContain("SIGTERM");
    // No new connections once stopping (a new socket: fetch may reuse a kept-alive one, which the
    // server still answers, with Connection: close)...
    await expect(
      new Promise((resolve, reject) => http.get(`${url}/api/health`, { agent: false }, resolve).on("error", reject)),
    ).rejects.toThrow();
    // ...but the upload in flight completes and is stored whole.
    request.end(Buffer.concat([video.subarray(half - head.length), tail]));
    const { status, body } = await answer;
    expect(status, body).toBe(200);
    const stored = new URL(JSON.parse(body) as string).pathname;
    expect(stored).toMatch(/^\/api\/upload\/movie\/[0-9a-f-]{36}\.mp4$/);
    expect(fs.statSync(path.join(process.env.STORAGE_LOCAL_DIR!, stored.replace("/api/upload/", ""))).size).toBe(
      video.length,
    );

    expect(await exited).toBe(0);
    expect(output()).toContain("> Stopped");
  },
);
