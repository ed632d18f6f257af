/**
 * The HTML of the subscribe flow: the form a status page embeds, and the small pages the form's
 * endpoints answer with (thanks, confirmed, unsubscribed, errors). Every value is escaped; the
 * pages are plain HTML with a language, a main landmark and a heading, and need no script.
 */
import { escapeHtml } from "./status-pages/html.js";

/** The path of a page's subscribe endpoint (also the form's action). */
export const subscribePath = (url: string) => `/status/${encodeURIComponent(url)}/subscriptions`;

/**
 * The subscribe form a status page embeds: a labelled email field and a button, posting
 * application/x-www-form-urlencoded to POST /status/{url}/subscriptions.
 */
export function subscribeFormHtml(
  page: { url: string; name: string },
  options: { error?: string; email?: string } = {},
) {
  const error = options.error
    ? `<p id="subscribe-error" class="subscribe-error" role="alert">${escapeHtml(options.error)}</p>`
    : "";
  const described = options.error ? ` aria-describedby="subscribe-error" aria-invalid="true"` : "";
  return `<section class="subscribe" aria-labelledby="subscribe-heading">
<h2 id="subscribe-heading">Get updates from ${escapeHtml(page.name)}</h2>
<form method="post" action="${escapeHtml(subscribePath(page.url))}">
${error}<label for="subscribe-email">Email address</label>
<input id="subscribe-email" name="email" type="email" required autocomplete="email" maxlength="254" value="${escapeHtml(options.email ?? "")}"${described}>
<button type="submit">Subscribe</button>
</form>
<p class="subscribe-note">We send a confirmation link first; every mail has an unsubscribe link.</p>
</section>`;
}

/** A whole small page: the message of one step of the flow, and a link back to the status page. */
export function messagePageHtml(input: {
  title: string;
  message: string;
  page?: { url: string; name: string };
  body?: string;
}) {
  const back = input.page
    ? `<p><a href="/status/${escapeHtml(encodeURIComponent(input.page.url))}">Back to ${escapeHtml(input.page.name)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}a{color:#0b57d0}.subscribe-error{color:#b00020}</style>
</head>
<body>
<main>
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
${input.body ?? ""}${back}
</main>
</body>
</html>`;
}
