// A graphql-ws subscriber with no client library, for the tests and bench/subscriptions.ts.
import WebSocket from "ws";

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
