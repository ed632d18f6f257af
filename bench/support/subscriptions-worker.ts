// A client process of bench/subscriptions.ts: opens its share of the sockets (graphql-ws
// subscribers of Vigil, or bare sockets of the raw `ws` baseline), and reports to the parent, for
// each write, when the first and the last of its sockets received it. The first worker also makes
// Vigil's writes (REST POSTs), so that the HTTP client's CPU is not charged to the server. Times are epoch
// milliseconds with sub-millisecond precision (performance.timeOrigin + now), comparable across
// the processes of one machine.
import WebSocket from "ws";
import { addUpdate } from "../../test/support/fixtures/incidents.js";
import { rawSubscriber } from "../../test/support/raw-subscriber.js";
import { restClient } from "../../test/support/rest.js";

export type WorkerCommand =
  | {
      cmd: "vigil";
      url: string;
      authorization: string;
      query: string;
      variables: Record<string, unknown>;
      count: number;
    }
  | { cmd: "raw"; url: string; count: number }
  | { cmd: "write"; url: string; apiKey: string; incidentId: string; tag: string }
  | { cmd: "close" };
export type WorkerReport =
  | { type: "ready" }
  | { type: "closed" }
  /** A write made: when it began (epoch ms), for the latency of its deliveries. */
  | { type: "written"; tag: string; start: number }
  | { type: "delivered"; tag: string; first: number; last: number; count: number };

const now = () => performance.timeOrigin + performance.now();
const send = (report: WorkerReport) => process.send!(report);
let sockets: WebSocket[] = [];
let expected = 0;
const seen = new Map<string, { first: number; count: number }>();

/** Every message carries its write's tag (the update's description): count it per tag. */
function onMessage(text: string) {
  const at = now();
  const tag = /"description":"([^"]+)"/.exec(text)?.[1];
  if (!tag) return;
  const entry = seen.get(tag) ?? { first: at, count: 0 };
  entry.count++;
  seen.set(tag, entry);
  if (entry.count === expected) {
    send({ type: "delivered", tag, first: entry.first, last: at, count: entry.count });
    seen.delete(tag);
  }
}

/** Opens `count` sockets, `batch` at a time (a burst of thousands would overflow the accept queue). */
async function openAll(count: number, open: () => Promise<WebSocket>, batch = 50) {
  for (let done = 0; done < count; done += batch) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - done) }, open))));
  }
}

process.on("message", async (command: WorkerCommand) => {
  if (command.cmd === "write") {
    const start = now();
    await addUpdate(restClient(command.url, command.apiKey), command.incidentId, command.tag);
    return send({ type: "written", tag: command.tag, start });
  }
  if (command.cmd === "close") {
    await Promise.all(
      sockets.map((socket) => new Promise<void>((resolve) => (socket.once("close", () => resolve()), socket.close()))),
    );
    sockets = [];
    return send({ type: "closed" });
  }
  expected = command.count;
  if (command.cmd === "vigil") {
    const { url, authorization, query, variables } = command;
    await openAll(command.count, () => rawSubscriber(url, { authorization, query, variables, onMessage }));
  } else {
    await openAll(
      command.count,
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(command.url);
          socket.once("open", () => resolve(socket)).once("error", reject);
          socket.on("message", (data) => onMessage(data.toString()));
        }),
    );
  }
  send({ type: "ready" });
});
