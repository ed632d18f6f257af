import type { ExecutionResult } from "graphql";
import { WebSocket } from "ws";
import type { VigilEvent } from "../../events/bus.js";
import { END, SKIP } from "../../events/event-stream.js";
import { SerialQueue, tooFarBehind } from "../../platform/fan-out.js";
import type { GraphQLContext } from "../context.js";
import { notices, Undeliverable } from "./notices.js";
import { serializedResult, subscriptionGroups, type SubscriptionGroup } from "./sharing.js";

/** Where a graphql-ws subscription's messages go; ws.ts attaches it to the subscription's context. */
export type FrameSink = {
  socket: WebSocket;
  id: string;
  /** sharing.ts's key of the subscription: subscribers with one key share a group. */
  key: string;
  /** Executes the subscriber's operation on one payload (yoga's enveloped execute: masking and all). */
  execute: (payload: unknown) => Promise<ExecutionResult> | ExecutionResult;
};

const sinks = new WeakMap<GraphQLContext, FrameSink>();
export const attachFrames = (ctx: GraphQLContext, sink: FrameSink) => void sinks.set(ctx, sink);
export const framesOf = (ctx: GraphQLContext) => sinks.get(ctx);

/** The start of graphql-ws's `next` message for subscription `id`: a payload already serialized and `}` follow. */
const frameHead = (id: string) => `{"id":${JSON.stringify(id)},"type":"next","payload":`;

type Load = (event: VigilEvent) => Promise<unknown>;
type Member = {
  sink: FrameSink;
  /** frameHead of its id, made once: a frame per event is then two concatenations. */
  head: string;
  since: number;
  ended: boolean;
  unsubscribe: () => void;
  stopResume: () => void;
  done: () => void;
};
type FrameGroup = SubscriptionGroup & {
  set: Set<Member>;
  /** Each event once, whichever member's bus listener saw it first. */
  seen: WeakSet<VigilEvent>;
  /** The group's events, loaded, executed and sent one at a time (send); past its limit the members end. */
  queue: SerialQueue<{ event: VigilEvent; seq: number }>;
  seq: number;
  load: Load;
  execute: FrameSink["execute"];
};

/**
 * One graphql-ws subscription of a group. Each member keeps its own bus listener (its own match:
 * audience and filters), so the group hears what its members hear and no more; a member hears
 * only events published after it joined (`since`). The group loads and executes each event once,
 * serializes it once, and writes one frame per member, spliced around that serialization, to
 * the member's socket directly (graphql-ws would serialize the whole message per subscriber, and
 * its hooks cannot hand it a serialized payload: JSON.rawJSON is not in Node 20). The stream
 * handed to graphql-ws yields nothing and ends with the member, so graphql-ws still completes
 * the subscription, and returns it when the client leaves.
 *
 * A socket that does not drain is not waited for (src/platform/fan-out.ts): too far behind, its
 * member gets the SLOW_CONSUMER notice and ends, as a stream whose queue overflowed did; the
 * others go on. A group whose queue overflowed sends what it holds, then ends its members, told.
 */
