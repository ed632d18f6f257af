/**
 * Secrets never leave a run: values of secret variables, Authorization and cookie headers and
 * basic-auth passwords are replaced in everything a result records (URL, headers, body, error
 * messages), in plain and URL-encoded form.
 */
export const REDACTED = "[redacted]";
const SENSITIVE_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]);

export function secretValues(
  variables: readonly { value: string | null; secret?: boolean }[],
  extra: readonly (string | null | undefined)[] = [],
): string[] {
  const values = [
    ...variables.filter((v) => v.secret && v.value).map((v) => v.value!),
    ...extra.filter((v): v is string => Boolean(v)),
  ];
  // Longest first, so that a secret containing another is replaced whole.
  return [...new Set(values.filter((v) => v.length >= 3))].sort((a, b) => b.length - a.length);
}

/** Every form a secret takes once it is in a URL, a form body or a decoded query parameter. */
function forms(secret: string): string[] {
  const query = new URL(`http://x/?${secret}`).search.slice(1);
  const formEncoded = new URLSearchParams({ s: secret }).toString().slice(2);
  return [
    ...new Set([secret, encodeURIComponent(secret), encodeURI(secret), formEncoded, query, secret.replace(/\+/g, " ")]),
  ].sort((a, b) => b.length - a.length);
}

export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) for (const form of forms(secret)) out = out.split(form).join(REDACTED);
  return out;
}

export function scrubHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SENSITIVE_HEADERS.has(name.toLowerCase()) ? REDACTED : scrubText(value, secrets),
    ]),
  );
}
