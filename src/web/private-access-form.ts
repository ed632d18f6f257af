// The key form of a private status page: what a visitor without a valid key sees (401). It names
// nothing of the page (not even its name), so a private page shows no more than that it exists.

import { type Html, html, smallPage } from "./html.js";

/** Colours chosen for contrast (WCAG AA and better) in both schemes. */
const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1a1a1a; --muted: #4a4a4a; --accent: #0b5cad; --error: #a4161a; }
@media (prefers-color-scheme: dark) { :root { --bg: #121417; --fg: #f1f3f5; --muted: #c4c9cf; --accent: #8cc4ff; --error: #ff9b9b; } }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; }
main { max-width: 28rem; margin: 12vh auto; padding: 0 1.25rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
p { color: var(--muted); }
label { display: block; font-weight: 600; margin: 1.25rem 0 .25rem; }
input { box-sizing: border-box; width: 100%; padding: .6rem; font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; }
button { margin-top: 1rem; padding: .6rem 1.2rem; font: inherit; color: #ffffff; background: #0b5cad; border: 0; border-radius: 6px; cursor: pointer; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.error { color: var(--error); font-weight: 600; }
`;

/**
 * The form posts the key to `action` (not in the URL, so not in history or logs); `next` is where
 * the visitor returns once the key is accepted. `wrongKey` says the last key did not open the page.
 */
export function keyFormHtml({ action, next, wrongKey }: { action: string; next: string; wrongKey: boolean }): Html {
  const invalid = wrongKey && html` aria-invalid="true" aria-describedby="key-error"`;
  return smallPage({
    title: "Private status page",
    style: STYLE,
    body: html`<h1>Private status page</h1>
<p>This status page is private. Enter the key you were given to open it.</p>
${wrongKey && html`<p id="key-error" class="error" role="alert">That key does not open this page. Check it and try again.</p>`}
<form method="post" action="${action}">
<label for="key">Status page key</label>
<input id="key" name="key" type="password" autocomplete="current-password" spellcheck="false" required${invalid}>
<input type="hidden" name="next" value="${next}">
<button type="submit">Open the page</button>
</form>`,
  });
}
