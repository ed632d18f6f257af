// A keep-alive client that writes POSTs back to back on a few connections until each gets a 503
// (or an error), for the shutdown tests: what every request came back with.
import { randomUUID } from "node:crypto";
import { Agent, request } from "undici";

export type Outcome =
  | { kind: "response"; status: number; connection: string | undefined; body: string }
  | { kind: "error"; code: string };

/** Runs `connections` workers posting check groups; `whenWarm` is called after the first 40 answers. */
export async function hammerCheckGroups(
  url: string,
  apiKey: string,
  { connections = 8, whenWarm }: { connections?: number; whenWarm: () => void },
) {
  const agent = new Agent({ connections, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
  const outcomes: Outcome[] = [];
  let warm = false;
  const worker = async () => {
    for (;;) {
      let outcome: Outcome;
      try {
        const response = await request(`${url}/v1/check-groups`, {
          method: "POST",
          dispatcher: agent,
          headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ name: `hammer ${randomUUID()}` }),
        });
        const connection = response.headers.connection;
        outcome = {
          kind: "response",
          status: response.statusCode,
          connection: Array.isArray(connection) ? connection.join(",") : connection,
          body: await response.body.text(),
        };
      } catch (error) {
        const e = error as { code?: string; cause?: { code?: string }; message: string };
        outcome = { kind: "error", code: e.cause?.code ?? e.code ?? e.message };
      }
      outcomes.push(outcome);
      if (!warm && outcomes.length >= 40) {
        warm = true;
        whenWarm();
      }
      if (outcome.kind === "error" || outcome.status !== 201) return;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await agent.close();
  return outcomes;
}

/**
 * What a shutdown may answer: a full 201, or a 503 with `Connection: close` and our body; a refused
 * connection is fine (nothing was sent). Anything else (a reset, a socket closed under a request
 * that was written) is returned.
 */
export function unacceptable(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((outcome) => {
    if (outcome.kind === "error") return outcome.code !== "ECONNREFUSED";
    if (outcome.status === 201) return !JSON.parse(outcome.body).id;
    if (outcome.status === 503)
      return outcome.connection !== "close" || JSON.parse(outcome.body).error !== "Service Unavailable";
    return true;
  });
}
