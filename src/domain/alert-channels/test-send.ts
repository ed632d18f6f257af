import { randomUUID } from "node:crypto";
import { notificationResult, type TryResult } from "../alert-notifications/delivery-rules.js";
import { TemplateError } from "../alert-templates/template.js";
import { renderTemplate } from "../alert-templates/template-thread.js";
import { type AlertVariables, alertVariables } from "../alert-templates/variables.js";
import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { getAlertChannel } from "./get.js";
import { parseStoredChannel, type StoredChannel } from "./schemas.js";

/** A person tries a channel a few times while setting it up; more is a loop or an abuse of the receiver. */
export const TEST_SENDS_PER_MINUTE = 5;
/** The longest a test waits for the provider: the person is looking at a spinner. */
export const TEST_TIMEOUT_MS = 10_000;

/** A readable failure alert of an imagined check: what a test notification and a template preview show. */
export function testVariables(ctx: DomainContext) {
  return alertVariables({
    alertType: "ALERT_FAILURE",
    check: {
      id: "00000000-0000-4000-8000-000000000000",
      name: "Vigil test notification",
      checkType: "API",
      description: "Sent by Send test: no check is failing.",
      tags: ["test"],
    },
    result: {
      id: "00000000-0000-4000-8000-000000000001",
      runLocation: "eu-west-1",
      responseTime: 1234,
      errorMessage: "This is a test notification from Vigil.",
      statusCode: 503,
      statusText: "Service Unavailable",
      startedAt: ctx.now(),
    },
    baseUrl: ctx.publicUrl ?? "http://localhost:3000",
  });
}

/** What the delivery adapter is given (its AlertMessage): a test is a failure alert of the test sample. */
export type TestMessage = { notificationId: string; alertType: "ALERT_FAILURE"; variables: AlertVariables; now: Date };

export type TestSendOutcome = { delivered: boolean; status: number | null; answer: string };

/**
 * Sends a test notification through one of the caller's channels, now, and answers what the
 * provider said. `limit` counts the account's tests (throws RateLimitedError past the budget);
 * `send` is the delivery adapter's one try (address guard and TEST_TIMEOUT_MS included). Nothing is
 * stored: a test is not an alert, and the notification log stays the alerts' log.
 */
export async function testAlertChannel({
  ctx,
  id,
  limit,
  send,
}: {
  ctx: DomainContext;
  id: unknown;
  limit: (key: string) => Promise<void>;
  send: (channel: StoredChannel, message: TestMessage) => Promise<TryResult>;
}): Promise<TestSendOutcome> {
  const row = await getAlertChannel({ ctx, id });
  await limit(ctx.accountId);
  const channel = parseStoredChannel(row.type, row.config);
  const message: TestMessage = {
    notificationId: `test-${randomUUID()}`,
    alertType: "ALERT_FAILURE",
    variables: testVariables(ctx),
    now: ctx.now(),
  };
  const result = await send(channel, message);
  const status = result.kind === "response" ? result.status : null;
  const delivered = result.kind === "sent" || (status !== null && status >= 200 && status <= 299);
  return { delivered, status, answer: notificationResult(result) };
}

/** A webhook template rendered on the test sample, within the template bounds and off the event loop. */
export async function renderAlertTemplate({ ctx, template }: { ctx: DomainContext; template: string }) {
  if (template.length > 64 * 1024) throw new ValidationError("template: at most 64 KiB", ["template"]);
  try {
    return await renderTemplate(template, testVariables(ctx));
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new ValidationError(error.message, ["template"]);
  }
}
