// The one wrapper every route handler goes through: it reads JSON safely (bounded), adds CORS and
// turns whatever is thrown into the error shape of docs/api.md "Conventions", so no handler formats errors itself.
import { randomUUID } from "node:crypto";
import { connection } from "next/server";
import { ZodError, type z } from "zod";
import { databaseConnections } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { withCors } from "./cors";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from "./admission";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  isWaitForConnection,
} from "./database-unavailable";
import {
  MAX_JSON_BODY_DEPTH,
  PROTOTYPE_KEY_REASON,
  emptyDictionary,
  inspectJsonKeys,
} from "@/lib/validation/untrusted-keys";
import { DomainError, invalid, tooLarge, type FieldErrors } from "@/lib/errors";
import { domainErrorResponse } from "./errors";

/** Returns the body (or a Response), sync or async: the wrapper awaits it inside its try. */
type Handler<Ctx> = (request: Request, context: Ctx) => unknown;

/** A JSON response; `status` defaults to 200. */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

export function route<Ctx = unknown>(handler: Handler<Ctx>) {
  return async (request: Request, context: Ctx): Promise<Response> => {
    // Every API answer is computed per request, never prerendered at build (there is no database
    // then, and /api/movie/random must differ each time); catalogue reads inside come from
    // lib/data's cached functions. First, before anything random or timed.
    await connection();
    const started = performance.now();
    const requestId = requestIdOf(request);
    let response: Response;
    try {
      const result = await handler(request, context);
      response = result instanceof Response ? result : json(result);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    response = withCors(request, response);
    // Redirects and some file responses come with immutable headers: copy before tagging.
    try {
      response.headers.set("X-Request-Id", requestId);
    } catch {
      response = new Response(response.body, response);
      response.headers.set("X-Request-Id", requestId);
    }
    const { pathname } = new URL(request.url);
    log.info(
      {
        requestId,
        method: request.method,
        path: pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      "api request",
    );
    return response;
  };
}

/** The caller's (or a proxy's) X-Request-Id when it is a sane token, else a new one. */
function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

export function errorResponse(error: unknown, requestId?: string): Response {
  if (error instanceof DomainError) return domainErrorResponse(error);
  if (error instanceof ZodError) {
    const errors = fieldErrors(error);
    return json({ message: error.issues[0]?.message ?? "Invalid input", errors }, 400);
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    switch (error.code) {
      case "P2002":
        return json({ message: "Already exists" }, 409);
      case "P2003":
        return json({ message: "It is still in use" }, 409);
      case "P2023": // a malformed id reached the database
      case "P2025":
        return json({ message: "Not found" }, 404);
    }
  }
  if (isWaitForConnection(error) && databaseConnections() > 0) {
    // The database answers, but every connection stayed in use for the whole wait: busy, not down.
    log.warn({ err: error, requestId }, "database busy: no free connection");
    return json({ message: BUSY_MESSAGE }, 503, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
  }
  if (isDatabaseUnavailable(error)) {
    // Not the request's fault nor a bug: the database is restarting, down or swamped. Retry soon.
    log.warn({ err: error, requestId }, "database unavailable");
    return json({ message: DATABASE_UNAVAILABLE }, 503, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  log.error({ err: error, requestId }, "unexpected error in route handler");
  return json({ message: "Something went wrong." }, 500);
}

function fieldErrors(error: ZodError): FieldErrors {
  // Paths can hold the client's own keys: no prototype, so `constructor` is a field like any other.
  const errors = emptyDictionary<string[]>();
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The largest JSON body any endpoint takes; the biggest real one (a movie) is a few kilobytes. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;
const BODY_TOO_LARGE = "Request body is too large (at most 1 MB)";
const BODY_CUT_OFF = "The request body was cut off";

/**
 * The body as text, read chunk by chunk and abandoned as soon as it passes `limit` bytes: a missing
 * or lying Content-Length (a chunked body) cannot make the server hold more than the limit.
 */
export async function readBoundedText(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw tooLarge(BODY_TOO_LARGE);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body: nothing to answer, and nothing unexpected to log.
      throw invalid(BODY_CUT_OFF);
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(BODY_TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The request's JSON body; 400 `Invalid JSON body` when it does not parse, 413 above
 * MAX_JSON_BODY_BYTES. An empty body is `{}`. A key naming a prototype (`__proto__`, `constructor`,
 * `prototype`) or nesting past MAX_JSON_BODY_DEPTH is a 400 naming the field: no endpoint has such
 * a field, and no code further on has to wonder what such a key could reach.
 */
async function readJson(request: Request): Promise<unknown> {
  const text = await readBoundedText(request, MAX_JSON_BODY_BYTES);
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid("Invalid JSON body");
  }
  checkJsonKeys(body);
  return body;
}

/** 400 naming the field for a parsed JSON body with a key naming a prototype or nested past MAX_JSON_BODY_DEPTH. */
export function checkJsonKeys(body: unknown): void {
  const finding = inspectJsonKeys(body, MAX_JSON_BODY_DEPTH);
  if (!finding) return;
  const field = finding.path.length > 200 ? `${finding.path.slice(0, 200)}…` : finding.path;
  const message =
    finding.kind === "prototype key"
      ? `The field "${field}" is not allowed: ${PROTOTYPE_KEY_REASON}`
      : `The JSON body nests more than ${MAX_JSON_BODY_DEPTH} levels of objects and lists`;
  throw invalid(message, { [field]: [message] });
}

/** Reads and validates a JSON body with a zod schema; failures become 400 with field errors. */
export async function parseJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const body = await readJson(request);
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw invalid("Invalid JSON body");
  return schema.parse(body);
}
