import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * Validation limits on the whole document, introspection included, before anything runs and
 * without a key: graphql-armor's rules, which follow each fragment once (a fragment spread twice
 * by each of 26 fragments is 26 visits, not 2^26). The complexity plugin (builder.ts) still
 * measures schema fields at execution; these are the cheap outer bounds.
 * - depth 20 fits the standard introspection query;
 * - aliases a little over the complexity plugin's breadth (200), which refuses wide documents itself;
 * - cost: armor's estimate with fragments flattened and no extra weight per level (1.5 by default
 *   compounds with depth and refused ordinary nested connections): about one per field selected,
 *   times a literal `first`/`last`. It counts each path through the fragments, so fragments that
 *   multiply each other reach it fast (26 of them spreading the next twice: 2^26), while the
 *   standard introspection query costs about 320 and 20 status pages with incidents and updates
 *   about 85,000 (with `first: 20` written out).
 */
export const VALIDATION_LIMITS = { depth: 20, aliases: 256, directives: 50, cost: 100_000 };

const refuse = (code: string, message: string) => (context: ValidationContext | null) =>
  context?.reportError(new GraphQLError(message, { extensions: { code } }));

/** Each limit reports one validation error naming it (graphql-armor's own would say "Syntax Error"). */
export function validationLimits(limits = VALIDATION_LIMITS): Plugin[] {
  const common = { propagateOnRejection: false, exposeLimits: true } as const;
  // Handled elsewhere: suggestions stay (they help), tokens are counted before parsing (document-limits.ts).
  const none = { blockFieldSuggestion: { enabled: false }, maxTokens: { enabled: false } };
  const off = { enabled: false };
  // Depth first: a document too deep is also too costly, and depth is the clearer reason.
  const depth = EnvelopArmorPlugin({
    ...none,
    maxAliases: off,
    maxDirectives: off,
    costLimit: off,
    maxDepth: {
      ...common,
      n: limits.depth,
      flattenFragments: true,
      ignoreIntrospection: false,
      onReject: [refuse("QUERY_TOO_DEEP", `query is too deep: more than ${limits.depth} levels`)],
    },
  });
  const others = EnvelopArmorPlugin({
    ...none,
    maxDepth: off,
    maxAliases: {
      ...common,
      n: limits.aliases,
      onReject: [refuse("TOO_MANY_ALIASES", `query has too many aliases: more than ${limits.aliases}`)],
    },
    maxDirectives: {
      ...common,
      n: limits.directives,
      onReject: [refuse("TOO_MANY_DIRECTIVES", `query has too many directives: more than ${limits.directives}`)],
    },
    costLimit: {
      ...common,
      maxCost: limits.cost,
      depthCostFactor: 1,
      flattenFragments: true,
      ignoreIntrospection: false,
      onReject: [
        refuse("QUERY_TOO_COSTLY", `query costs too much: more than ${limits.cost} (estimated before running it)`),
      ],
    },
  });
  return [depth as Plugin, others as Plugin];
}
