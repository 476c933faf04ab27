import "server-only";
// The one place login throttling asks for the caller's address. Branch harden-request writes
// lib/http/client-ip.ts (socket address, TRUST_PROXY hops): at merge this becomes a re-export of it.

/**
 * The caller's IP. Next.js does not hand route handlers the socket, but its server fills
 * X-Forwarded-For with the socket's address when the request has none, and a reverse proxy in
 * front writes the client's address there. A client talking to the app directly can send its own
 * header to spread attempts over made-up addresses; the per-email ceiling still holds then.
 */
export function clientIp(request: { headers: Pick<Headers, "get"> }): string | null {
  const firstHop = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return firstHop || request.headers.get("x-real-ip")?.trim() || null;
}
