// A TCP proxy in front of the test PostgreSQL, to give one app instance a database that goes away
// or stops answering while the others keep theirs: "down" refuses and cuts every connection (a
// restart, a crash), "hung" keeps them open and passes nothing (a stuck server or network), "up"
// forwards again.
import net from "node:net";

export type DatabaseProxy = {
  /** The database URL through the proxy. */
  url: string;
  set(mode: "up" | "down" | "hung"): Promise<void>;
  close(): Promise<void>;
};

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const upstream = { host: target.hostname, port: Number(target.port || 5432) };
  let mode: "up" | "down" | "hung" = "up";
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => client.destroy());
    if (mode === "hung") return client.pause(); // accepted, never answered
    const server = net.connect(upstream);
    open.add(server);
    server.on("close", () => {
      open.delete(server);
      client.destroy();
    });
    server.on("error", () => client.destroy());
    client.on("close", () => server.destroy());
    client.on("data", (chunk) => mode === "up" && server.write(chunk));
    server.on("data", (chunk) => mode === "up" && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  const listening = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    url: url.toString(),
    async set(next) {
      if (next === mode) return;
      if (mode === "down") await listening();
      mode = next;
      if (next === "down") {
        const closed = stopListening();
        for (const socket of open) socket.destroy();
        await closed;
      }
    },
    async close() {
      for (const socket of open) socket.destroy();
      if (mode !== "down") await stopListening();
    },
  };
}
