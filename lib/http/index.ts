export { route, json, readJson, parseJson, errorResponse } from "./handler";
export { preflight, withCors } from "./cors";
export { HttpError, badRequest, unauthorized, forbidden, notFound, conflict, type FieldErrors } from "./errors";
