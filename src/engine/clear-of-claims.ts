/**
 * Resolves true once no run falls due within `clearMs` (`untilDue`: the time to the next queued
 * run; negative while one past due waits for the claim loop, or while anything else should be
 * looked at again in a moment), or false after `maxWaitMs` or once `stopped`. The engine's periodic
 * duties wait for such a moment: their statements block the event loop (SQLite is synchronous
 * here), and a run falling due meanwhile would be claimed late by as much.
 * `clock` and `sleep` are the real ones but in tests.
 */
export async function clearOfClaims({
  untilDue,
  clearMs,
  maxWaitMs,
  sleep,
  stopped = () => false,
  clock = () => performance.now(),
}: {
  untilDue: () => number;
  clearMs: number;
  maxWaitMs: number;
  sleep: (ms: number) => Promise<unknown>;
  stopped?: () => boolean;
  clock?: () => number;
}): Promise<boolean> {
  const deadline = clock() + maxWaitMs;
  for (;;) {
    const due = untilDue();
    if (due >= clearMs) return true;
    const left = deadline - clock();
    if (left <= 0 || stopped()) return false;
    // Past due: look again in a moment, once it was claimed; due soon: once it fell due.
    await sleep(Math.min(left, due < 0 ? 1 : due + 1));
  }
}
