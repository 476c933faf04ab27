// Whether an error says the database cannot serve now (down, restarting, not answering, or every
// connection in use) rather than that the request or the code is wrong. Such errors are 503 with
// Retry-After (lib/http/handler.ts): the client should simply try again shortly, and an operator
// reads "database unavailable" in the log instead of a stack trace. docs/security.md.
import { Prisma } from "@/lib/generated/prisma/client";

export const DATABASE_UNAVAILABLE = "The service is briefly unavailable, please try again in a few seconds.";
/** Seconds a client is told to wait: about as long as the embedded database takes to restart. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Prisma's codes for: server unreachable, timed out, connection closed, pool exhausted, transaction could not start. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
/** The driver adapter's kinds for the same (meta.driverAdapterError.cause.kind). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "TooManyConnections", "SocketTimeout"]);
/**
 * PostgreSQL's own: the connection-exception class (08), too many connections, and the server
 * shutting down or starting up (57P01-57P03). Node's socket errors for the same.
 */
const SERVER_CODES = /^(08...|53300|57P0[123]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/;
/** node-postgres' messages for a connection or query that timed out or was cut (it gives them no code). */
const DRIVER_MESSAGES =
  /^(Query read timeout|Connection terminated( unexpectedly| due to connection timeout)|timeout exceeded when trying to connect)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof Prisma.PrismaClientInitializationError) return true;
    if (cause instanceof Prisma.PrismaClientKnownRequestError) {
      if (PRISMA_CODES.has(cause.code)) return true;
      const adapter = (
        cause.meta?.driverAdapterError as { cause?: { kind?: string; code?: unknown; originalCode?: string } }
      )?.cause;
      if (adapter?.kind && ADAPTER_KINDS.has(adapter.kind)) return true;
      const serverCode = adapter?.kind === "postgres" ? adapter.code : adapter?.originalCode;
      if (typeof serverCode === "string" && SERVER_CODES.test(serverCode)) return true;
    }
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && SERVER_CODES.test(code)) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the error is a wait for a connection that ran out: every connection of the pool was in
 * use for longer than the wait (node-postgres' "timeout exceeded when trying to connect" is only
 * given to a caller waiting in a full pool's line; Prisma's P2024, and its P2028 for a transaction
 * that could not start in time). It is a busy database only if the pool's connections are working
 * (lib/database/db.ts `databaseConnections()`): a pool full of connections still being opened to a database
 * that does not answer gives the same error. A subset of isDatabaseUnavailable.
 */
export function isWaitForConnection(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof Prisma.PrismaClientKnownRequestError) {
      if (cause.code === "P2024") return true;
      if (cause.code === "P2028" && /Unable to start a transaction in the given time/.test(cause.message)) return true;
    }
    const { message } = cause as { message?: unknown };
    if (typeof message === "string" && message.includes("timeout exceeded when trying to connect")) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
