// What went wrong, in the domain's words: lib/ and app/ throw these, and only lib/http decides how
// each becomes an HTTP answer (lib/http/errors.ts: the status, the `{ message, errors }` body and
// headers of docs/api.md "Conventions"). The messages are the API's texts, word for word.

export type FieldErrors = Record<string, string[]>;

/** Each kind is one reason a request is refused; lib/http/errors.ts gives each its status. */
export type DomainErrorKind =
  | "invalid" // the input breaks a rule (field errors name the fields)
  | "not-signed-in" // no caller, or a token or session that no longer holds
  | "forbidden" // a known caller who may not do this
  | "not-found"
  | "conflict" // the input is fine but the state it meets is not (taken, last admin, ...)
  | "too-large"
  | "unsupported-type"
  | "rate-limited"; // tried too often or too much: may try again after `retryAfterSeconds`

interface DomainErrorDetails {
  /** "invalid": the message of each field at fault. */
  fieldErrors?: FieldErrors;
  /** "rate-limited": whole seconds until the caller may try again. */
  retryAfterSeconds?: number;
  /** "not-signed-in" by a bearer token of this realm (the metrics scrape), not by a member's sign-in. */
  bearerRealm?: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string, fieldErrors?: FieldErrors) =>
  new DomainError("invalid", message, { fieldErrors });
export const notSignedIn = (message: string) => new DomainError("not-signed-in", message);
export const forbidden = (message = "Not authorized as an admin") => new DomainError("forbidden", message);
export const notFound = (message = "Not found") => new DomainError("not-found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const tooLarge = (message: string) => new DomainError("too-large", message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError("rate-limited", message, { retryAfterSeconds });
