import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { AppContext } from "../../app-context.js";
import type { GraphQLContext } from "../context.js";
import { framesOf } from "./frames.js";
import { eventContext, isEventContext, sharingKey, subscriptionGroups, type SubscriptionGroup } from "./sharing.js";

/**
 * Shared execution for subscriptions that yoga delivers (SSE: yoga's own, graphql-sse's single
 * connection mode): each subscriber keeps its own source stream (its bus listener, subscribe-time
 * checks, stillHears, queue and SLOW_CONSUMER, and the shutdown signal), but the selection set
 * runs once per (group, payload) rather than once per subscriber, and every member gets the same
 * result object. graphql-ws subscriptions have more (frames.ts): one load and one send loop per
 * group; this plugin leaves them alone.
 */
type ResultGroup = SubscriptionGroup & { results: WeakMap<object, Promise<ExecutionResult>> };

function join(app: AppContext, key: string): ResultGroup {
  const groups = subscriptionGroups(app);
  let group = groups.get(key) as ResultGroup | undefined;
  if (!group) {
    group = { key, members: 0, executions: 0, results: new WeakMap() };
    groups.set(key, group);
  }
  group.members++;
  return group;
}

function leave(app: AppContext, group: ResultGroup) {
  group.members--;
  const groups = subscriptionGroups(app);
  if (group.members <= 0 && groups.get(group.key) === group) groups.delete(group.key);
}

/**
 * The result of one payload for the group: executed by the first member that reaches it, with a
 * context of its own (fresh loaders), and handed to every other member as it is. A payload that
 * is not an object (nothing to key it by) is executed for its subscriber alone.
 */
function resultOf(group: ResultGroup, args: ExecutionArgs, payload: unknown): Promise<ExecutionResult> {
  const run = async () => {
    group.executions++;
    const contextValue = eventContext(args.contextValue as GraphQLContext);
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
  const group = join(app, `results:${sharingKey(args)}`);
  let member = true;
  const quit = () => {
    if (member) leave(app, group);
    member = false;
  };
  const done = (): IteratorResult<ExecutionResult> => ({ value: undefined, done: true });
  const stream: AsyncIterableIterator<ExecutionResult> = {
    next: () =>
      iterator.next().then((step) => {
        if (step.done || !member) {
          quit();
          return done();
        }
        return resultOf(group, args, step.value).then((value) => ({ value, done: false }));
      }),
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
 * The envelop plugin that puts SSE subscriptions (yoga's own and graphql-sse's single connection
 * mode both subscribe through yoga's envelop) on shared execution. The other plugins' hooks still
 * see each subscriber's results (error masking among them). It also runs a group's event
 * executions (frames.ts) with graphql-js's `execute`: yoga's executor would subscribe again.
 */
export function sharedSubscriptions(): Plugin {
  return {
    onExecute({ args, setExecuteFn }) {
      if (isEventContext(args.contextValue)) setExecuteFn(execute as never);
    },
    onSubscribe({ setSubscribeFn, args }) {
      if (!framesOf(args.contextValue as unknown as GraphQLContext)) setSubscribeFn(sharedSubscribe as never);
    },
  };
}
