/**
 * A request's URL as a log line may carry it (docs/decisions.md: logs carry no credentials):
 * the values of `key` (status-page keys), `token` (subscribers' confirm and unsubscribe links),
 * `signature` and `expires` (signed asset links), and the token of `/ping/{token}`, become
 * `[redacted]`. The rest of the URL stays as sent, so a line still says what was asked.
 */
const SECRET_PARAMS = new Set(["key", "token", "signature", "expires"]);
const REDACTED = "[redacted]";

export function logUrl(url: string): string {
  const at = url.indexOf("?");
  const path = (at < 0 ? url : url.slice(0, at)).replace(/^(\/ping\/)[^/]+/i, `$1${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {}
      return SECRET_PARAMS.has(decoded.trim().toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}
