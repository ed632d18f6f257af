import { randomBytes } from "node:crypto";

/** A status-page key: `sp_` and 32 random bytes (base64url), so a plain SHA-256 is a sound at-rest hash. */
export function generateStatusPageKey(): string {
  return `sp_${randomBytes(32).toString("base64url")}`;
}

/** What is shown of a key after its creation: its first and last four characters after the prefix. */
export function maskStatusPageKey(key: string): string {
  return `${key.slice(0, 7)}...${key.slice(-4)}`;
}
