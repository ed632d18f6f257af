import { createHash, randomBytes } from "node:crypto";

/** Keys are random (192 bits), so a plain SHA-256 is a sound at-rest hash and allows an indexed lookup. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function generateKey(prefix: "vg_" | "pl_" | "sp_"): string {
  return prefix + randomBytes(24).toString("base64url");
}

/** What a list may show of a key: its first characters and the length of the rest hidden. */
export function maskKey(key: string): string {
  return `${key.slice(0, 7)}${"*".repeat(Math.max(0, Math.min(key.length - 7, 24)))}`;
}

/** An API key as lists show it: its first characters and its last 4 (`????` for keys stored before those were kept). */
export function maskApiKey(prefix: string, last4: string | null): string {
  return `${prefix}…${last4 ?? "????"}`;
}

/** What a key's row stores of the key itself: its hash, first characters and last 4. */
export const keyData = (key: string) => ({ keyHash: hashKey(key), prefix: key.slice(0, 7), last4: key.slice(-4) });
