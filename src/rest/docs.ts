import { escapeHtml } from "../text/escape-html.js";
import type { OpenApiDocument } from "./openapi.js";

type Parameter = { name: string; in: string; required: boolean; description?: string; schema: unknown };

type Operation = {
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string }>;
};

/** A readable, self-contained page of the OpenAPI document (no script, nothing fetched from elsewhere). */
export function docsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      // Shared parameters (Idempotency-Key) are references into components.parameters.
      const params = (op.parameters ?? [])
        .map((p) =>
          "$ref" in p ? (document.components.parameters as Record<string, Parameter>)[p.$ref.split("/").pop()!]! : p,
        )
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : ""}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${p.description ? ` ${escapeHtml(p.description)}` : ""}</td></tr>`,
        )
        .join("");
      const body = op.requestBody
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(Object.values(op.requestBody.content)[0]?.schema ?? {}, null, 2))}</pre></details>`
        : "";
      const responses = Object.entries(op.responses)
        .map(([status, r]) => `<li><b>${status}</b> ${escapeHtml(r.description)}</li>`)
        .join("");
      const html = `<section class="op"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op.deprecated ? ' <em class="dep">deprecated</em>' : ""}</h3>
<p>${escapeHtml(op.summary)}${op.description ? `<br>${escapeHtml(op.description)}` : ""}</p>${params ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${params}</table>` : ""}${body}<ul>${responses}</ul></section>`;
      const tag = op.tags[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const toc = [...byTag.keys()]
    .map((tag) => `<a href="#${encodeURIComponent(tag)}">${escapeHtml(tag)}</a>`)
    .join(" · ");
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="${encodeURIComponent(tag)}">${escapeHtml(tag)}</h2>${ops.join("")}`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1d2330}code,pre{font:13px ui-monospace,monospace}
pre{background:#f4f5f7;padding:.75rem;overflow:auto}.op{border-top:1px solid #dde;padding:.5rem 0}.m{display:inline-block;min-width:4.5em;padding:0 .4em;border-radius:3px;color:#fff;font-size:13px;text-align:center}
.get{background:#2f7d4f}.post{background:#2563c9}.put{background:#b26b00}.delete{background:#b42318}.dep{color:#b42318}table{border-collapse:collapse}td,th{border:1px solid #dde;padding:.2rem .5rem;text-align:left;vertical-align:top}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code>. Errors: <code>{"statusCode","error","message"}</code>, plus <code>validation: {source, keys}</code> on a 400. The machine-readable document is at <a href="/openapi.json">/openapi.json</a>.</p>
<nav>${toc}</nav>${sections}</body></html>`;
}
