/** A wait between two turns: ended early by `wake()`, a stop, and (`untilFinish`) a task ending. */
export type LoopWait = { waitMs: number; untilFinish?: boolean };
/** What the loop does at a turn: claim up to `claim` items, or wait. */
export type LoopPlan = { claim: number } | LoopWait;

export type ClaimLoopOptions<K, T> = {
  /** Decided at each turn, from the number of tasks under way (and the owner's own state). */
  plan(underway: number): LoopPlan;
  /**
   * Claims up to `limit` items under a lease; a failure is the caller's to log (and to back off
   * from, on `signal`): it resolves with what it got, maybe nothing. `signal` aborts on stop.
   */
  claim(limit: number, signal: AbortSignal): Promise<readonly T[]>;
  /** After a claim of `claimed` items out of `limit`: the wait before the next turn (0: at once). */
  after(claimed: number, limit: number): LoopWait | Promise<LoopWait>;
  /**
   * A claimed item's work. `signal` aborts when the loop gives up waiting for it (`abandon`),
   * `stopping` when the loop stops claiming (work not begun yet may hand its item back then).
   */
  run(item: T, signal: AbortSignal, stopping: AbortSignal): Promise<void>;
  keyOf(item: T): K;
  /**
   * Hands an item back to its queue: one claimed as the loop stopped, or one abandoned. Without
   * it, an item claimed as the loop stopped is run, and an abandoned one left to its lease.
   */
  release?(item: T): Promise<void>;
  /** A wait that ran its whole time: work may have fallen due that nothing announced. */
  onIdle?(): void;
  /** The clock of the tasks' `startedAt` (ms): the owner's, which tests may move. */
  now?: () => number;
};

/** A claimed item under way. */
export type LoopTask<T> = { item: T; controller: AbortController; done: Promise<void>; startedAt: number };

/**
 * The loop of a leased worker pool, one mechanism for the engine's runs, the delivery workers'
 * notifications and a private-location agent's runs: at each turn it claims what its `plan` says
 * there is room for, starts each item as a task it tracks, and waits as told, until the time
 * passes, `wake()` is called (new work announced; a wake during a claim is not lost: the next
 * turn comes at once) or, when the wait is for room, a task ends. Stopping is three steps the
 * owner composes: `stopClaiming` (no claim after it; items a claim brings back meanwhile are
 * released), `drain` (tasks under way may finish for a while), `abandon` (the rest are aborted
 * and released). What differs between the pools (how much to claim, how long to wait, leases
 * kept or checked, fair shares) is each owner's policy in these functions.
 */
export class ClaimLoop<K, T> {
  readonly tasks = new Map<K, LoopTask<T>>();
  private readonly stopping = new AbortController();
  private woken = false;
  private endWait: (() => void) | null = null;
  private waitingForRoom = false;
  private readonly turns: Promise<void>;

  constructor(private readonly options: ClaimLoopOptions<K, T>) {
    this.turns = this.loop();
  }

  /** Aborts when the loop stops claiming. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** New work may be claimable: end the current wait, or skip the next one. */
  wake(): void {
    this.woken = true;
    this.endWait?.();
  }

  /** No claim after this resolves; the tasks under way go on. */
  async stopClaiming(): Promise<void> {
    this.stopping.abort();
    await this.turns;
  }

  /** Waits up to `timeoutMs` for the tasks under way; true when none is left. */
  async drain(timeoutMs: number): Promise<boolean> {
    await settledWithin([...this.tasks.values()], timeoutMs);
    return this.tasks.size === 0;
  }

  /** Aborts the tasks still under way and releases their items, then waits up to `graceMs` for them to end. */
  async abandon(graceMs = 0): Promise<void> {
    const left = [...this.tasks.values()];
    for (const task of left) {
      task.controller.abort();
      await this.options.release?.(task.item).catch(() => undefined);
    }
    if (graceMs > 0) await settledWithin(left, graceMs);
  }

  private start(item: T): void {
    const key = this.options.keyOf(item);
    const controller = new AbortController();
    const task: LoopTask<T> = {
      item,
      controller,
      done: Promise.resolve(),
      startedAt: (this.options.now ?? Date.now)(),
    };
    this.tasks.set(key, task);
    task.done = this.options
      .run(item, controller.signal, this.signal)
      .catch(() => undefined) // run's own failures are its owner's to record
      .finally(() => {
        if (this.tasks.get(key) === task) this.tasks.delete(key);
        if (this.waitingForRoom) this.endWait?.();
      });
  }

  private async loop(): Promise<void> {
    // The first turn once the constructor returned: the owner's functions may refer to the loop.
    await null;
    while (!this.stopped) {
      this.woken = false;
      const plan = this.options.plan(this.tasks.size);
      let wait: LoopWait;
      if ("claim" in plan) {
        const items = await this.options.claim(plan.claim, this.signal);
        if (this.stopped) {
          // Claimed as the loop stopped: handed back, or, by an owner that cannot, run (drained as the others).
          const { release } = this.options;
          for (const item of items) {
            if (release) await release(item).catch(() => undefined);
            else this.start(item);
          }
          break;
        }
        for (const item of items) this.start(item);
        wait = await this.options.after(items.length, plan.claim);
        if (wait.waitMs <= 0) continue;
      } else wait = plan;
      if (this.woken) continue;
      if (await this.wait(wait)) this.options.onIdle?.();
    }
  }

  /** True when the wait ran its whole time. */
  private wait({ waitMs, untilFinish = false }: LoopWait): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve(false);
      const end = (idled: boolean) => {
        clearTimeout(timer);
        this.signal.removeEventListener("abort", ended);
        this.endWait = null;
        this.waitingForRoom = false;
        resolve(idled);
      };
      const ended = () => end(false);
      // No timer for an endless wait (setTimeout would fire at once).
      const timer = Number.isFinite(waitMs) ? setTimeout(() => end(true), waitMs) : undefined;
      this.endWait = ended;
      this.waitingForRoom = untilFinish;
      this.signal.addEventListener("abort", ended, { once: true });
    });
  }
}

/** Resolves once the tasks ended or `ms` passed, its timer cleared then (it keeps no process alive). */
async function settledWithin(tasks: readonly LoopTask<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.all(tasks.map((task) => task.done)), timeout]);
  clearTimeout(timer);
}
