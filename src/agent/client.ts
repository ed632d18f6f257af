import { createReadStream } from "node:fs";
import { Agent, EnvHttpProxyAgent, fetch, request, type Dispatcher } from "undici";
import type { ClaimedRun } from "../domain/agents/claim.js";
import type { RunAsset } from "../domain/monitoring/tries.js";

/** A run as the service hands it out (POST /agent/v1/claims): the domain's answer, as JSON. */
export type { ClaimedRun };

export type AgentFacts = { agentId: string; version: string; platform: string; runtimeVersion: string };

/** The service answered 409: this agent no longer holds the run. */
export class RunLostError extends Error {}
/** The service answered with an error status (the body's message, never the request). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`the service answered ${status}: ${message}`);
  }
}

/**
 * The agent's only outbound calls: to the service's agent API, with its key, through
 * HTTP_PROXY/HTTPS_PROXY when set (NO_PROXY applies), over kept-alive connections.
 */
export function createServiceClient(options: { serviceUrl: URL; apiKey: string; proxied: boolean; facts: AgentFacts }) {
  const dispatcher: Dispatcher = options.proxied ? new EnvHttpProxyAgent() : new Agent({ keepAliveTimeout: 30_000 });
  const { agentId } = options.facts;

  async function call<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const response = await fetch(new URL(path, options.serviceUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      dispatcher,
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    if (response.status === 409) throw new RunLostError(text);
    if (!response.ok) {
      let message = text.slice(0, 500);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not our error body: keep the text
      }
      throw new ServiceError(response.status, message);
    }
    return JSON.parse(text) as T;
  }

  /** Streams a try's file to the service (PUT .../assets/{kind}/{name}). */
  async function upload(runId: number, resultId: string, asset: Omit<RunAsset, "kind"> & { kind: string }) {
    const path = `agent/v1/runs/${runId}/results/${resultId}/assets/${encodeURIComponent(asset.kind)}/${encodeURIComponent(asset.name)}`;
    const response = await request(new URL(path, options.serviceUrl), {
      method: "PUT",
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        "content-type": asset.contentType,
        "content-length": String(asset.size),
      },
      body: createReadStream(asset.path),
      dispatcher,
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) {
      let message = text.slice(0, 500);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not our error body: keep the text
      }
      throw new ServiceError(response.statusCode, message);
    }
    return JSON.parse(text) as { id: string; name: string; size: number };
  }

  return {
    uploadAsset: upload,
    claim: (limit: number, waitMs: number, signal: AbortSignal) =>
      call<{ runs: ClaimedRun[] }>("agent/v1/claims", { ...options.facts, limit, waitMs }, signal).then((r) => r.runs),
    renew: (runId: number, holdMs: number) =>
      call<{ leaseExpiresAt: string }>(`agent/v1/runs/${runId}/lease`, { agentId, holdMs }),
    postResult: (runId: number, holdMs: number, report: unknown) =>
      call<{ id: string }>(`agent/v1/runs/${runId}/results`, { agentId, holdMs, report }),
    reportError: (body: {
      message: string;
      stack: string | null;
      agentVersion: string;
      platform: string;
      runtimeVersion: string;
    }) => call<{ id: string }>("agent/v1/error-reports", body),
    close: () => dispatcher.close(),
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
