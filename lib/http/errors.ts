// Errors a route handler may throw; lib/http/handler.ts turns them into docs/api.md "Conventions".

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, { errors });
export const unauthorized = (message = "Not authorized, please log in") => new HttpError(401, message);
export const forbidden = (message = "Not authorized as an admin") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
