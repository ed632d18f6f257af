/**
 * A limit of `size` places shared fairly between accounts (docs/decisions.md: one account cannot
 * take all of an instance's browser slots or delivery workers). A free place goes to the account
 * whose turn it is among those with work waiting, round-robin, so an account with 50 runs queued
 * delays another account's one run by at most one turn, never by its whole queue.
 */
export type Slots = { acquire(signal?: AbortSignal): Promise<() => void> };

export class FairSlots {
  private active = 0;
  /** Waiting grants per account; the Map's order is the turn order (served accounts go last). */
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly size: number) {}

  /** Resolves with a release once a place is free for `account`; rejects if `signal` aborts while waiting. */
  acquire(account: string, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.active--;
        this.serve();
      };
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.active++;
        resolve(release);
      };
      const onAbort = () => {
        const queue = this.queues.get(account);
        const index = queue?.indexOf(grant) ?? -1;
        if (index >= 0) queue!.splice(index, 1);
        if (queue && queue.length === 0) this.queues.delete(account);
        reject(signal?.reason ?? new Error("aborted"));
      };
      if (signal?.aborted) return onAbort();
      if (this.active < this.size && this.queues.size === 0) return grant();
      const queue = this.queues.get(account);
      if (queue) queue.push(grant);
      else this.queues.set(account, [grant]);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.serve();
    });
  }

  /** The places as one account's runs take them (what a browser run is handed). */
  for(account: string): Slots {
    return { acquire: (signal) => this.acquire(account, signal) };
  }

  /** Places in use and accounts waiting (metrics, tests). */
  stats() {
    return { active: this.active, waitingAccounts: this.queues.size };
  }

  private serve() {
    while (this.active < this.size && this.queues.size > 0) {
      const [account, queue] = this.queues.entries().next().value as [string, (() => void)[]];
      const grant = queue.shift()!;
      this.queues.delete(account);
      if (queue.length > 0) this.queues.set(account, queue); // to the back of the turn order
      grant();
    }
  }
}
