// A visitor of the web pages: plain HTTP over loopback, with the Host header of the test's choosing
// (a custom domain), which fetch does not let a caller set.
import { request } from "node:http";

export type Visit = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export function visit(
  baseUrl: string,
  path: string,
  { host, headers = {} }: { host?: string; headers?: Record<string, string> } = {},
): Promise<Visit> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers: { ...(host ? { host } : {}), ...headers } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** An open event stream: the events it received so far, parsed, and a way to close it. */
export type EventStream = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: { event: string; data: string }[];
  raw: () => string;
  close: () => void;
  /** Whether the server ended the stream. */
  ended: () => boolean;
  onEnd: (listener: () => void) => void;
};

export function openEventStream(baseUrl: string, path: string, host?: string): Promise<EventStream> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: "text/event-stream", ...(host ? { host } : {}) } }, (response) => {
      let buffer = "";
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        raw: () => buffer,
        close: () => req.destroy(),
        ended: () => response.complete,
        onEnd: (listener) => response.once("end", listener),
      };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split("\n\n");
        stream.events = blocks.slice(0, -1).flatMap((block) => {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          return event && data !== undefined ? [{ event, data }] : [];
        });
      });
      response.on("error", () => {});
      resolve(stream);
    });
    req.on("error", reject);
    req.end();
  });
}
