import type { Readable } from "node:stream";

/**
 * Where check results' files live (the filesystem under ARTIFACTS_DIR now; an object store could
 * take its place). Keys are made by src/domain/assets from ids only, never from client input.
 */
export type AssetStore = {
  /** Stores `source` (a stream, or the path of a file to copy) under `key`; never leaves a half file. Resolves to the bytes written; more than `maxBytes` rejects with AssetTooLargeError. */
  put(key: string, source: Readable | { path: string }, maxBytes: number): Promise<number>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes the files; a key without a file is no error. */
  delete(keys: readonly string[]): Promise<void>;
};

/** A stream that went past the bytes it was allowed. */
export class AssetTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

/** What asset verbs need besides the database: the store, the per-run cap, and the links' clock. */
export type AssetsContext = { store: AssetStore; maxRunBytes: number };
