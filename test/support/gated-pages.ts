// Stand-ins for the status page routes (another part of issue 13 builds them): a small server of
// the test's own with this branch's key gate (src/web/private-access*.ts) in front of a page that
// shows a marker, so tests see what a visitor reaches. It shares the test app's database.
import Fastify, { type FastifyInstance } from "fastify";
import type { AppContext } from "../../src/app-context.js";
import { findGatedPage } from "../../src/domain/status-page-keys/index.js";
import { authorizeVisitor } from "../../src/web/private-access.js";
import { privateAccessRoutes } from "../../src/web/private-access-routes.js";

export const behindTheGate = (url: string) => `The content of ${url}`;

export async function startGatedPages(context: AppContext): Promise<{ url: string; server: FastifyInstance }> {
  const server = Fastify();
  await privateAccessRoutes(server, context);
  const db = context.database.prisma;
  for (const suffix of ["", "/history", "/summary.json", "/feed.rss", "/events"]) {
    server.get<{ Params: { url: string } }>(`/status/:url${suffix}`, async (request, reply) => {
      const page = await findGatedPage({ db, url: request.params.url });
      if (!page) return reply.status(404).send({ statusCode: 404 });
      if ((await authorizeVisitor(request, reply, page)) === "refused") return reply;
      if (suffix === "/summary.json") return { page: { url: page.url } };
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="en"><title>${page.url}</title><main><h1>${behindTheGate(page.url)}</h1></main></html>`,
        );
    });
  }
  const address = await server.listen({ port: 0, host: "127.0.0.1" });
  return { url: address, server };
}
