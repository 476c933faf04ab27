import { nextAuthRoute } from "@/lib/auth/nextauth-route";

export { nextAuthRoute as GET, nextAuthRoute as POST };
