// Helpers for tests of check results' files: a temporary ARTIFACTS_DIR, a runner that produces
// files in its own temporary directory (as the browser runners do), and PNG bytes.
import { mkdtempSync, readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunAsset, Runner } from "../../src/domain/monitoring/tries.js";

export function artifactsDir(): string {
  return mkdtempSync(join(tmpdir(), "vigil-artifacts-"));
}

/** Every file under `dir` (relative paths), partial ones included. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

export type TestFile = { name: string; kind: RunAsset["kind"]; contentType: string; bytes: Buffer };

/**
 * A runner whose every try writes `files` into a fresh temporary directory and names them in its
 * outcome; `runs` records each directory and whether its cleanup ran.
 */
export function fileRunner(
  files: TestFile[],
  runs: { dir: string; cleaned: boolean }[],
  outcome: { hasFailures?: boolean } = {},
): Runner {
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), "vigil-run-"));
    const entry = { dir, cleaned: false };
    runs.push(entry);
    const assets: RunAsset[] = [];
    for (const file of files) {
      const path = join(dir, file.name);
      await writeFile(path, file.bytes);
      assets.push({ kind: file.kind, name: file.name, contentType: file.contentType, path, size: file.bytes.length });
    }
    const at = new Date();
    return {
      hasFailures: outcome.hasFailures ?? false,
      hasErrors: false,
      isDegraded: null,
      overMaxResponseTime: null,
      networkError: false,
      responseTime: 5,
      startedAt: at,
      stoppedAt: at,
      apiCheckResult: { assertions: [], requestError: null },
      assets,
      release: async () => {
        await rm(dir, { recursive: true, force: true });
        entry.cleaned = true;
      },
    };
  };
}
