import { domainContext } from "../../app-context.js";
import { getPrivateLocation, getPrivateLocations } from "../../domain/private-locations/index.js";
import { builder } from "../builder.js";
import { domain } from "../context.js";
import { idDescription, nodeId } from "../node-ids.js";
import { PrivateLocationNode } from "../types/private-locations/type.js";
import { audienceOf } from "./audience.js";
import { sharedLoad } from "./shared-load.js";
import { deliver, subscriberStream } from "./stream.js";

// Beside the other subscription fields: a noun folder of types/ must not import subscriptions/.
builder.subscriptionFields((t) => ({
  privateLocationChanged: t.field({
    type: PrivateLocationNode,
    nullable: true,
    description:
      "A private location as it is each time one of its agents calls in (at most every 5 s per agent, and at least at each long-poll, 25 s) or leaves (its connection closed, or silent for 2 minutes): last seen, agents, queue depth.",
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
