// Raw HTTP over node:net, for what fetch cannot send: malformed requests, slow bodies, a chosen
// loopback source address (127.0.0.2 and up are loopback too on Linux).
import { connect, type Socket } from "node:net";

export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent before it closed the socket. */
  text: string;
  /** How the socket ended: the server closed it (`end`), or an error code (ECONNRESET...). */
  closedBy: string;
};

/** Parses the first response of `text` (headers lower-cased; body by Content-Length, else the rest). */
export function parseResponse(text: string, closedBy = "end"): RawResponse {
  const split = text.indexOf("\r\n\r\n");
  const head = split >= 0 ? text.slice(0, split) : text;
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(":")).trim().toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  const rest = split >= 0 ? text.slice(split + 4) : "";
  const length = headers["content-length"];
  const body = length === undefined ? rest : Buffer.from(rest).subarray(0, Number(length)).toString();
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body, text, closedBy };
}

export type RawOptions = {
  localAddress?: string;
  /** Sent after the request, one chunk every `intervalMs` (a slow body). */
  trickle?: { chunks: string[]; intervalMs: number };
};

/** Opens a socket to `url`'s host and port. Resolves once connected. */
export function openSocket(url: string, localAddress?: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Writes `request` (and a trickle), and resolves with what came back once the server closed the socket. */
export async function rawRequest(url: string, request: string, options: RawOptions = {}): Promise<RawResponse> {
  const socket = await openSocket(url, options.localAddress);
  return new Promise((resolve) => {
    let text = "";
    let closedBy = "end";
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => (closedBy = error.code ?? error.message));
    socket.on("close", () => {
      clearInterval(timer);
      resolve(parseResponse(text, closedBy));
    });
    if (request) socket.write(request);
    const chunks = [...(options.trickle?.chunks ?? [])];
    if (options.trickle)
      timer = setInterval(() => {
        const chunk = chunks.shift();
        if (chunk !== undefined && socket.writable) socket.write(chunk);
      }, options.trickle.intervalMs);
  });
}
