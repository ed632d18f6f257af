/** How many of the last batch sizes the window's early end looks at. */
const RECENT = 8;

export type GroupCommit<I, O> = { write(item: I): Promise<O>; flushed(): Promise<void> };

/**
 * Group commit without a timer (the delivery workers' outcomes and heartbeat pings use it): an
 * item is written at once when no write is under way; items that arrive meanwhile wait and go
 * together in the next call of `writeBatch` (up to `maxBatch`, one call at a time), so SQLite's
 * single writer commits once for many items instead of once each. `writeBatch` answers each item
 * in order, an Error for an item that failed alone; each caller awaits its own answer, given only
 * once its batch has committed. With `windowMs`, an item that finds the writer idle waits up to
 * that long for company first (requests that each wait for their answer arrive a few at a time),
 * and no longer than the turn of the loop in which as many items wait as the largest of the last
 * few batches held: clients that each wait for their answer come back as a group, and once all
 * of them are in, waiting on would only add the rest of the window to every request.
 */
export function createGroupCommit<I, O>(
  writeBatch: (items: I[]) => Promise<(O | Error)[]>,
  options: { maxBatch: number; windowMs?: number },
): GroupCommit<I, O> {
  const queue: { item: I; resolve: (answer: O) => void; reject: (error: Error) => void }[] = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let soon: NodeJS.Immediate | null = null;
  // The sizes of the last batches: the company to expect (the largest, so that one small batch
  // does not shrink the next ones).
  const recent: number[] = [];

  function flush() {
    if (timer) clearTimeout(timer);
    if (soon) clearImmediate(soon);
    timer = null;
    soon = null;
    if (writing || queue.length === 0) return;
    const batch = queue.splice(0, options.maxBatch);
    recent.push(batch.length);
    if (recent.length > RECENT) recent.shift();
    writing = (async () => {
      try {
        const answers = await writeBatch(batch.map((entry) => entry.item));
        for (const [i, answer] of answers.entries()) {
          if (answer instanceof Error) batch[i]!.reject(answer);
          else batch[i]!.resolve(answer);
        }
      } catch (error) {
        for (const entry of batch) entry.reject(error as Error);
      }
    })().finally(() => {
      writing = null;
      flush();
    });
  }

  return {
    write(item) {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (writing) return;
        if (!options.windowMs || queue.length >= options.maxBatch) flush();
        // The expected company is in: the window ends with this turn of the loop (requests read in
        // the same turn still join).
        else if (queue.length >= Math.max(2, ...recent)) soon ??= setImmediate(flush);
        else timer ??= setTimeout(flush, options.windowMs);
      });
    },
    async flushed() {
      while (writing || queue.length > 0) {
        flush();
        await writing;
      }
    },
  };
}
