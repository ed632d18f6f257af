/** Prisma's SQLite storage of a DateTime (the better-sqlite3 adapter's ISO format). */
export function stamp(ms: number) {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

/** The opaque check-result cursor, as src/domain/check-results/cursor.ts writes it. */
export function cursor(ms: number, id: string) {
  return Buffer.from(JSON.stringify([ms, id])).toString("base64url");
}
