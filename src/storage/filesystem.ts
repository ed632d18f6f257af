import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AssetTooLargeError, type AssetStore } from "../domain/assets/store.js";

/** Keys are ids joined by '/' (src/domain/assets/rows.ts); anything else is refused. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/**
 * The asset store on the local filesystem, under ARTIFACTS_DIR: a file is written to a temporary
 * name beside its place and renamed once complete, so a reader never sees half a file; a file
 * over its byte budget is removed and never renamed.
 */
export function createFilesystemStore(root: string): AssetStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not an asset key: ${JSON.stringify(key)}`);
    const path = join(base, ...key.split("/"));
    if (!path.startsWith(base + sep)) throw new Error(`not an asset key: ${JSON.stringify(key)}`);
    return path;
  };

  return {
    async put(key, source, maxBytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.partial`;
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(bytes > maxBytes ? new AssetTooLargeError(maxBytes) : null, chunk);
        },
      });
      // Opened before the copy starts: a stream opening it itself may create it after a source
      // failing at once was already cleaned up, leaving the half file. The source file is opened
      // after it, within the pipeline, which then hears its error (a file gone).
      const file = await open(temporary, "wx").catch((error: unknown) => {
        if (!("path" in source)) source.destroy();
        throw error;
      });
      try {
        const input: Readable = "path" in source ? createReadStream(source.path) : source;
        await pipeline(input, counter, file.createWriteStream());
        await rename(temporary, path);
      } catch (error) {
        await file.close().catch(() => {});
        await rm(temporary, { force: true });
        throw error;
      }
      return bytes;
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(keys) {
      const parents = new Set<string>();
      for (const key of keys) {
        const path = pathOf(key);
        await rm(path, { force: true });
        parents.add(dirname(path));
      }
      // A result's (then its check's, its account's) folder goes once empty; a non-empty one stays.
      for (let dir of parents) {
        while (dir.startsWith(base + sep)) {
          try {
            await rmdir(dir);
          } catch {
            break;
          }
          dir = dirname(dir);
        }
      }
    },
  };
}
