import { connectedAgentsOf, type ConnectedAgentView } from "../../../domain/private-locations/index.js";
import { builder } from "../../builder.js";
import { domain, loader } from "../../context.js";
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
      "The agents counted by agentCount (seen in the last 2 minutes, and not gone since: an agent whose connection closed leaves at once), most recently seen first; one query for a whole list of locations.",
    resolve: (location, _args, ctx) =>
      loader(ctx, "PrivateLocation.agents", (ids: readonly string[]) =>
        connectedAgentsOf({ ctx: domain(ctx), locationIds: ids }),
      ).load(location.id),
  }),
}));