export function frameMember(
  ctx: GraphQLContext,
  sink: FrameSink,
  { match, load }: { match: (event: VigilEvent) => boolean; load: Load },
): AsyncIterableIterator<never> {
  const groups = subscriptionGroups(ctx.app);
  const key = `frames:${sink.key}`;
  const group = (groups.get(key) as FrameGroup | undefined) ?? newGroup(ctx, key, load, sink.execute);
  const member: Member = {
    ...{ sink, head: frameHead(sink.id), since: group.seq, ended: false },
    ...{ unsubscribe: () => {}, stopResume: () => {}, done: () => {} },
  };
  const ended = new Promise<void>((resolve) => {
    member.done = resolve;
  });
  member.unsubscribe = ctx.app.events.subscribe((event) => {
    if (member.ended || group.seen.has(event)) return;
    let matched = false;
    try {
      matched = match(event);
    } catch {
      // a listener that threw would fail the publishing verb, after its commit
    }
    if (matched) offer(ctx, group, event);
  });
  // After a Redis outage events may have been missed: the member is told (EVENTS_MISSED) and ends,
  // as a stream of its own would (event-stream.ts).
  member.stopResume = ctx.app.events.onResume(() => void lastWords(ctx, group, member, notices.resumed));
  group.set.add(member);
  group.members++;

  const finished = { value: undefined as never, done: true as const };
  return {
    next: () => ended.then(() => finished),
    async return() {
      leave(ctx, group, member);
      return finished;
    },
    async throw(error: unknown) {
      leave(ctx, group, member);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

function newGroup(ctx: GraphQLContext, key: string, load: Load, execute: FrameSink["execute"]): FrameGroup {
  const group: FrameGroup = {
    ...{ key, members: 0, executions: 0, set: new Set(), seen: new WeakSet(), seq: 0, load, execute },
    queue: new SerialQueue({
      handle: (item) => send(ctx, group, item),
      // What was queued is sent first; then each member is told (SLOW_CONSUMER) and ends.
      onOverflow: () => {
        for (const member of [...group.set]) void lastWords(ctx, group, member, notices.overflow);
      },
      onError: (error) => {
        ctx.app.logger.error({ err: error }, "subscription group failed; its subscribers are ended");
        for (const member of [...group.set]) leave(ctx, group, member);
      },
    }),
  };
  subscriptionGroups(ctx.app).set(key, group);
  return group;
}

function leave(ctx: GraphQLContext, group: FrameGroup, member: Member) {
  if (member.ended) return;
  member.ended = true;
  member.unsubscribe();
  member.stopResume();
  group.set.delete(member);
  group.members--;
  member.done();
  if (group.members > 0) return;
  group.queue.clear();
  const groups = subscriptionGroups(ctx.app);
  if (groups.get(group.key) === group) groups.delete(group.key);
}

function offer(ctx: GraphQLContext, group: FrameGroup, event: VigilEvent) {
  group.seen.add(event);
  if (group.queue.overflowed) return;
  if (group.queue.push({ event, seq: group.seq + 1 })) {
    group.seq++;
    return;
  }
  // Overflowed now: subscribers that come from here on start a group of their own.
  const groups = subscriptionGroups(ctx.app);
  if (groups.get(group.key) === group) groups.delete(group.key);
}

/** One event of the group: loaded and executed once, serialized once, a frame to each member. */
async function send(ctx: GraphQLContext, group: FrameGroup, item: { event: VigilEvent; seq: number }) {
  const value = await group.load(item.event);
  if (value === SKIP) return;
  if (value === END) {
    group.queue.clear();
    for (const member of [...group.set]) leave(ctx, group, member);
    return;
  }
  group.executions++;
  const text = serializedResult(await group.execute(value));
  for (const member of group.set) {
    if (member.since >= item.seq) continue; // it joined after the event
    const socket = member.sink.socket;
    if (socket.readyState !== WebSocket.OPEN) continue; // graphql-ws returns its stream
    if (tooFarBehind(socket)) void lastWords(ctx, group, member, notices.overflow);
    else socket.send(`${member.head}${text}}`);
  }
}

/** A notice (SLOW_CONSUMER, EVENTS_MISSED) after what the socket already holds, then the member's end. */
async function lastWords(ctx: GraphQLContext, group: FrameGroup, member: Member, notice: () => Error) {
  if (member.ended) return;
  member.unsubscribe();
  group.set.delete(member); // no more events for it, while its notice is made
  try {
    const result = await member.sink.execute(new Undeliverable(notice()));
    const socket = member.sink.socket;
    if (socket.readyState === WebSocket.OPEN) socket.send(`${member.head}${serializedResult(result)}}`);
  } finally {
    leave(ctx, group, member);
  }
}
