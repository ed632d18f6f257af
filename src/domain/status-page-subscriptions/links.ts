import { makeToken } from "./tokens.js";

/** Links a subscriber receives: into the public page, and the confirm / unsubscribe endpoints. */
export function pageLink(publicUrl: string | undefined, url: string): string {
  return `${(publicUrl ?? "").replace(/\/+$/, "")}/status/${encodeURIComponent(url)}`;
}

export function subscriberLinks(
  key: Buffer,
  publicUrl: string | undefined,
  page: { url: string },
  subscriptionId: string,
): { unsubscribe: string; confirm: string } {
  const base = `${pageLink(publicUrl, page.url)}/subscriptions`;
  return {
    unsubscribe: `${base}/unsubscribe?token=${makeToken(key, "unsubscribe", subscriptionId)}`,
    confirm: `${base}/confirm?token=${makeToken(key, "confirm", subscriptionId)}`,
  };
}
