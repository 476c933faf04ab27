// The few shapes every resource module of lib/openapi/ writes its operations with: who may call
// (anyone, signed in, admin, with the 401 and 403 that follow), responses by status, bodies and
// parameters. A module then states only what is its own: summaries, schemas and the errors it adds.
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;
type Parameter = Record<string, unknown>;
type Operation = Record<string, unknown>;
/** A module's paths: URL path, then lower-case method, then the OpenAPI operation. */
export type Paths = Record<string, Record<string, Operation>>;
/** What each resource module declares: its paths, and the request bodies they name by component. */
export type ApiResource = { paths: Paths; requestBodies?: Record<string, JsonSchema> };

/**
 * A request schema as JSON Schema (its input side). Numbers that also accept digit strings come
 * out as integers without their bounds (zod cannot see through the preprocessing), so the known
 * bounds are put back here.
 */
export function requestSchema(
  schema: z.ZodType,
  bounds: Record<string, { minimum: number; maximum?: number }> = {},
  required: string[] = [],
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema & {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  delete json.$schema;
  for (const [field, bound] of Object.entries(bounds)) {
    if (json.properties?.[field]) json.properties[field] = { type: "integer", ...bound };
  }
  if (required.length) json.required = [...new Set([...(json.required ?? []), ...required])];
  return json;
}

export const str = { type: "string" };
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const arrayOf = (name: string) => ({ type: "array", items: ref(name) });
const jsonContent = (schema: unknown) => ({ "application/json": { schema } });

/** A required JSON body of a request-body component. */
const jsonBody = (name: string) => ({ required: true, content: jsonContent(ref(name)) });
/** A JSON body the caller may leave out. */
export const optionalBody = (name: string) => ({ required: false, content: jsonContent(ref(name)) });
/** A required multipart/form-data body of a component. */
export const multipartBody = (name: string) => ({
  required: true,
  content: { "multipart/form-data": { schema: ref(name) } },
});

export const pathParam = (name: string, description: string): Parameter => ({
  name,
  in: "path",
  required: true,
  description,
  schema: str,
});
/** The `{id}` (or `{movieId}`) of a path, as a one-item parameter list. */
export const idParam = (what: string, name = "id") => [pathParam(name, `The ${what}'s id (a malformed id is a 404)`)];
/** Optional query parameters, all strings, in the order written: name to description. */
export const queryParams = (descriptions: Record<string, string>): Parameter[] =>
  Object.entries(descriptions).map(([name, description]) => ({
    name,
    in: "query",
    required: false,
    description,
    schema: str,
  }));

export const PAGE = "1-based page (digits only)";
/** The `page` and `limit` of a paginated list; the public lists say what a page past the end is. */
export const paging = (limit: string, page = `${PAGE}; a page past the end is an empty list`) => ({ page, limit });
export const INVALID_INPUT = "Invalid input: `message` is the first validation message, `errors` lists them by field";

/**
 * A response by status: a string is an error answer (`{ message }`, the Error schema) described so;
 * `[description, schema]` a JSON answer; an object a response as OpenAPI writes it.
 */
type ResponseSpec = string | [description: string, schema: unknown] | { description: string; content?: unknown };

type OperationSpec = {
  parameters?: Parameter[];
  /**
   * A request-body component's name (a required JSON body), or the body as OpenAPI writes it. A body
   * brings the 400 of invalid input; `responses` says so where its 400 says more.
   */
  body?: string | { required: boolean; content: unknown };
  /** The answers; those of the caller's access (401, 403) come with it. */
  responses: Record<number, ResponseSpec>;
  /** Only where the caller is none of anyone, signed in or admin. */
  security?: unknown[];
};

type Access = "anyone" | "signedIn" | "admin";

const SIGNED_IN = [{ bearer: [] }, { session: [] }];
const ACCESS_ERRORS: Record<Access, Record<number, string>> = {
  anyone: {},
  signedIn: { 401: "No, invalid or expired credentials" },
  admin: { 401: "No, invalid or expired credentials", 403: "Signed in, but not an admin" },
};

function response(spec: ResponseSpec) {
  if (typeof spec === "string") return { description: spec, content: jsonContent(ref("Error")) };
  if (Array.isArray(spec)) return { description: spec[0], content: jsonContent(spec[1]) };
  return spec;
}

function operation(tag: string, access: Access, summary: string, spec: OperationSpec): Operation {
  const security = spec.security ?? (access === "anyone" ? undefined : SIGNED_IN);
  const statuses = { ...ACCESS_ERRORS[access], ...(spec.body && { 400: INVALID_INPUT }), ...spec.responses };
  return {
    summary,
    tags: [tag],
    ...(security && { security }),
    ...(spec.parameters && { parameters: spec.parameters }),
    ...(spec.body && { requestBody: typeof spec.body === "string" ? jsonBody(spec.body) : spec.body }),
    responses: Object.fromEntries(Object.entries(statuses).map(([status, answer]) => [status, response(answer)])),
  };
}

/**
 * The operations of one tag, by who may call them: `anyone`; `signedIn` (a bearer token or the web
 * session, 401 without); `admin` (401, and 403 for a member who is not an admin).
 */
export function tagged(tag: string) {
  return {
    anyone: (summary: string, spec: OperationSpec) => operation(tag, "anyone", summary, spec),
    signedIn: (summary: string, spec: OperationSpec) => operation(tag, "signedIn", summary, spec),
    admin: (summary: string, spec: OperationSpec) => operation(tag, "admin", summary, spec),
  };
}
