import { maskApiKey } from "./keys.js";

/** The stored columns a key's view reads (never the hash). */
export type ApiKeyRow = {
  id: string;
  name: string | null;
  prefix: string;
  last4: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export const apiKeySelect = {
  id: true,
  name: true,
  prefix: true,
  last4: true,
  createdAt: true,
  lastUsedAt: true,
} as const;

/** What every adapter shows of a key: the key itself only ever in its creation's answer. */
export type ApiKeyView = {
  id: string;
  name: string | null;
  maskedKey: string;
  createdAt: Date;
  /** Within a minute: the authenticator writes it at most once a minute per key. */
  lastUsedAt: Date | null;
};

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    maskedKey: maskApiKey(row.prefix, row.last4),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}
