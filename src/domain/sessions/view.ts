/** How long a session lasts without a request, and at most (docs/decisions.md, the operator web app). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's lastSeenAt is written at most this often (not on every request). */
export const SESSION_TOUCH_MS = 60 * 1000;

/** The stored columns a session's view reads (never the hash). */
export const sessionSelect = {
  id: true,
  accountId: true,
  apiKeyId: true,
  createdAt: true,
  lastSeenAt: true,
  expiresAt: true,
} as const;

export type SessionRow = {
  id: string;
  accountId: string;
  apiKeyId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
};

/** What adapters show of a session: when it began and when it ends (idle or at the latest). */
export type SessionView = {
  id: string;
  accountId: string;
  apiKeyId: string;
  createdAt: Date;
  expiresAt: Date;
  /** When it ends unless used before: 12 h after the last request seen, never past expiresAt. */
  idleExpiresAt: Date;
};

export function toSessionView(row: SessionRow): SessionView {
  const idle = row.lastSeenAt.getTime() + SESSION_IDLE_MS;
  return {
    id: row.id,
    accountId: row.accountId,
    apiKeyId: row.apiKeyId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    idleExpiresAt: new Date(Math.min(idle, row.expiresAt.getTime())),
  };
}

/** Whether the session is over at `now` (idle too long, or past its absolute end). */
export function sessionIsOver(row: Pick<SessionRow, "lastSeenAt" | "expiresAt">, now: Date): boolean {
  return row.expiresAt <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime();
}

/** Sessions last seen before this are over. */
export function idleCutoff(now: Date): Date {
  return new Date(now.getTime() - SESSION_IDLE_MS);
}
