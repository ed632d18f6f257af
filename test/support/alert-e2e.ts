// The alerting chain with real parts, for the end-to-end tests: a target the checks call, an
// engine on a movable clock (as test/integration/engine/loop.test.ts runs one) and the delivery workers of
// `vigil serve` (src/server.ts starts both; here a test owns them so it can move their clocks).
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startDeliveryWorkers, type DeliveryWorkers } from "../../src/delivery/worker.js";
import { dueRuns } from "../../src/domain/monitoring/plan.js";
import { startEngine, type Engine } from "../../src/engine/engine.js";
import type { App } from "../../src/server.js";

/**
 * A real HTTP server on 127.0.0.1 answering every request with `status` (the test changes it).
 * With `holdUntil`, the first requests wait until that many are waiting at once, then all answer.
 */
export async function startTarget(status = 500, holdUntil = 0) {
  const state = { status, hits: 0 };
  const held: ServerResponse[] = [];
  const answer = (res: ServerResponse) => {
    res.statusCode = state.status;
    res.end(state.status < 400 ? "ok" : "down");
  };
  let holding = holdUntil > 0;
  const server: Server = createServer((_req, res) => {
    state.hits++;
    if (!holding) return answer(res);
    held.push(res);
    if (held.length >= holdUntil) {
      holding = false;
      held.splice(0).forEach(answer);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A clock `shift` ms ahead of real time; the test moves it. */
export type ShiftedClock = { shift: number; now: () => Date };
export function shiftedClock(shift = 0): ShiftedClock {
  const clock: ShiftedClock = { shift, now: () => new Date(Date.now() + clock.shift) };
  return clock;
}

/** The same phase for every check of these tests: frequency 1 with offset 1 (6 s into each minute). */
export const SCHEDULE = { frequency: 1, frequencyOffset: 1 } as const;

/**
 * Moves `clock` (forward only) to `leadMs` before the next due time of the checks on SCHEDULE, so
 * the run falls due that many real ms later; their next run is due 60 s of engine time after it.
 * The scheduler's planned window is shared by every engine on the database and only grows, so a
 * clock must never go back, and a check created now gets no run inside the window already planned
 * (at most the horizon, 10 s, ahead of the clock): the run chosen lies beyond it.
 */
export function advanceToNextRun(clock: ShiftedClock, leadMs = 300): void {
  const from = clock.now().getTime() + 15_000;
  const [next] = dueRuns({ id: "", ...SCHEDULE, locations: ["eu-west-1"], runParallel: false }, from, from + 60_000);
  clock.shift = next!.dueAt - Date.now() - leadMs;
}

/**
 * An engine and the delivery workers on `app`, as `vigil serve` starts them, on the given clocks
 * (the delivery workers' is the engine's unless given). The engine writes its results, alerts
 * and outbox rows at its clock's time, so they lie ahead of the API's clock: lists are read with
 * an explicit `from` (see sinceAnHourAgo).
 */
export function startChain(
  app: App,
  engineClock: ShiftedClock,
  deliveryClock: ShiftedClock = engineClock,
  concurrency = 10,
) {
  const engine: Engine = startEngine(app.context, {
    concurrency,
    leaseMs: 60_000,
    now: engineClock.now,
    maxIdleMs: 50,
  });
  const delivery: DeliveryWorkers = startDeliveryWorkers(app.context, {
    concurrency: 10,
    maxIdleMs: 50,
    now: deliveryClock.now,
  });
  return {
    engine,
    delivery,
    stop: async () => {
      await engine.stop(2_000);
      await delivery.stop(2_000);
    },
  };
}

/** `from` (UNIX seconds) an hour ago: the v1 lists' 6-hour window then reaches 5 hours ahead. */
export const sinceAnHourAgo = () => `from=${Math.floor(Date.now() / 1000) - 3600}`;
