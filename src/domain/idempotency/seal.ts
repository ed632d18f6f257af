import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// A stored response may hold a secret shown once (a status page or agent key). It is encrypted
// with a key derived from the Idempotency-Key, which only the client holds (the row stores the
// key's hash), so the table reveals nothing without it.
function keyOf(accountId: string, idempotencyKey: string): Buffer {
  return createHash("sha256").update(`vigil idempotent response\0${accountId}\0${idempotencyKey}`).digest();
}

export function seal(accountId: string, idempotencyKey: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(accountId, idempotencyKey), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

export function unseal(accountId: string, idempotencyKey: string, sealed: string): string {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(accountId, idempotencyKey), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
