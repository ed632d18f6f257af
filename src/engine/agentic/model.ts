import { request } from "undici";
import { z } from "zod";
import type { AgenticModelConfig } from "../../config.js";

export type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
export type ToolDefinition = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
};
export type ModelEndpoint = { modelUrl: string; model: string; apiKey: string };
export type ModelLimits = { maxTokens: number; timeoutMs: number; maxResponseBytes: number };

/** The model's answer could not be had or read: the run fails with this message. */
export class ModelError extends Error {}

/** The endpoint when all three variables are set; otherwise the names of those missing. */
export function modelEndpoint(config: AgenticModelConfig | undefined): ModelEndpoint | { missing: string[] } {
  const missing = [
    config?.modelUrl ? null : "AGENTIC_MODEL_URL",
    config?.model ? null : "AGENTIC_MODEL",
    config?.apiKey ? null : "AGENTIC_API_KEY",
  ].filter((name): name is string => name !== null);
  return missing.length ? { missing } : { modelUrl: config!.modelUrl!, model: config!.model!, apiKey: config!.apiKey! };
}

const Answer = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().max(200),
                type: z.literal("function").optional(),
                function: z.object({ name: z.string().max(100), arguments: z.string().max(100_000) }),
              }),
            )
            .max(20)
            .nullable()
            .optional(),
        }),
      }),
    )
    .min(1),
});
export type AssistantMessage = { content: string | null; tool_calls: ToolCall[] };

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, cap: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      body.destroy();
      throw new ModelError(`the model's answer is larger than ${cap} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * One chat-completions request (POST {base}/chat/completions) with the tools offered. Bounded:
 * `max_tokens`, a timeout for the whole exchange, and a cap on the answer's size. Anything but a
 * 2xx JSON answer with a message is a ModelError naming what went wrong.
 */
export async function chat(
  endpoint: ModelEndpoint,
  input: { messages: ChatMessage[]; tools: ToolDefinition[]; limits: ModelLimits; signal?: AbortSignal },
): Promise<AssistantMessage> {
  const timeout = AbortSignal.timeout(input.limits.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let text: string;
  let status: number;
  try {
    const response = await request(`${endpoint.modelUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${endpoint.apiKey}` },
      body: JSON.stringify({
        model: endpoint.model,
        messages: input.messages,
        tools: input.tools,
        tool_choice: "auto",
        max_tokens: input.limits.maxTokens,
      }),
      signal,
      headersTimeout: input.limits.timeoutMs,
      bodyTimeout: input.limits.timeoutMs,
    });
    status = response.statusCode;
    text = await readCapped(response.body, input.limits.maxResponseBytes);
  } catch (error) {
    if (error instanceof ModelError) throw error;
    if (timeout.aborted) throw new ModelError(`the model did not answer within ${input.limits.timeoutMs} ms`);
    if (input.signal?.aborted) throw error;
    throw new ModelError(`the model could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (status < 200 || status >= 300)
    throw new ModelError(`the model answered HTTP ${status}: ${text.slice(0, 300).replace(/\s+/g, " ")}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelError(`the model's answer is not JSON: ${text.slice(0, 200).replace(/\s+/g, " ")}`);
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success) throw new ModelError("the model's answer is not a chat completion (no choices[0].message)");
  const message = parsed.data.choices[0]!.message;
  return {
    content: message.content ?? null,
    tool_calls: (message.tool_calls ?? []).map((call) => ({ id: call.id, type: "function", function: call.function })),
  };
}
