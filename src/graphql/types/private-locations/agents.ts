import { domainContext } from "../../../app-context.js";
import {
  connectedAgentsOf,
  getPrivateLocation,
  getPrivateLocations,
  type ConnectedAgentView,
} from "../../../domain/private-locations/index.js";
import { builder } from "../../builder.js";
import { domain, loader } from "../../context.js";
import { idDescription, nodeId } from "../../node-ids.js";
import { audienceOf } from "../../subscriptions/audience.js";
import { sharedLoad } from "../../subscriptions/shared-load.js";
import { deliver, subscriberStream } from "../../subscriptions/stream.js";
import { PrivateLocationNode } from "./type.js";

const ConnectedAgentRef = builder.objectRef<ConnectedAgentView>("ConnectedAgent").implement({
  description: "An agent process of a private location, as it last announced itself (each claim of runs).",
  fields: (t) => ({
    agentId: t.exposeString("id", { description: "The id the agent chose at its start (a uuid)." }),
    version: t.exposeString("version", { description: "The agent's version." }),
    platform: t.exposeString("platform"),
    runtimeVersion: t.exposeString("runtimeVersion"),
    startedAt: t.expose("startedAt", { type: "DateTime", description: "Its first claim." }),
    lastSeen: t.expose("lastSeenAt", { type: "DateTime", description: "Its last claim, lease renewal or result." }),
    runsHeld: t.exposeInt("runsHeld", { description: "Runs it has claimed and not yet reported: its own queue." }),
  }),
});

builder.objectFields(PrivateLocationNode, (t) => ({
  agents: t.field({
    type: [ConnectedAgentRef],
    description:
      "The agents counted by agentCount (seen in the last 2 minutes), most recently seen first; one query for a whole list of locations.",
    resolve: (location, _args, ctx) =>
      loader(ctx, "PrivateLocation.agents", (ids: readonly string[]) =>
        connectedAgentsOf({ ctx: domain(ctx), locationIds: ids }),
      ).load(location.id),
  }),
}));

builder.subscriptionFields((t) => ({
  privateLocationChanged: t.field({
    type: PrivateLocationNode,
    nullable: true,
    description:
      "A private location as it is each time one of its agents calls in (at most every 5 s per agent, and at least at each long-poll, 25 s): last seen, agents, queue depth.",
    args: { privateLocationId: t.arg.id({ description: idDescription("PrivateLocation") }) },
    subscribe: async (_root, args, ctx) => {
      const id = args.privateLocationId == null ? undefined : nodeId(args.privateLocationId, "PrivateLocation");
      const audience = await audienceOf(ctx.app, ctx.caller, null);
      // Another account's location is NotFound at once, rather than a stream that stays silent.
      if (id) await getPrivateLocation({ ctx: domain(ctx), id });
      return subscriberStream(ctx, audience, {
        type: "privateLocationChanged",
        filter: (event) => !id || event.privateLocationId === id,
        // Loaded once per event, in its account, however many screens watch (a deleted location is skipped).
        load: (event) =>
          sharedLoad(event, "privateLocation", async () => {
            const account = domainContext(ctx.app, event.accountId);
            return (await getPrivateLocations({ ctx: account, ids: [event.privateLocationId] }))[0] ?? null;
          }),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
}));
