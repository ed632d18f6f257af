import { DEFAULT_COLORS } from "../../domain/status-pages/theme-defaults.js";
import { THEME_COLOR_FIELDS, type ThemeColors } from "../../domain/status-pages/schemas.js";

export { DEFAULT_COLORS };

type Palette = ThemeColors["light"];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const cssName = (field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The palette as CSS custom properties; a value that is not a hex colour keeps the default (never raw CSS). */
function variables(palette: Partial<Palette> | undefined, defaults: Palette, scheme: "light" | "dark"): string {
  const lines = THEME_COLOR_FIELDS.map((field) => {
    const given = palette?.[field];
    return `${cssName(field)}:${given && HEX.test(given) ? given : defaults[field]};`;
  });
  return `color-scheme:${scheme};${lines.join("")}`;
}

/** The :root rules of a page: LIGHT or DARK as given, AUTO following prefers-color-scheme. */
export function themeCss(defaultTheme: string, colors: ThemeColors | null): string {
  const light = variables(colors?.light, DEFAULT_COLORS.light, "light");
  const dark = variables(colors?.dark, DEFAULT_COLORS.dark, "dark");
  if (defaultTheme === "DARK") return `:root{${dark}}`;
  if (defaultTheme === "LIGHT") return `:root{${light}}`;
  return `:root{${light}}@media (prefers-color-scheme: dark){:root{${dark}}}`;
}

export const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--body-background-color);color:var(--body-font-color)}
a{color:var(--link-font-color)}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip:focus{position:static;width:auto;height:auto}
header.site{background:var(--header-background-color);color:var(--header-font-color);border-bottom:1px solid var(--border-color)}
header.site .inner,main,footer .inner{max-width:960px;margin:0 auto;padding:1rem}
header.site h1{margin:0;font-size:1.6rem;color:var(--title-font-color)}
header.site h1 a{color:inherit;text-decoration:none}
header.site img{max-height:48px;max-width:240px;display:block;margin-bottom:.5rem}
header.site p{margin:.25rem 0 0;color:var(--header-font-color)}
nav a{color:var(--navigation-font-color);margin-right:1rem}
.muted,time{color:var(--body-font-color-muted)}
.banner{padding:1rem 1.25rem;border-radius:.5rem;font-weight:600;font-size:1.15rem;color:#fff;margin:1rem 0}
.banner.s-none{background:#166534}.banner.s-MINOR{background:#854d0e}.banner.s-MEDIUM{background:#9a3412}
.banner.s-MAJOR{background:#b91c1c}.banner.s-CRITICAL{background:#7f1d1d}
section{margin:1.5rem 0}
h2{font-size:1.25rem;color:var(--title-font-color)}
.card,.incident,.window{background:var(--card-background-color);border:1px solid var(--border-color);border-radius:.5rem;padding:1rem;margin:.75rem 0}
.card h3{margin:0 0 .5rem;font-size:1.05rem}
.service{padding:.5rem 0;border-top:1px solid var(--border-color)}
.service:first-of-type{border-top:0}
.service .head{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.state{font-weight:600}
.bars{display:flex;gap:2px;list-style:none;margin:.5rem 0 .25rem;padding:0;height:28px}
.bars li{flex:1;border-radius:2px;min-width:2px}
.s-none .dot,.bars .s-none{background:#16a34a}.bars .s-MINOR{background:#eab308}.bars .s-MEDIUM{background:#f97316}
.bars .s-MAJOR{background:#dc2626}.bars .s-CRITICAL{background:#7f1d1d}
.range{display:flex;justify-content:space-between;font-size:.85rem}
.since-1,.since-2{display:none}
@media (max-width:900px){.bars li:not(:nth-last-child(-n+60)){display:none}.since-0{display:none}.since-1{display:inline}}
@media (max-width:600px){.bars li:not(:nth-last-child(-n+30)){display:none}.since-1{display:none}.since-2{display:inline}}
.subscribe form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.subscribe input{font:inherit;padding:.4rem .6rem;min-width:16rem;border:1px solid var(--border-color);border-radius:.375rem}
.subscribe button{font:inherit;padding:.4rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer}
.incident h3{margin:0;font-size:1.05rem}
.updates{list-style:none;padding:0;margin:.5rem 0 0}
.updates li{margin:.5rem 0}
.updates p{margin:.15rem 0;white-space:pre-wrap}
.button{display:inline-block;background:var(--primary-button-background-color);color:var(--primary-button-font-color);padding:.4rem .9rem;border-radius:.4rem;text-decoration:none}
footer{border-top:1px solid var(--border-color);margin-top:2rem}
`;
