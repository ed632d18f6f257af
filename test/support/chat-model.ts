// A scripted OpenAI-compatible chat-completions server on 127.0.0.1 for AGENTIC checks: each
// POST /chat/completions gets the next answer of the script (a tool call, a text, or a raw body),
// and every request is kept as received (headers and raw body), so a test can look for secrets.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ModelRequest = {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { messages: { role: string; content: string | null }[] } & Record<string, unknown>;
};
export type ModelAnswer =
  | { tool: string; args: Record<string, unknown> | string }
  | { text: string }
  | { raw: string; status?: number }
  /** No answer at all (the connection is left open until the server stops). */
  | { hang: true };

let calls = 0;
/** A chat completion whose message calls one tool. */
export function toolCallAnswer(tool: string, args: Record<string, unknown> | string) {
  return {
    id: `chatcmpl-${++calls}`,
    object: "chat.completion",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        message: {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${calls}`,
              type: "function",
              function: { name: tool, arguments: typeof args === "string" ? args : JSON.stringify(args) },
            },
          ],
        },
      },
    ],
  };
}

/** `next(n)` answers the n-th request (0-based); the script's answers in order, the last repeated. */
export async function startChatModel(next: (n: number, request: ModelRequest) => ModelAnswer) {
  const requests: ModelRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const request = { headers: req.headers, raw, body: JSON.parse(raw || "{}") } as ModelRequest;
      if (req.url !== "/v1/chat/completions") return res.writeHead(404).end("not found");
      const answer = next(requests.length, request);
      requests.push(request);
      if ("hang" in answer) return;
      if ("raw" in answer)
        return res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(answer.raw);
      const body =
        "tool" in answer
          ? toolCallAnswer(answer.tool, answer.args)
          : { choices: [{ index: 0, message: { role: "assistant", content: answer.text } }] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    /** The model settings a runner is given (AGENTIC_MODEL_URL, AGENTIC_MODEL, AGENTIC_API_KEY). */
    config: { modelUrl: url, model: "scripted", apiKey: "sk-test-model-key" },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The script as a list: the n-th answer, the last one repeated after the end. */
export const inOrder = (answers: ModelAnswer[]) => (n: number) => answers[Math.min(n, answers.length - 1)]!;

/**
 * A small site for the agent: `/` a sign-in form (user, password, a "Sign in" button) posting to
 * `/welcome`, which greets the user; `/hang` never answers. `received` keeps each form posted.
 */
export async function startSite() {
  const received: Record<string, string>[] = [];
  const hanging: { closed: boolean }[] = [];
  const server = createServer((req, res) => {
    if (req.url === "/hang") {
      const entry = { closed: false };
      hanging.push(entry);
      req.socket.on("close", () => {
        entry.closed = true;
      });
      return;
    }
    if (req.method === "POST" && req.url === "/welcome") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
        received.push(form);
        const ok = form.password === "hunter2-secret";
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            `<html><head><title>Welcome</title></head><body><h1 id="greeting">${ok ? `Welcome, ${form.user}` : "Wrong password"}</h1><p id="echo">You typed ${form.password}</p></body></html>`,
          );
      });
      return;
    }
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<html><head><title>Sign in</title></head><body><form method="post" action="/welcome"><input id="user" name="user"><input id="password" name="password" type="password"><button type="submit">Sign in</button></form></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    hanging,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
