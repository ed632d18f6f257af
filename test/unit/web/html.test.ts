import { describe, expect, it } from "vitest";
import {
  dailyBars,
  DAY_MS,
  openInterval,
  uptime,
  type TimedIncident,
} from "../../../src/domain/status-pages/public/state.js";
import { html, safeUrl } from "../../../src/web/html.js";
import { maintenanceSection } from "../../../src/web/status-pages/parts.js";
import { DEFAULT_COLORS, themeCss } from "../../../src/web/status-pages/theme.js";

const now = new Date("2026-11-24T12:00:00Z");
const at = (iso: string) => new Date(iso).getTime();

describe("the html template", () => {
  it("escapes every interpolated value, but not markup it made itself", () => {
    const name = `"><script>alert('x')</script>&`;
    const inner = html`<b>${name}</b>`;
    expect(html`<p title="${name}">${inner}${[name, null, false, undefined, 3]}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"><b>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</b>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;3</p>',
    );
  });

  it("lets only http(s) URLs through", () => {
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil",
      "",
      null,
    ])
      expect(safeUrl(bad)).toBeNull();
    expect(safeUrl("https://cdn.example.com/logo.png?a=1&b=2")).toBe("https://cdn.example.com/logo.png?a=1&b=2");
    expect(html`<img src="${safeUrl('https://x.test/a"b')}">`.value).toBe('<img src="https://x.test/a%22b">');
  });
});

describe("the maintenance section", () => {
  const names = new Map([
    ["s1", "Web <app>"],
    ["s2", "API"],
  ]);

  it("renders upcoming and ongoing windows with their times and services, from the typed input", () => {
    const markup = maintenanceSection(
      [
        {
          id: "m1",
          name: "DB <upgrade>",
          startsAt: new Date("2026-11-24T10:00:00Z"),
          endsAt: new Date("2026-11-24T14:00:00Z"),
          state: "ongoing",
          maintenanceId: null,
          updates: [],
          description: "Reads <only>",
          severity: "MINOR",
          serviceIds: ["s1", "unknown"],
        },
        {
          id: "m2",
          name: "Network",
          startsAt: new Date("2026-11-30T01:00:00Z"),
          endsAt: new Date("2026-11-30T02:00:00Z"),
          state: "upcoming",
          maintenanceId: null,
          updates: [],
          description: null,
          severity: null,
          serviceIds: "all",
        },
      ],
      names,
    )!.value;
    expect(markup).toContain('<h2 id="maintenance">Scheduled maintenance</h2>');
    expect(markup).toContain("<h3>DB &lt;upgrade&gt;</h3>");
    expect(markup).toContain(
      '<strong>In progress</strong> · <time datetime="2026-11-24T10:00:00.000Z">2026-11-24 10:00 UTC</time> to',
    );
    expect(markup).toContain("Affects: Web &lt;app&gt;</p>");
    expect(markup).toContain("<p>Reads &lt;only&gt;</p>");
    expect(markup).toContain("<strong>Upcoming</strong>");
    expect(markup).toContain("Affects: All services</p>");
  });

  it("renders nothing without windows", () => {
    expect(maintenanceSection([], names)).toBeNull();
  });
});

describe("bars and uptime", () => {
  const incident = (severity: TimedIncident["severity"], start: string, end: string | null): TimedIncident => ({
    severity,
    interval: { start: at(start), end: end ? at(end) : null },
    open: end === null,
  });

  it("gives each of the 90 days the worst severity open on it", () => {
    const bars = dailyBars(
      [
        incident("MINOR", "2026-11-20T23:00:00Z", "2026-11-21T01:00:00Z"),
        incident("CRITICAL", "2026-11-21T12:00:00Z", "2026-11-21T13:00:00Z"),
        incident("MEDIUM", "2026-11-24T08:00:00Z", null),
      ],
      now,
    );
    expect(bars).toHaveLength(90);
    expect(bars[0]!.date).toBe("2026-08-27");
    expect(bars.slice(-5)).toEqual([
      { date: "2026-11-20", state: "MINOR" },
      { date: "2026-11-21", state: "CRITICAL" },
      { date: "2026-11-22", state: null },
      { date: "2026-11-23", state: null },
      { date: "2026-11-24", state: "MEDIUM" },
    ]);
  });

  it("counts only MAJOR and CRITICAL time, overlaps once, within the 90 days", () => {
    const nineDays = new Date(now.getTime() - 9 * DAY_MS).toISOString();
    const fiveDays = new Date(now.getTime() - 5 * DAY_MS).toISOString();
    expect(uptime([incident("MINOR", nineDays, null)], now)).toBe(100);
    expect(uptime([incident("MAJOR", nineDays, null), incident("CRITICAL", fiveDays, null)], now)).toBe(90);
    expect(uptime([incident("MAJOR", "2020-01-01T00:00:00Z", null)], now)).toBe(0);
  });

  it("takes an incident's time from its first update to its resolving one", () => {
    const update = (status: string, iso: string) => ({ status, publicIncidentUpdateDate: new Date(iso) });
    const resolved = {
      createdAt: new Date("2026-11-01T00:00:00Z"),
      lastUpdateStatus: "RESOLVED" as const,
      updates: [update("RESOLVED", "2026-11-02T00:00:00Z"), update("INVESTIGATING", "2026-11-01T06:00:00Z")],
    };
    expect(openInterval(resolved as never)).toEqual({
      start: at("2026-11-01T06:00:00Z"),
      end: at("2026-11-02T00:00:00Z"),
    });
    expect(openInterval({ ...resolved, lastUpdateStatus: "MONITORING" } as never).end).toBeNull();
  });
});

describe("the theme", () => {
  it("applies LIGHT or DARK as given, and follows prefers-color-scheme for AUTO", () => {
    expect(themeCss("LIGHT", null)).not.toContain("prefers-color-scheme");
    expect(themeCss("LIGHT", null)).toContain(`--body-background-color:${DEFAULT_COLORS.light.bodyBackgroundColor};`);
    expect(themeCss("DARK", null)).toContain(`--body-background-color:${DEFAULT_COLORS.dark.bodyBackgroundColor};`);
    expect(themeCss("AUTO", null)).toMatch(
      /^:root\{color-scheme:light;.*\}@media \(prefers-color-scheme: dark\)\{:root\{color-scheme:dark;/,
    );
  });

  it("uses the page's colours, and never a value that is not a hex colour", () => {
    const colors = structuredClone(DEFAULT_COLORS);
    colors.light.linkFontColor = "#123456";
    colors.light.bodyFontColor = "red;}body{background:url(x)";
    const css = themeCss("LIGHT", colors);
    expect(css).toContain("--link-font-color:#123456;");
    expect(css).toContain(`--body-font-color:${DEFAULT_COLORS.light.bodyFontColor};`);
    expect(css).not.toContain("url(");
  });

  it("keeps the default text colours at WCAG AA contrast on their backgrounds", () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    for (const p of [DEFAULT_COLORS.light, DEFAULT_COLORS.dark]) {
      for (const text of [
        p.bodyFontColor,
        p.bodyFontColorMuted,
        p.linkFontColor,
        p.titleFontColor,
        p.navigationFontColor,
      ])
        for (const background of [p.bodyBackgroundColor, p.cardBackgroundColor])
          expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.headerFontColor, p.headerBackgroundColor)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.primaryButtonFontColor, p.primaryButtonBackgroundColor)).toBeGreaterThanOrEqual(4.5);
    }
    // The banners' white text on each state's colour.
    for (const banner of ["#166534", "#854d0e", "#9a3412", "#b91c1c", "#7f1d1d"])
      expect(contrast("#ffffff", banner)).toBeGreaterThanOrEqual(4.5);
  });
});
