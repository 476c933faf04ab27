export { getRequestUser, requireUser, requireAdmin } from "./request-user";
export type { SessionUser } from "./session-user";
export { signToken, verifyToken } from "./token";
export { hashPassword, verifyPassword } from "./password";
