// The caller's IP address, for per-IP limits. Route handlers get no socket in Next.js, and Next only
// fills X-Forwarded-For with the socket's address when the request has none, so a client that sends
// its own header would choose its address. recordPeerAddresses() closes that gap: it appends the
// socket's address to X-Forwarded-For as every request arrives, exactly as a reverse proxy appends
// the address it saw. The header then always ends with the address that really connected, and
// clientIp() counts TRUST_PROXY hops back from that end; anything further left is the client's say.
import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";

/** IPv4 peers of a dual-stack socket read `::ffff:1.2.3.4`. */
const normalize = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

declare module "@/lib/process-state" {
  interface ProcessState {
    peerAddressHook: true;
  }
}

/**
 * Installed once per server process (instrumentation.ts). Node publishes every request on the
 * `http.server.request.start` diagnostics channel before the server's request listener (Next) sees it.
 */
export function recordPeerAddresses(): void {
  if (processState.peerAddressHook) return;
  processState.peerAddressHook = true;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const peer = socket.remoteAddress;
    if (!peer) return;
    // Node joins repeated X-Forwarded-For headers into one string; only Set-Cookie arrives as a list.
    const forwarded = request.headers["x-forwarded-for"] as string | undefined;
    request.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${normalize(peer)}` : normalize(peer);
  });
}

/**
 * The client's address: the socket's (the last X-Forwarded-For entry) when TRUST_PROXY is 0, else
 * the address the outermost of the TRUST_PROXY trusted proxies saw (that many entries further left).
 * With fewer entries than that, the leftmost one. Null when there is nothing to go on.
 */
export function clientIp(
  request: { headers: Pick<Headers, "get"> },
  trustedHops: number = env.TRUST_PROXY,
): string | null {
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map(normalize).filter(Boolean);
  if (hops.length === 0) return null;
  return hops[Math.max(0, hops.length - 1 - trustedHops)]!;
}
