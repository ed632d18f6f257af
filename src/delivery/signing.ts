import { createHmac } from "node:crypto";

/**
 * Standard Webhooks signing (docs/decisions.md, Alerting): `webhook-id` (the notification's id, the
 * same on every retry, so receivers can drop duplicates), `webhook-timestamp` (UNIX seconds) and
 * `webhook-signature` = `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`.
 */
export function signingKey(secret: string): Buffer {
  // `whsec_<base64>` is the key itself (the format Standard Webhooks libraries hand out).
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret);
}

export function signatureHeaders(input: {
  id: string;
  now: Date;
  body: string;
  secret: string;
}): Record<string, string> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  const signature = createHmac("sha256", signingKey(input.secret))
    .update(`${input.id}.${timestamp}.${input.body}`)
    .digest("base64");
  return { "webhook-id": input.id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
