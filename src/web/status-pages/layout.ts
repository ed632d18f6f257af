import type { PageData } from "../../domain/status-pages/public/index.js";
import { contentSecurityPolicy } from "../csp.js";
import { html, safeUrl, trusted, type Html } from "../html.js";
import { LIVE_SCRIPT_PATH, type Links } from "./links.js";
import { BASE_CSS, themeCss } from "./theme.js";

export type Rendered = { body: string; csp: string };

type Page = PageData["page"];

/** Only our own script and our own stylesheet (by its hash) run; images may come from the page's logo host. */
const pagePolicy = (css: string) =>
  contentSecurityPolicy([css], { script: "'self'", img: "http: https: data:", connect: "'self'" });

function logo(page: Page): Html | null {
  const light = safeUrl(page.logo);
  const dark = safeUrl(page.logoDark);
  const alt = `${page.name} logo`;
  if (!light && !dark) return null;
  if (page.defaultTheme === "DARK") return html`<img src="${dark ?? light}" alt="${alt}">`;
  if (page.defaultTheme === "LIGHT" || !dark || !light) return html`<img src="${light ?? dark}" alt="${alt}">`;
  return html`<picture><source srcset="${dark}" media="(prefers-color-scheme: dark)"><img src="${light}" alt="${alt}"></picture>`;
}

/** The document around a page's main content: theme, favicon, header with logo, footer with feeds. */
export function layout({
  page,
  links,
  title,
  main,
  live = false,
}: {
  page: Page;
  links: Links;
  title: string;
  main: Html;
  live?: boolean;
}): Rendered {
  const css = themeCss(page.defaultTheme, page.themeColors) + BASE_CSS;
  const favicon = safeUrl(page.favicon);
  const body = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${page.description ? html`<meta name="description" content="${page.description}">` : null}
<link rel="icon" href="${favicon ?? "data:,"}">
<link rel="alternate" type="application/rss+xml" title="${page.name} (RSS)" href="${links.rss}">
<link rel="alternate" type="application/atom+xml" title="${page.name} (Atom)" href="${links.atom}">
<style>${trusted(css)}</style>
${live ? html`<script src="${LIVE_SCRIPT_PATH}" defer></script>` : null}
</head>
<body${live ? html` data-events="${links.events}"` : null}>
<a class="vh skip" href="#main">Skip to content</a>
<header class="site"><div class="inner">
${logo(page)}
<h1><a href="${links.home}">${page.name}</a></h1>
${page.description ? html`<p>${page.description}</p>` : null}
</div></header>
<main id="main">
${main}
</main>
<footer><div class="inner"><nav aria-label="Page links">
<a href="${links.home}">Current status</a><a href="${links.history()}">History</a><a href="${links.rss}">RSS</a><a href="${links.atom}">Atom</a><a href="${links.summary}">summary.json</a>
</nav><p class="muted">Powered by Vigil</p></div></footer>
</body>
</html>
`;
  return { body: body.value, csp: pagePolicy(css) };
}
