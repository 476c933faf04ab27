// HTTP written by hand on a socket, for requests fetch() will not send: a body longer than its
// Content-Length, or a chunked body that keeps coming after the server has answered.
import net from "node:net";
import { baseUrl } from "./http";

export type RawAnswer = { status: number; head: string; body: string };

/**
 * Sends the request line and headers, then `chunks` of body as they are asked for, stopping once
 * the server's answer (status line and headers) has arrived. Resolves with the first answer.
 */
export function rawRequest(head: string, chunks: Iterable<Buffer | string>): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    let answered = false;
    let finished = false;
    let waitForBody: NodeJS.Timeout | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(waitForBody);
      const [headPart = "", ...rest] = received.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headPart)?.[1] ?? 0);
      socket.destroy();
      resolve({ status, head: headPart, body: rest.join("\r\n\r\n") });
    };
    /** Where the answer ends, once its head gives a Content-Length. */
    let wholeBody = Infinity;
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      received += data;
      if (!answered && received.includes("\r\n\r\n")) {
        answered = true;
        const length = /\r\ncontent-length: *(\d+)/i.exec(received.split("\r\n\r\n")[0]!)?.[1];
        if (length !== undefined) wholeBody = received.indexOf("\r\n\r\n") + 4 + Number(length);
        // The body may come in later packets (a loaded machine): wait for all of it, or the close,
        // or at most 2 s for an answer without a length.
        waitForBody = setTimeout(finish, 2000);
      }
      if (answered && received.length >= wholeBody) finish();
    });
    socket.on("error", (error) => (answered ? undefined : reject(error)));
    socket.on("close", () => (received ? finish() : reject(new Error("connection closed without an answer"))));
    const send = async () => {
      socket.write(`${head.replace(/\n/g, "\r\n")}\r\n`);
      for (const chunk of chunks) {
        if (answered || socket.destroyed) break;
        const ok = socket.write(chunk);
        if (!ok) await new Promise((r) => socket.once("drain", r));
      }
    };
    // Nothing in send() rejects: a failed write surfaces as the socket's "error" event above.
    socket.on("connect", () => void send());
  });
}

/**
 * `count` chunks of `size` bytes of one JSON string in chunked transfer encoding. Unless `finish`,
 * the body never ends (no last chunk): only a server that stops reading can answer.
 */
export function* endlessChunks(size: number, count: number, finish = false): Generator<string> {
  const payload = `{"fullName":"${"x".repeat(size)}`;
  for (let i = 0; i < count; i++) {
    const piece = i === 0 ? payload : "x".repeat(size);
    yield `${piece.length.toString(16)}\r\n${piece}\r\n`;
  }
  if (finish) yield `2\r\n"}\r\n0\r\n\r\n`;
}

/** A request line and headers, ending with the blank line; Host is added. */
export function requestHead(method: string, path: string, headers: Record<string, string>): string {
  const { host } = new URL(baseUrl);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\n")}\n`;
}
