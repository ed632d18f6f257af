// What the service reads from a run's directory after the run (as root, outside the sandbox):
// only real files inside it, however the run's report names them.
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentsOf, readRunFile } from "../../../../src/engine/browser/run-files.js";
import type { TestRun } from "../../../../src/engine/browser/results.js";

let root = "";
let run = "";
let outside = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "vigil-run-files-"));
  run = join(root, "run");
  outside = join(root, "service.db");
  await mkdir(join(run, "test-results"), { recursive: true });
  await writeFile(outside, "the service's data");
  await writeFile(join(run, "test-results", "shot.png"), "png");
  await symlink(outside, join(run, "test-results", "link.png"));
  await symlink(root, join(run, "test-results", "up"));
  await symlink(outside, join(run, "report.json"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const test = (paths: string[]): TestRun => ({
  title: "t",
  passed: false,
  skipped: false,
  durationMs: 1,
  errors: [],
  attachments: paths.map((path) => ({ name: "screenshot", contentType: "image/png", path })),
});

describe("files a run left", () => {
  it("are assets only when they are files inside the run's directory, links resolved", async () => {
    const found = await attachmentsOf(
      [
        test([
          join(run, "test-results", "shot.png"),
          join(run, "test-results", "link.png"),
          join(run, "test-results", "up", "service.db"),
          outside,
          join(run, "..", "service.db"),
          join(run, "test-results"),
        ]),
      ],
      run,
    );
    expect(found.map((a) => a.path)).toEqual([join(run, "test-results", "shot.png")]);
  });

  it("are read without following a link, and not past a size", async () => {
    expect(await readRunFile(join(run, "report.json"), 1_000)).toBeNull();
    expect(await readRunFile(join(run, "test-results", "shot.png"), 1_000)).toBe("png");
    expect(await readRunFile(join(run, "test-results", "shot.png"), 2)).toBeNull();
  });
});
