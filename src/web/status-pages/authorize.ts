import type { FastifyReply, FastifyRequest } from "fastify";
import type { VisitedPageRow } from "../../domain/status-pages/public/index.js";
import type { SystemContext } from "../../domain/shared/context.js";
import { authorizeVisitor as keyGate, visitorRecheck, type Recheck } from "../private-access.js";
import { isOwnerPreview } from "../status-page-preview.js";

export type VisitorAccess = { allowed: true; private: boolean; recheck: Recheck } | { allowed: false };

/**
 * The one place every public path (page, incident, history, feeds, summary.json, events) decides
 * whether this visitor sees this page: a public page, yes; a private page, through the key gate
 * (`?key=`, the key form, the page's HttpOnly cookie; src/web/private-access.ts). Refused: the
 * gate has sent the reply (the 401 form or JSON, or the 303 that sets the cookie) and the caller
 * sends nothing. Allowed and `private`: the caller answers with `Cache-Control: private, no-store`;
 * `recheck` says later whether the same credential still opens the page (an open event stream,
 * also of a page turned private since: a visitor who came with a valid key keeps it).
 * Runs before any cached body is read, so a key-less visitor never reaches one of a private page.
 * The app's preview (`?preview`) by a person signed in to the page's account needs no key.
 */
export async function authorizeVisitor({
  ctx,
  page,
  request,
  reply,
}: {
  ctx: SystemContext;
  page: VisitedPageRow;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<VisitorAccess> {
  if (!page.isPrivate) return { allowed: true, private: false, recheck: visitorRecheck(request) };
  if (await isOwnerPreview(ctx, request, page.accountId))
    return { allowed: true, private: true, recheck: visitorRecheck(request) };
  if ((await keyGate(request, reply, page)) === "refused") return { allowed: false };
  return { allowed: true, private: true, recheck: visitorRecheck(request) };
}
