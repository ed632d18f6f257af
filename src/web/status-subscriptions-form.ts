/**
 * The HTML of the subscribe flow: the form a status page embeds, and the small pages the form's
 * endpoints answer with (thanks, confirmed, unsubscribed, errors). Every value is escaped; the
 * pages are plain HTML with a language, a main landmark and a heading, and need no script.
 */
import { type Html, html, smallPage } from "./html.js";

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
  const described = options.error && html` aria-describedby="subscribe-error" aria-invalid="true"`;
  return html`<section class="subscribe" aria-labelledby="subscribe-heading">
<h2 id="subscribe-heading">Get updates from ${page.name}</h2>
<form method="post" action="${subscribePath(page.url)}">
${options.error && html`<p id="subscribe-error" class="subscribe-error" role="alert">${options.error}</p>`}<label for="subscribe-email">Email address</label>
<input id="subscribe-email" name="email" type="email" required autocomplete="email" maxlength="254" value="${options.email ?? ""}"${described}>
<button type="submit">Subscribe</button>
</form>
<p class="subscribe-note">We send a confirmation link first; every mail has an unsubscribe link.</p>
</section>`;
}

const MESSAGE_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}a{color:#0b57d0}.subscribe-error{color:#b00020}";

/** A whole small page: the message of one step of the flow, and a link back to the status page. */
export function messagePageHtml(input: {
  title: string;
  message: string;
  page?: { url: string; name: string };
  body?: Html;
}) {
  const back =
    input.page && html`<p><a href="/status/${encodeURIComponent(input.page.url)}">Back to ${input.page.name}</a></p>`;
  return smallPage({
    title: input.title,
    style: MESSAGE_STYLE,
    body: html`<h1>${input.title}</h1>
<p>${input.message}</p>
${input.body}${back}`,
  });
}
