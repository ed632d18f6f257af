import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of a page we render: nothing runs or loads but what the page names
 * (`script-src`, `img-src`, `connect-src` as given), its inline stylesheets by their hashes, forms
 * post only here, and no other site may frame it (clickjacking a key or subscribe form).
 */
export function contentSecurityPolicy(
  styles: readonly string[],
  allow: { script?: string; img?: string; connect?: string } = {},
): string {
  const hashes = styles.map((css) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`);
  return [
    "default-src 'none'",
    ...(allow.script ? [`script-src ${allow.script}`] : []),
    ...(hashes.length ? [`style-src ${hashes.join(" ")}`] : []),
    ...(allow.img ? [`img-src ${allow.img}`] : []),
    ...(allow.connect ? [`connect-src ${allow.connect}`] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of a whole document: its own <style> elements are the only styles. */
export function documentPolicy(document: string): string {
  return contentSecurityPolicy([...document.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!));
}
