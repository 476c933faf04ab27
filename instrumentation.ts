// Runs once as each server process starts (Next.js instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Per-IP limits need the socket's address: see lib/http/client-ip.ts.
    const { recordPeerAddresses } = await import("./lib/http/client-ip");
    recordPeerAddresses();
  }
}
