import { pageChecks } from "../../domain/checks/index.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain } from "../context.js";
import { CheckTypeEnum } from "./check-enums.js";
import { CheckConnectionRef } from "./check-refs.js";
import { CheckRef } from "./refs.js";
import "./check-interface.js";
import "./check-types.js";
import "./check-mutations.js";
import "./check-group.js";

/**
 * Checks: the Check interface (check-interface.ts) with one Relay node type per check type
 * (check-types.ts), their settings (check-settings.ts, check-requests.ts), the inputs built from
 * the domain's property lists (check-input-fields.ts, check-inputs.ts) and the mutations
 * (check-mutations.ts). Everything goes through the domain verbs that REST uses.
 */
builder.queryFields((t) => ({
  checks: t.connection(
    {
      type: CheckRef,
      description: "The account's checks, newest first, with the filters of GET /v1/checks.",
      args: {
        checkType: t.arg({ type: CheckTypeEnum }),
        tag: t.arg.stringList({ description: "Checks having at least one of these tags." }),
        search: t.arg.string({ description: "A case-insensitive part of the name." }),
        apiCheckUrlFilterPattern: t.arg.string({
          description: "A case-insensitive part of an API check's URL; only API checks match.",
        }),
      },
      resolve: async (_root, { first, after, last, before, ...filters }, ctx) =>
        toConnection(await pageChecks({ ctx: domain(ctx), args: { first, after, last, before }, filters })),
    },
    CheckConnectionRef,
  ),
}));
