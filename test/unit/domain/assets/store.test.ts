import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AssetTooLargeError } from "../../../../src/domain/assets/store.js";
import { createFilesystemStore } from "../../../../src/storage/filesystem.js";
import { artifactsDir, filesUnder } from "../../../support/assets.js";

describe("the filesystem asset store", () => {
  it("stores a stream under its key, reads it back, and deletes it with its emptied folders", async () => {
    const dir = artifactsDir();
    const store = createFilesystemStore(dir);
    expect(await store.put("a/b/c/d", Readable.from([Buffer.from("hello "), Buffer.from("world")]), 100)).toBe(11);
    const file = await store.get("a/b/c/d");
    expect(file?.size).toBe(11);
    expect((await file!.stream.toArray()).join("")).toBe("hello world");
    await store.delete(["a/b/c/d", "a/b/c/missing"]);
    expect(await store.get("a/b/c/d")).toBeNull();
    expect(filesUnder(dir)).toEqual([]);
  });

  it("leaves no half file: a stream over its budget, or one that fails midway, stores nothing", async () => {
    const dir = artifactsDir();
    const store = createFilesystemStore(dir);
    await expect(store.put("x/y", Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).rejects.toBeInstanceOf(
      AssetTooLargeError,
    );
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10));
        this.destroy(new Error("the client went away"));
      },
    });
    await expect(store.put("x/z", failing, 100)).rejects.toThrow("the client went away");
    expect(filesUnder(dir)).toEqual([]);
  });

  it("refuses a source file that is gone with its error (not an unhandled one), storing nothing", async () => {
    const dir = artifactsDir();
    const store = createFilesystemStore(dir);
    const path = join(artifactsDir(), "gone.png");
    await expect(store.put("x/w", { path }, 100)).rejects.toMatchObject({ code: "ENOENT", path });
    expect(filesUnder(dir)).toEqual([]);
  });

  it("refuses keys that are not ids joined by '/' (no way out of ARTIFACTS_DIR)", async () => {
    const store = createFilesystemStore(artifactsDir());
    for (const key of ["../etc/passwd", "a/../../b", "/abs", "a//b", "a/b.png", ""])
      await expect(store.put(key, Readable.from([Buffer.from("x")]), 10)).rejects.toThrow(/not an asset key/);
  });
});
