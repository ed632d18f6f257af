import { escapeHtml } from "../text/escape-html.js";

/**
 * The one way markup is written: `html` escapes every interpolated value unless it is already
 * Html (another `html` result), so a name, a description or a URL can never open a tag or an
 * attribute. Arrays are joined, null/undefined/false render nothing.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export { escapeHtml };

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Markup we wrote ourselves (a stylesheet we built): never a visitor's or an account's text. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/** An http(s) URL, or null: `javascript:`, `data:` and anything unparsable never become a link or a source. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A whole small page of our own (the key form of a private page, the steps of the subscribe
 * flow): a language, the viewport, no indexing, its one stylesheet (which the page's CSP allows
 * by its hash, csp.ts), and `body` inside the main landmark.
 */
export function smallPage({ title, style, body }: { title: string; style: string; body: Html }): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${trusted(style)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
