import { type Client, createClient } from "graphql-ws";
import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  Store,
  type SubscribeFunction,
} from "relay-runtime";
import { live } from "./live";

/** Thrown when /graphql says the session is missing or over; the shell sends the person to sign in. */
export class SignedOutError extends Error {}

// The session cookie authenticates both; X-Vigil-App marks the request as the app's (the
// server refuses cookie-authenticated requests without it or with a foreign Origin).
const fetchGraphQL: FetchFunction = async (request, variables) => {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json", "x-vigil-app": "1" },
    body: JSON.stringify({ query: request.text, operationName: request.name, variables }),
  });
  const body = (await response.json()) as GraphQLResponse & { errors?: { extensions?: { code?: string } }[] };
  if (body.errors?.some((error) => error.extensions?.code === "UNAUTHENTICATED") && !("data" in body && body.data)) {
    live.signedOut();
    throw new SignedOutError("Signed out");
  }
  return body;
};

let client: Client | null = null;

function wsClient(): Client {
  if (client) return client;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`;
  client = createClient({
    url,
    lazy: true,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    on: {
      connected: () => live.connected(),
      closed: () => live.disconnected(),
    },
  });
  return client;
}

/** Drops the socket (sign-out: the next subscription opens one with the new cookie). */
export function closeSubscriptions() {
  client?.dispose();
  client = null;
}

const subscribe: SubscribeFunction = (request, variables) =>
  Observable.create<GraphQLResponse>((sink) =>
    wsClient().subscribe(
      { query: request.text ?? "", operationName: request.name, variables },
      {
        next: (value) => sink.next(value as GraphQLResponse),
        error: (error) => sink.error(error instanceof Error ? error : new Error("subscription failed")),
        complete: () => sink.complete(),
      },
    ),
  );

export function createEnvironment(): Environment {
  return new Environment({ network: Network.create(fetchGraphQL, subscribe), store: new Store(new RecordSource()) });
}
