// Bare sockets for bench/subscriptions.ts and the tests: the floor (a `ws` server that sends one
// pre-serialized message to every socket, with no GraphQL, no database and no protocol: what a
// delivery costs at the least), and a graphql-ws subscriber with no client library.
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";

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

/**
 * A bare graphql-transport-ws subscriber over one `ws` socket (no client library): what the bench
 * opens by the thousand, and what a test kills abruptly with `socket.terminate()`.
 * Resolves once the server acknowledged the connection and the subscribe message is sent.
 */
export function rawSubscriber(
  base: string,
  options: {
    authorization?: string;
    query: string;
    variables?: Record<string, unknown>;
    onMessage: (text: string) => void;
  },
) {
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () =>
      socket.send(
        JSON.stringify({
          type: "connection_init",
          payload: options.authorization ? { authorization: options.authorization } : {},
        }),
      ),
    );
    socket.on("message", (data) => {
      const text = data.toString();
      const { type } = JSON.parse(text) as { type: string };
      if (type === "connection_ack") {
        socket.send(
          JSON.stringify({
            id: "1",
            type: "subscribe",
            payload: { query: options.query, variables: options.variables },
          }),
          (error) => (error ? reject(error) : resolve(socket)),
        );
      } else if (type === "ping") socket.send(JSON.stringify({ type: "pong" }));
      else options.onMessage(text);
    });
  });
}
