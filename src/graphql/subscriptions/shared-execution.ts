import {
  createSourceEventStream,
  execute,
  print,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import type { AppContext } from "../../app-context.js";
import type { GraphQLContext } from "../context.js";
import { overHttp } from "./stream.js";

/**
 * Subscribers that would get the same answer share one execution per event: each keeps its own
 * source stream (its bus listener, its subscribe-time checks, its stillHears, its queue and its
 * SLOW_CONSUMER), but the selection set runs once per (group, payload) rather than once per
 * subscriber, and the result object is the same for every member (so its serialization can be
 * too: `serializedResult`).
 *
 * A group is everything the answer can depend on: the transport, who asks (the key's account
 * and the key itself; "anonymous" for a visitor, whose access comes from the document's
 * statusPageId), the host the client reached (links point back there), the printed document,
 * the operation name and the variables as sent. When in doubt the key differs, so nothing is
 * shared that should not be: two keys of one account do not share, nor do two spellings of an id.
 */
export type SubscriptionGroup = {
  readonly key: string;
  members: number;
  /** Executions run for this group (one per payload): what tests compare with the events sent. */
  executions: number;
  results: WeakMap<object, Promise<ExecutionResult>>;
};

const registries = new WeakMap<AppContext, Map<string, SubscriptionGroup>>();

/** The live groups of an app (tests and metrics read them); a group goes when its last member leaves. */
export function subscriptionGroups(app: AppContext): ReadonlyMap<string, SubscriptionGroup> {
  return groupsOf(app);
}

function groupsOf(app: AppContext) {
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

export function sharingKey(args: ExecutionArgs): string {
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

function join(app: AppContext, key: string): SubscriptionGroup {
  const groups = groupsOf(app);
  let group = groups.get(key);
  if (!group) {
    group = { key, members: 0, executions: 0, results: new WeakMap() };
    groups.set(key, group);
  }
  group.members++;
  return group;
}

function leave(app: AppContext, group: SubscriptionGroup) {
  group.members--;
  const groups = groupsOf(app);
  if (group.members <= 0 && groups.get(group.key) === group) groups.delete(group.key);
}

/**
 * The result of one payload for the group: executed by the first member that reaches it, with a
 * context of its own (fresh loaders), and handed to every other member as it is. A payload that
 * is not an object (nothing to key it by) is executed for its subscriber alone.
 */
function resultOf(group: SubscriptionGroup, args: ExecutionArgs, payload: unknown): Promise<ExecutionResult> {
  const run = async () => {
    group.executions++;
    const contextValue = { ...(args.contextValue as GraphQLContext), loaders: new Map() };
    return (await execute({ ...args, rootValue: payload, contextValue })) as ExecutionResult;
  };
  if (typeof payload !== "object" || payload === null) return run();
  let result = group.results.get(payload);
  if (!result) {
    result = run();
    group.results.set(payload, result);
  }
  return result;
}

/** A subscription whose source stream is the subscriber's own, and whose results are the group's. */
async function sharedSubscribe(args: ExecutionArgs) {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source; // subscribe-time errors: this subscriber's own
  const app = (args.contextValue as GraphQLContext).app;
  const iterator = source[Symbol.asyncIterator]();
  const group = join(app, sharingKey(args));
  let member = true;
  const quit = () => {
    if (member) leave(app, group);
    member = false;
  };
  const done = (): IteratorResult<ExecutionResult> => ({ value: undefined, done: true });
  const stream: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      const step = await iterator.next();
      if (step.done || !member) {
        quit();
        return done();
      }
      return { value: await resultOf(group, args, step.value), done: false };
    },
    async return() {
      quit();
      await iterator.return?.();
      return done();
    },
    async throw(error: unknown) {
      quit();
      await iterator.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return stream;
}

/**
 * The envelop plugin that puts every subscription (graphql-ws, yoga's SSE, graphql-sse's single
 * connection mode: all subscribe through yoga's envelop) on shared execution. The other plugins'
 * hooks still see each subscriber's results (error masking among them).
 */
export function sharedSubscriptions(): Plugin {
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(sharedSubscribe as never);
    },
  };
}

const serialized = new WeakMap<object, string>();

/**
 * A result as JSON, once per result object: group members hold the same object, so a frame for
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
