// The floor of bench/subscriptions.ts: a `ws` server that sends one pre-serialized message to
// every socket, with no GraphQL, no database and no protocol: what a delivery costs at the least.
// The bare graphql-ws subscriber the bench opens by the thousand is test/support/raw-subscriber.ts.
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

export async function startRawBroadcast() {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    clients: () => wss.clients.size,
    /** Sends `text` to every socket, as a server would after one event. */
    broadcast(text: string) {
      for (const socket of wss.clients) socket.send(text);
    },
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}

/** The message graphql-ws sends for one incidentUpdateAdded (same shape and size as Vigil's). */
export function graphqlWsMessage(updateId: string, description: string) {
  const id = Buffer.from(`IncidentUpdate:${updateId}`).toString("base64");
  return JSON.stringify({
    id: "1",
    type: "next",
    payload: { data: { incidentUpdateAdded: { id, description, status: "INVESTIGATING" } } },
  });
}
