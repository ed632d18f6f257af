// The operator web app (docs/decisions.md, third stage): its build (app/dist, made by `npm install`)
// served at `/`: hashed files under /assets, and index.html for `/` and every client route, that is
// any GET path that is none of the service's own. A status page's custom domain keeps its `/`
// (that route answers first and leaves other hosts to the fallback here).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { systemContext, type AppContext } from "../app-context.js";
import { isCustomDomain } from "../domain/status-pages/public/index.js";
import { errorBody } from "../http/errors.js";
import { html } from "./html.js";
import { appDistDir, readAppFile, type AppFile } from "./operator-app-files.js";
import { registerStatusPagePreview } from "./status-page-preview.js";

/** Paths that belong to the service: never the app's, whatever follows them. */
const SERVICE_PREFIXES = [
  "/v1",
  "/v2",
  "/graphql",
  "/status",
  "/ping",
  "/agent",
  "/health",
  "/-",
  "/metrics",
  "/openapi.json",
  "/docs",
  "/assets",
];

export const isServicePath = (path: string) =>
  SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The app's pages: no inline script; styles inline for the chart library; never framed. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "/";

function send(request: FastifyRequest, reply: FastifyReply, file: AppFile, cacheControl: string) {
  reply
    .header("content-type", file.type)
    .header("cache-control", cacheControl)
    .header("etag", file.etag)
    .header("x-content-type-options", "nosniff")
    .header("vary", "accept-encoding");
  if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
  const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")) ? file.gzip() : null;
  if (gzip) reply.header("content-encoding", "gzip");
  return reply.send(gzip ?? file.bytes);
}

const notBuiltPage = (dir: string) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vigil: the app is not built</title></head>
<body><h1>The operator app is not built</h1>
<p>This server found no <code>${dir}/index.html</code>. Build the app with <code>npm install</code>
(which builds it with the server) or <code>npm run build</code>, then reload this page.</p>
<p>The APIs answer meanwhile: <a href="/docs">/docs</a> (REST) and <a href="/graphql">/graphql</a>.</p>
</body></html>
`;

/** Registers /assets/* and the status pages' preview framing; returns the not-found handler that serves the app. */
export function registerOperatorApp(app: FastifyInstance, context: AppContext) {
  const dir = appDistDir(context.config.appDistDir);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(errorBody(404, `no route ${request.method} ${pathOf(request)}`));

  app.get("/assets/*", async (request, reply) => {
    const segments = pathOf(request).split("/").slice(2).map(safeDecode);
    const file = segments.every((s) => s !== null) ? await readAppFile(`${dir}/assets`, segments) : null;
    if (!file) return notFound(request, reply);
    return send(request, reply, file, "public, max-age=31536000, immutable");
  });
  registerStatusPagePreview(app, context);

  const ctx = systemContext(context);
  return async function serveApp(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request);
    if ((request.method !== "GET" && request.method !== "HEAD") || isServicePath(path)) return notFound(request, reply);
    // A page's custom domain is that page's alone: its other paths stay 404s.
    if (await isCustomDomain({ ctx, host: request.hostname })) return notFound(request, reply);
    // A file at the build's root (favicon.svg, robots.txt); another root name with an extension is missing.
    if (/^\/[^/]*\.[^/]*$/.test(path)) {
      const name = safeDecode(path.slice(1));
      const file = name && name !== "index.html" ? await readAppFile(dir, [name]) : null;
      return file ? send(request, reply, file, "no-cache") : notFound(request, reply);
    }
    const index = await readAppFile(dir, ["index.html"]);
    if (!index)
      return reply
        .status(503)
        .header("cache-control", "no-store")
        .header("content-type", "text/html; charset=utf-8")
        .send(notBuiltPage(dir).value);
    reply.header("content-security-policy", APP_CSP).header("referrer-policy", "same-origin");
    return send(request, reply, index, "no-cache");
  };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
