import { print, type DocumentNode, type ExecutionArgs, type ExecutionResult } from "graphql";
import type { AppContext } from "../../app-context.js";
import type { GraphQLContext } from "../context.js";

/** A subscription over HTTP (SSE) runs in yoga's context, which carries the Fetch request; graphql-ws's does not. */
export const overHttp = (ctx: GraphQLContext) => "request" in ctx;

/**
 * Subscribers that would get the same answer to the same event: one execution and one
 * serialization serve them all (frames.ts for graphql-ws, shared-execution.ts for SSE).
 */
export type SubscriptionGroup = {
  readonly key: string;
  members: number;
  /** Executions run for the group (one per event): what tests compare with the events sent. */
  executions: number;
};

const registries = new WeakMap<AppContext, Map<string, SubscriptionGroup>>();

/** The live groups of an app, by key (tests and metrics read them); a group goes with its last member. */
export function subscriptionGroups(app: AppContext): Map<string, SubscriptionGroup> {
  let groups = registries.get(app);
  if (!groups) {
    groups = new Map();
    registries.set(app, groups);
  }
  return groups;
}

const printed = new WeakMap<DocumentNode, string>();
function printedOf(document: DocumentNode) {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/** JSON with object keys sorted, so that `{a, b}` and `{b, a}` name one group. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * Everything the answer can depend on: the transport, who asks (the key's account and the key
 * itself; "anonymous" for a visitor, whose access comes from the document's statusPageId and is
 * checked again per event), the host the client reached (links point back there), the printed
 * document, the operation name and the variables as sent. When in doubt the key differs, so
 * nothing is shared that should not be: two keys of one account do not share, nor do two
 * spellings of one id.
 */
export function sharingKey(
  args: Pick<ExecutionArgs, "contextValue" | "document" | "operationName" | "variableValues">,
) {
  const ctx = args.contextValue as GraphQLContext;
  const caller = ctx.caller ? ["key", ctx.caller.accountId, ctx.caller.keyId] : ["anonymous"];
  return canonical([
    overHttp(ctx) ? "http" : "ws",
    caller,
    ctx.baseUrl,
    printedOf(args.document),
    args.operationName ?? null,
    args.variableValues ?? {},
  ]);
}

const serialized = new WeakMap<object, string>();

/**
 * A result as JSON, once per result object: group members hold the same object, so a message for
 * each of them costs a splice, not a serialization. Errors last and only when there are some, as
 * graphql-ws sends them.
 */
export function serializedResult(result: ExecutionResult): string {
  let text = serialized.get(result);
  if (text === undefined) {
    const { errors, ...rest } = result;
    text = JSON.stringify(errors ? { ...rest, errors: errors.map((error) => error.toJSON()) } : rest);
    serialized.set(result, text);
  }
  return text;
}

const eventContexts = new WeakSet<object>();

/**
 * The context of one event's execution for a group: the subscriber's, with loaders of its own.
 * Marked, so that shared-execution.ts's plugin runs it with graphql-js's `execute` (which runs a
 * subscription operation's selection on one payload) where yoga's executor would subscribe again.
 */
export function eventContext(ctx: GraphQLContext): GraphQLContext {
  const fresh = { ...ctx, loaders: new Map() };
  eventContexts.add(fresh);
  return fresh;
}

export const isEventContext = (value: unknown) =>
  typeof value === "object" && value !== null && eventContexts.has(value);
