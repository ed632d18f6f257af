import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { documentPolicy } from "./csp.js";
import { type AppContext, systemContext } from "../app-context.js";
import { createRateLimiter } from "../auth/rate-limit.js";
import { NotFoundError, RateLimitedError, UnauthorizedError, ValidationError } from "../domain/shared/errors.js";
import { confirmSubscription, subscribeByEmail, unsubscribe } from "../domain/status-page-subscriptions/index.js";
import { findGatedPage } from "../domain/status-page-keys/index.js";
import { authorizeVisitor } from "./private-access.js";
import { messagePageHtml, subscribeFormHtml } from "./status-subscriptions-form.js";

/** Form bodies are one address (or RFC 8058's `List-Unsubscribe=One-Click`): a small limit. */
const FORM_BODY_LIMIT = 4 * 1024;
/**
 * Subscribe posts per client address and minute (per instance): besides one confirmation mail per
 * address and page per 10 minutes, this keeps one client from mailing many addresses.
 */
const SUBSCRIBES_PER_MINUTE = 20;

type UrlParams = { Params: { url: string }; Querystring: { token?: string } };

const wantsJson = (request: FastifyRequest) => (request.headers["content-type"] ?? "").includes("application/json");

type Message = Parameters<typeof messagePageHtml>[0];

/** A small page of the flow (messagePageHtml), never cached, allowed only its own stylesheet. */
function sendPage(reply: FastifyReply, status: number, message: Message) {
  const body = messagePageHtml(message).value;
  return reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", documentPolicy(body))
    .send(body);
}

/**
 * The subscribe flow of a status page (docs/decisions.md, Subscribers): the form's POST makes a
 * PENDING email subscription and queues the confirmation mail; the mail's link verifies it; the
 * unsubscribe link (GET, or RFC 8058 one-click POST) deletes it. HTML for the form, JSON when the
 * request is JSON. A private page takes subscribers who pass its key gate (cookie or `?key=`);
 * others get the gate's 401 (the key form, or JSON).
 */
export async function statusSubscriptionsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const ctx = systemContext(context);
  await app.register(async (scope) => {
    acceptForms(scope);
    scope.post<UrlParams>("/status/:url/subscriptions", subscribeHandler(context));
    scope.get<UrlParams>("/status/:url/subscriptions/confirm", async (request, reply) => {
      const done = await confirmSubscription({ ctx, url: request.params.url, token: request.query.token });
      if (!done)
        return sendPage(reply, 404, {
          title: "Link not valid",
          message: "This confirmation link is not valid, or the subscription was removed.",
        });
      return sendPage(reply, 200, {
        title: "Subscription confirmed",
        message: `${done.address} will receive updates from ${done.page.name}.`,
        page: done.page,
      });
    });
    const unsubscribeHandler = async (request: FastifyRequest<UrlParams>, reply: FastifyReply) => {
      const done = await unsubscribe({ ctx, url: request.params.url, token: request.query.token });
      if (!done)
        return sendPage(reply, 404, {
          title: "Link not valid",
          message: "This unsubscribe link is not valid, or you are already unsubscribed.",
        });
      return sendPage(reply, 200, {
        title: "Unsubscribed",
        message: `${done.address} will receive no more updates from ${done.page.name}.`,
        page: done.page,
      });
    };
    scope.get<UrlParams>("/status/:url/subscriptions/unsubscribe", unsubscribeHandler);
    scope.post<UrlParams>("/status/:url/subscriptions/unsubscribe", unsubscribeHandler);
  });
}

/** The form bodies of this scope only: the rest of the server parses JSON alone (src/server.ts). */
function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Some mail providers send the one-click POST as multipart: its fields are not needed.
  scope.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_r, _b, done) =>
    done(null, {}),
  );
}

/** POST /status/:url/subscriptions: the key gate of a private page, then a PENDING subscription. */
function subscribeHandler(context: AppContext) {
  const ctx = systemContext(context);
  const limit = createRateLimiter(SUBSCRIBES_PER_MINUTE);
  return async (request: FastifyRequest<UrlParams>, reply: FastifyReply) => {
    const json = wantsJson(request);
    try {
      await limit(request.ip);
      // A private page's key gate (key form, `?key=` or cookie) before anything is written.
      const gated = await findGatedPage({ db: context.database.prisma, url: request.params.url });
      const hasKey = typeof (request.query as { key?: unknown }).key === "string";
      if (
        gated?.isPrivate &&
        (await authorizeVisitor(request, reply, gated, {
          kind: json || hasKey ? "data" : "page",
          next: `/status/${gated.url}`,
        })) === "refused"
      )
        return reply;
      const { page } = await subscribeByEmail({
        ctx,
        url: request.params.url,
        input: request.body ?? {},
        opensPrivatePage: gated?.isPrivate === true,
      });
      const message =
        "If the address can receive mail, a confirmation link is on its way. Open it to start receiving updates.";
      if (json) return reply.status(202).send({ status: "PENDING", message });
      return sendPage(reply, 202, { title: "Check your inbox", message, page });
    } catch (error) {
      if (json) throw error;
      return sendRefusal(request, reply, error);
    }
  };
}

/** A refused subscription from the form, as a page: the form again for a bad address. */
function sendRefusal(request: FastifyRequest<UrlParams>, reply: FastifyReply, error: unknown) {
  if (error instanceof ValidationError) {
    const body = request.body as { email?: unknown } | undefined;
    const email = typeof body?.email === "string" ? body.email : "";
    const page = { url: request.params.url, name: "this status page" };
    return sendPage(reply, 400, {
      title: "Please check the address",
      message: "That does not look like an email address.",
      body: subscribeFormHtml(page, { error: "Enter an email address such as name@example.com.", email }),
    });
  }
  if (error instanceof RateLimitedError)
    return sendPage(reply.header("retry-after", String(error.retryAfterSeconds)), 429, {
      title: "Too many requests",
      message: `Please try again in ${error.retryAfterSeconds} s.`,
    });
  if (error instanceof UnauthorizedError)
    return sendPage(reply, 401, { title: "Private status page", message: error.message });
  if (error instanceof NotFoundError)
    return sendPage(reply, 404, { title: "Not found", message: "There is no status page here." });
  throw error;
}
