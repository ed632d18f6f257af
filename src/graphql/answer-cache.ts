import { type DocumentNode, type ExecutionResult, Kind, type OperationDefinitionNode, print } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { EventBus } from "../events/bus.js";
import { type CacheTags, PAGE_EVENTS, TaggedCache } from "../platform/tagged-cache.js";
import { accountCacheable } from "./answer-scope.js";
import type { GraphQLContext } from "./context.js";

/**
 * An answer for a key shows its account's data; a key-less answer, the pages it resolved (one
 * that resolved none may show a page once one is written there).
 */
function tagsOf(accountId: string | null, pages: { id: string; accountId: string }[]): CacheTags {
  if (accountId) return { account: accountId, pages };
  return pages.length ? { pages } : { addresses: true };
}

/** The public pages each request resolved (publicStatusPage notes them), for the invalidation of its answer. */
const resolvedPages = new WeakMap<object, { id: string; accountId: string }[]>();

export function notePublicPage(ctx: GraphQLContext, page: { id: string; accountId: string }): void {
  resolvedPages.set(ctx, [...(resolvedPages.get(ctx) ?? []), { id: page.id, accountId: page.accountId }]);
}

const printed = new WeakMap<DocumentNode, string>();

/**
 * A remembered answer holds its JSON alone, as UTF-8 bytes: keeping the executed result's object
 * tree (several MB for a nested status-page answer, uncounted by the cache's size) made every
 * computed answer survive into the old generation, and the collector's copying of them cost more
 * CPU than the answer itself (bench/graphql.ts). Over HTTP yoga sends `stringify()` (and reads
 * `errors` and `extensions`, kept as they were); whoever reads `data` (JSON.stringify over
 * WebSocket) gets it parsed anew.
 */
function fromJson(body: Buffer, { extensions }: ExecutionResult): ExecutionResult {
  return {
    stringify: () => body,
    get data() {
      return (JSON.parse(body.toString()) as ExecutionResult).data;
    },
    ...(extensions && { extensions }),
  } as unknown as ExecutionResult;
}

/**
 * A JSON text's UTF-8 bytes. An ASCII text (its UTF-8 length is its length: any other character
 * takes two bytes or more) is the same bytes in Latin-1, copied without encoding each character:
 * a nested status-page answer's 282 KiB took twice as long to encode as UTF-8.
 */
function utf8Bytes(text: string): Buffer {
  return Buffer.byteLength(text) === text.length ? Buffer.from(text, "latin1") : Buffer.from(text);
}

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
 * Answers remembered per (document, variables) for at most a minute, and dropped on the events
 * that change what they show; the invalidation comes through the event bus, so a bus shared by
 * instances clears every instance.
 * - Key-less `publicStatusPage` queries: the same answer for everyone, dropped on incident and
 *   page writes of the pages they resolved and on a check status change of their account (a page
 *   write drops answers that resolved no page, as the page may now exist).
 * - Queries sent with a key (or a session) that read only status pages and incidents
 *   (answer-scope.ts): remembered per account, whichever of its keys asked, and dropped on any
 *   page, incident or check status event of the account. The key is checked (and counted) before
 *   execution, so a cached answer costs the caller what a computed one does.
 */
export function answerCache(events: EventBus): Plugin<GraphQLContext> {
  const cache = new TaggedCache<ExecutionResult>(
    {
      maxSize: 64 * 1024 * 1024,
      sizeOf: (result, key) => key.length * 2 + (result as unknown as { stringify: () => Buffer }).stringify().length,
    },
    60_000,
  );
  cache.listen(events, PAGE_EVENTS);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as GraphQLContext;
      const accountId = ctx.caller?.accountId ?? null;
      const cacheable = accountId
        ? accountCacheable(args.schema, args.document, args.operationName)
        : publicOperation(args.document, args.operationName);
      if (!cacheable) return;
      const text = printed.get(args.document) ?? print(args.document);
      printed.set(args.document, text);
      const key = JSON.stringify([accountId, text, args.operationName ?? null, args.variableValues ?? {}]);
      const hit = cache.get(key);
      if (hit) return setResultAndStopExecution(hit);
      const started = cache.current;
      return {
        onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in result || result.errors?.length || started !== cache.current) return;
          // Serialized and encoded once, for this answer and the remembered one: yoga's result
          // processor calls a result's own `stringify` (a 282 KiB answer took 1.5 ms a
          // serialization). It returns the bytes (answerBytes, server.ts): yoga passes them on as
          // the answer's body; handed a string, it measured and encoded 282 KiB again.
          const body = utf8Bytes(JSON.stringify(result));
          setResult({ ...result, stringify: () => body } as unknown as ExecutionResult);
          cache.setIf(started, key, tagsOf(accountId, resolvedPages.get(ctx) ?? []), fromJson(body, result));
        },
      };
    },
  };
}
