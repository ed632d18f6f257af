/** Polls `probe` until it returns a truthy value (workers act in the background). */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}
