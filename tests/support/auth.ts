// Bearer tokens for the seeded users, minted in-process (the login endpoint belongs to another
// module): the same signing the server does, so the app accepts them as it would its own.
import { signToken } from "@/lib/auth/token";
import { createPrismaClient } from "@/lib/prisma";

export const ADMIN_EMAIL = "admin@marquee.local";
export const MEMBER_EMAIL = "member@marquee.local";

const tokens = new Map<string, Promise<string>>();

export function tokenFor(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = (async () => {
      const db = createPrismaClient(process.env.DATABASE_URL!);
      try {
        const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, credentialsVersion: true } });
        return await signToken(user);
      } finally {
        await db.$disconnect();
      }
    })();
    tokens.set(email, token);
  }
  return token;
}
