import { type DocumentNode, type ExecutionResult, Kind, type OperationDefinitionNode, print } from "graphql";
import type { Plugin } from "graphql-yoga";
import { LRUCache } from "lru-cache";
import type { EventBus, VigilEvent } from "../events/bus.js";
import type { GraphQLContext } from "./context.js";

type Entry = { result: ExecutionResult; pages: { id: string; accountId: string }[] };

/** The public pages each request resolved (publicStatusPage notes them), for the invalidation of its answer. */
const resolvedPages = new WeakMap<object, { id: string; accountId: string }[]>();

export function notePublicPage(ctx: GraphQLContext, page: { id: string; accountId: string }): void {
  resolvedPages.set(ctx, [...(resolvedPages.get(ctx) ?? []), { id: page.id, accountId: page.accountId }]);
}

const printed = new WeakMap<DocumentNode, string>();

/** A query sent without a key whose root fields are all publicStatusPage (or __typename): the same answer for everyone. */
function publicOperation(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (operation?.operation !== "query" || (!operationName && operations.length > 1)) return false;
  return operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && (s.name.value === "publicStatusPage" || s.name.value === "__typename"),
  );
}

/**
 * Answers of the key-less `publicStatusPage` queries, remembered per (document, variables) for at
 * most a minute and dropped on the events that change what they show (incident and page writes of
 * the pages they resolved, a check status change of their account; a page write drops answers that
 * resolved no page, as the page may now exist). The invalidation comes through the event bus.
 */
export function publicQueryCache(events: EventBus): Plugin<GraphQLContext> {
  const cache = new LRUCache<string, Entry>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry, key) => key.length + (entry.result as { stringify: () => string }).stringify().length * 2,
    ttl: 60_000,
  });
  let generation = 0;
  const drop = (gone: (entry: Entry) => boolean) => {
    generation++;
    for (const [key, entry] of cache.entries()) if (gone(entry)) cache.delete(key);
  };
  events.subscribe((event: VigilEvent) => {
    if (event.type === "incidentChanged" || event.type === "incidentUpdateAdded")
      drop((e) => e.pages.some((p) => event.statusPageIds.includes(p.id)));
    else if (event.type === "statusPageChanged")
      drop((e) => !e.pages.length || e.pages.some((p) => event.statusPageIds.includes(p.id)));
    else if (event.type === "checkStatusChanged") drop((e) => e.pages.some((p) => p.accountId === event.accountId));
  });
  // Invalidations published while the shared bus was away were missed: every answer goes.
  events.onResume(() => drop(() => true));
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as GraphQLContext;
      if (ctx.caller !== null || !publicOperation(args.document, args.operationName)) return;
      const text = printed.get(args.document) ?? print(args.document);
      printed.set(args.document, text);
      const key = JSON.stringify([text, args.operationName ?? null, args.variableValues ?? {}]);
      const hit = cache.get(key);
      if (hit) return setResultAndStopExecution(hit.result);
      const started = generation;
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result || result.errors?.length || started !== generation) return;
          // Serialized once: yoga's result processor calls a result's own `stringify`.
          const json = JSON.stringify(result);
          cache.set(key, {
            result: { ...result, stringify: () => json } as ExecutionResult,
            pages: resolvedPages.get(ctx) ?? [],
          });
        },
      };
    },
  };
}
