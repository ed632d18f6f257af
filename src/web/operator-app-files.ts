import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";

/** The build's directory: APP_DIST_DIR, else app/dist of this package (from src/web or dist/web alike). */
export function appDistDir(configured: string | null): string {
  return resolve(configured ?? new URL("../../app/dist", import.meta.url).pathname);
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};
/** Types worth compressing (fonts and images already are). */
const TEXT = /^(text\/|application\/json|image\/svg)/;

export type AppFile = { bytes: Buffer; type: string; etag: string; gzip: () => Buffer | null };

/** Compressed bodies by file and version (hashed assets never change; a rebuild adds new names). */
const gzipped = new Map<string, Buffer>();
const MAX_GZIPPED = 256;

/**
 * A file under `dir` named by URL path segments, or null when there is none. Segments are
 * checked one by one (no `..`, no hidden files, no separators smuggled in by encoding), and
 * the resolved path must stay under `dir`.
 */
export async function readAppFile(dir: string, segments: string[]): Promise<AppFile | null> {
  if (segments.length === 0 || segments.some((s) => !/^[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*$/.test(s))) return null;
  const path = resolve(dir, ...segments);
  if (!path.startsWith(`${dir}${sep}`)) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const bytes = await readFile(path).catch(() => null);
  if (!bytes) return null;
  const type = TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const gzip = () => {
    if (!TEXT.test(type) || bytes.length < 1024) return null;
    const key = `${path}|${etag}`;
    let found = gzipped.get(key);
    if (!found) {
      if (gzipped.size >= MAX_GZIPPED) gzipped.clear();
      found = gzipSync(bytes);
      gzipped.set(key, found);
    }
    return found;
  };
  return { bytes, type, etag, gzip };
}
