import { z } from "zod";
import { recordHeartbeatPing } from "../domain/heartbeats/index.js";
import { type Route, type RouteInput, stringParam } from "./route.js";

const PingResponse = z.object({ ok: z.literal(true) });

function header(request: RouteInput["request"], name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function ping({ ctx, params, request }: RouteInput) {
  await recordHeartbeatPing({
    ctx,
    pingToken: params.pingToken,
    input: {
      origin: header(request, "origin"),
      referer: header(request, "referer"),
      userAgent: header(request, "user-agent"),
    },
  });
  return { ok: true as const };
}

const common = {
  path: "/ping/{pingToken}",
  summary: "Ping a heartbeat check",
  description:
    "No API key: the ping token is the credential. Records a heartbeat event; `source` is the Origin header, else Referer.",
  tag: "Heartbeats",
  auth: false,
  params: { pingToken: stringParam("The check's ping token") },
  status: 200,
  response: PingResponse,
  handler: ping,
} as const;

export const pingsRoutes: Route[] = [
  { ...common, method: "GET", operationId: "pingHeartbeat" },
  { ...common, method: "POST", operationId: "pingHeartbeatPost" },
];
