// A database that is down, restarting, hung or out of connections is a 503 with Retry-After and the
// contract's JSON, never a 500 (issue 24 item 7); anything else unexpected stays a 500.
import { describe, expect, test } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { errorResponse } from "@/lib/http/handler";
import { isDatabaseUnavailable, isWaitForConnection } from "@/lib/http/database-unavailable";
import { processState } from "@/lib/process-state";

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("failed", { code, clientVersion: "7.10.0", meta });
const adapter = (cause: Record<string, unknown>) => ({ driverAdapterError: { name: "DriverAdapterError", cause } });

describe("isDatabaseUnavailable", () => {
  test.each([
    ["the pool gave no connection in time (P2024)", known("P2024")],
    ["a transaction could not start in time (P2028, the 200-client load)", known("P2028")],
    ["the server is not reachable (P1001)", known("P1001")],
    ["a raw query to a server that is not there", known("P2010", adapter({ kind: "DatabaseNotReachable" }))],
    ["a connection closed under a query", known("P2010", adapter({ kind: "ConnectionClosed" }))],
    ["the server shutting down (57P01)", known("P2010", adapter({ kind: "postgres", code: "57P01" }))],
    ["the server starting up (57P03)", known("P2010", adapter({ kind: "postgres", code: "57P03" }))],
    ["too many connections (53300)", known("P2010", adapter({ kind: "postgres", code: "53300" }))],
    ["node-postgres' query timeout", new Error("Query read timeout")],
    ["node-postgres' connection timeout", new Error("Connection terminated due to connection timeout")],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["one wrapped in another", new Error("login failed", { cause: known("P1001") })],
    ["the client failing to start", new Prisma.PrismaClientInitializationError("Can't reach database", "7.10.0")],
  ])("%s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a unique violation", known("P2002")],
    ["a syntax error in SQL", known("P2010", adapter({ kind: "postgres", code: "42601" }))],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
  ])("not %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("isWaitForConnection", () => {
  test.each([
    ["node-postgres' wait in a full pool's line", new Error("timeout exceeded when trying to connect")],
    [
      "the same inside Prisma's error",
      new Error("query failed", { cause: new Error("timeout exceeded when trying to connect") }),
    ],
    ["Prisma's pool time-out (P2024)", known("P2024")],
    [
      "a transaction that could not start in time (P2028)",
      new Prisma.PrismaClientKnownRequestError(
        "Transaction API error: Unable to start a transaction in the given time.",
        {
          code: "P2028",
          clientVersion: "7.10.0",
        },
      ),
    ],
  ])("%s", (_label, error) => {
    expect(isWaitForConnection(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a connection that could not be opened in time", new Error("Connection terminated due to connection timeout")],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a query that got no answer", new Error("Query read timeout")],
    ["a transaction that had expired (P2028)", known("P2028")],
  ])("not %s", (_label, error) => {
    expect(isWaitForConnection(error)).toBe(false);
  });
});

describe("errorResponse", () => {
  test("a database that does not serve is a 503 with Retry-After and the contract's message", async () => {
    const response = errorResponse(known("P2028"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      message: "The service is briefly unavailable, please try again in a few seconds.",
    });
  });

  test("a wait for a connection that ran out, with the pool's connections open: busy, not unavailable", async () => {
    processState.dbConnections = 10;
    try {
      const response = errorResponse(new Error("timeout exceeded when trying to connect"));
      expect([response.status, response.headers.get("retry-after"), await response.json()]).toEqual([
        503,
        "5",
        { message: "The service is busy, please try again in a few seconds." },
      ]);
    } finally {
      delete processState.dbConnections;
    }
  });

  test("the same wait with no connection open (a database that does not answer): unavailable", async () => {
    const response = errorResponse(new Error("timeout exceeded when trying to connect"));
    expect([response.status, await response.json()]).toEqual([
      503,
      { message: "The service is briefly unavailable, please try again in a few seconds." },
    ]);
  });

  test("anything else unexpected is still a 500", async () => {
    const response = errorResponse(new TypeError("oops"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Something went wrong." });
  });
});
