import { constants, open, realpath, rm, stat, writeFile } from "node:fs/promises";
import { sep } from "node:path";
import type { RunAsset } from "../../domain/monitoring/tries.js";
import type { TestRun } from "./results.js";

/**
 * The run's directory is the sandbox's to write: what the service reads or writes there after the
 * run (as root, outside the sandbox) must not follow a link the script planted to a file of the
 * service's. Every process of the run is dead by then (runInSandbox), so nothing changes between
 * a check and its use.
 */

/** A file the run wrote, without following a link, at most `maxBytes` (else null). */
export async function readRunFile(path: string, maxBytes: number): Promise<string | null> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    return info.isFile() && info.size <= maxBytes ? await handle.readFile("utf8") : null;
  } finally {
    await handle.close();
  }
}

/** Writes a file of ours into the run's directory: whatever the run left at that name goes first. */
export async function writeRunFile(path: string, text: string): Promise<void> {
  await rm(path, { force: true, recursive: true });
  await writeFile(path, text, { flag: "wx" });
}

/** A file of the run as an asset, only when it really is a file inside `dir` (links resolved). */
export async function asset(
  kind: RunAsset["kind"],
  name: string,
  contentType: string,
  path: string,
  dir: string,
): Promise<RunAsset | null> {
  const [real, root] = await Promise.all([realpath(path).catch(() => null), realpath(dir)]);
  if (!real?.startsWith(root + sep)) return null;
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? { kind, name, contentType, path: real, size: info.size } : null;
}

/** The screenshots and traces Playwright attached to the tests (the report is the run's: paths confined). */
export async function attachmentsOf(tests: TestRun[], dir: string): Promise<RunAsset[]> {
  const found: RunAsset[] = [];
  for (const [index, test] of tests.entries())
    for (const a of test.attachments) {
      const kind =
        a.name === "trace"
          ? "trace"
          : a.contentType.startsWith("image/")
            ? "screenshot"
            : a.name === "video"
              ? "video"
              : "other";
      const name = `${kind}-${index + 1}-${a.path.split("/").pop()}`;
      const one = await asset(kind, name, a.contentType, a.path, dir);
      if (one) found.push(one);
    }
  return found;
}
