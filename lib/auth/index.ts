export { getRequestUser, requireUser, requireAdmin } from "./request-user";
export type { SessionUser } from "./session-user";
