// The one place a domain error (lib/errors.ts) becomes an HTTP answer: its status, the body of
// docs/api.md "Conventions" (`{ message }`, plus `errors` for field errors) and the headers that
// tell the client what to do next. lib/http/handler.ts answers every route's errors with it.
import type { DomainError, DomainErrorKind } from "@/lib/errors";

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  "not-signed-in": 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "unsupported-type": 415,
  "rate-limited": 429,
};

export function domainErrorResponse(error: DomainError): Response {
  const { fieldErrors, retryAfterSeconds, bearerRealm } = error.details;
  const body = fieldErrors ? { message: error.message, errors: fieldErrors } : { message: error.message };
  const headers: Record<string, string> = {};
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  if (bearerRealm !== undefined) headers["WWW-Authenticate"] = `Bearer realm="${bearerRealm}"`;
  return Response.json(body, { status: STATUS_OF[error.kind], headers });
}
