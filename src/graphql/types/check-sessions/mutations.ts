import { cancelCheckSession, getCheckSession, triggerCheckSessions } from "../../../domain/check-sessions/index.js";
import { ValidationError } from "../../../domain/shared/errors.js";
import { builder } from "../../builder.js";
import { databaseIdOf, idDescription, nodeId } from "../../node-ids.js";
import { domain } from "../../context.js";
import { writeErrors } from "../shared/errors.js";
import { CheckSessionTargetInput } from "./inputs.js";
import { CheckSessionNode } from "./type.js";

/**
 * The domain names the fields as REST does (checkId, sequenceId); a ValidationError's paths are
 * given back under this API's plural names, so that they name the arguments that were sent.
 */
async function renamingPaths<T>(run: () => Promise<T>, renames: Record<string, string>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const rename = (path: string) =>
      Object.entries(renames).reduce(
        (p, [from, to]) => (p === from || p.startsWith(`${from}.`) ? to + p.slice(from.length) : p),
        path,
      );
    throw new ValidationError(error.message.replace(/[\w.]+(?=:)/g, rename), error.keys.map(rename), error.source);
  }
}

const present = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v != null));

builder.mutationFields((t) => ({
  triggerCheckSessions: t.field({
    type: [CheckSessionNode],
    description:
      "Starts one session per matching check (activated, not a heartbeat, with a location); NotFoundError when none matches.",
    errors: writeErrors,
    args: {
      target: t.arg({ type: CheckSessionTargetInput }),
      refreshCache: t.arg.boolean({ description: "Playwright suites only." }),
    },
    resolve: (_root, { target, refreshCache }, ctx) => {
      const input = present({
        target: target && present({ checkId: target.checkIds?.map(databaseIdOf), matchTags: target.matchTags }),
        refreshCache,
      });
      return renamingPaths(() => triggerCheckSessions({ ctx: domain(ctx), input }), {
        "target.checkId": "target.checkIds",
      });
    },
  }),
  cancelCheckSession: t.field({
    type: CheckSessionNode,
    description:
      "Cancels the session's runs still queued or running (only those of sequenceIds, when given); a finished session is left as it is.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("CheckSession") }),
      sequenceIds: t.arg.stringList({ description: "Only these runs of the session (at least one)." }),
    },
    resolve: async (_root, { id, sequenceIds }, ctx) => {
      const input = present({ sequenceId: sequenceIds });
      await renamingPaths(() => cancelCheckSession({ ctx: domain(ctx), id: nodeId(id, "CheckSession"), input }), {
        sequenceId: "sequenceIds",
      });
      return getCheckSession({ ctx: domain(ctx), id: nodeId(id, "CheckSession") });
    },
  }),
}));
