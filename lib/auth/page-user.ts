import "server-only";
// Access rules for server pages and layouts (docs/product.md "Pages and access"). They resolve the user
// exactly as the API does (session cookie, credentials version re-checked), so a page never shows
// what its API would refuse.
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getRequestUser } from "./request-user";
import type { SessionUser } from "./session-user";

/** The signed-in user of the page being rendered, or null. Once per request: layout and page share it. */
export const getPageUser = cache(async (): Promise<SessionUser | null> => {
  const request = new Request("http://page.invalid/", { headers: await headers() });
  try {
    return await getRequestUser(request);
  } catch {
    return null; // a stray Authorization header on a page request: treat as signed out
  }
});

/** Pages for signed-in users: anyone else goes to /login. */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await getPageUser();
  if (!user) redirect("/login");
  return user;
}

/** Admin pages: signed out goes to /login, a signed-in non-admin sees the 404 page. */
export async function requirePageAdmin(): Promise<SessionUser> {
  const user = await requirePageUser();
  if (!user.isAdmin) notFound();
  return user;
}

/** /login and /register: a signed-in user goes to /profile. */
export async function redirectSignedIn(): Promise<void> {
  if (await getPageUser()) redirect("/profile");
}
