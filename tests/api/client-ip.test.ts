// TRUST_PROXY unset (the default): the per-IP login limit counts the address that really connected,
// whatever X-Forwarded-For a client makes up. The suite's app trusts one proxy, so this starts a
// second instance of the same build on the same database, without TRUST_PROXY.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { uniqueEmail } from "../support/users";

let app: ChildProcess;
let port = 0;

beforeAll(async () => {
  port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  delete env.TRUST_PROXY;
  app = spawn(path.resolve("node_modules/.bin/next"), ["start", "--port", String(port), "--hostname", "127.0.0.1"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await post("/api/health", "127.0.0.1", {}, "GET").catch(() => ({ status: 0 }))).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the second instance did not start");
}, 70_000);

afterAll(async () => {
  if (app.exitCode !== null) return;
  const exited = new Promise((resolve) => app.once("exit", resolve));
  app.kill("SIGTERM");
  await exited;
});

/** A request from a chosen loopback address (any 127.x.y.z reaches 127.0.0.1 on Linux). */
function post(
  pathname: string,
  from: string,
  headers: Record<string, string>,
  method = "POST",
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method,
        localAddress: from,
        headers: {
          ...headers,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

test("a made-up X-Forwarded-For does not escape the per-IP limit: the socket's address counts", async () => {
  const from = randomLoopback();
  const attempt = (i: number) =>
    post("/api/user", from, { "x-forwarded-for": `198.51.100.${i}` }, "POST", {
      email: uniqueEmail(`sock${i}`),
      password: "wrong-pw",
    });
  for (let i = 0; i < 10; i++) expect((await attempt(i)).status).toBe(400);
  const blocked = await attempt(10);
  expect(blocked.status).toBe(429);
  expect(JSON.parse(blocked.body)).toEqual({ message: "Too many login attempts, please try again later" });
  // Another address is not affected.
  const other = await post("/api/user", randomLoopback(), {}, "POST", {
    email: uniqueEmail("other"),
    password: "wrong-pw",
  });
  expect(other.status).toBe(400);
}, 60_000);
