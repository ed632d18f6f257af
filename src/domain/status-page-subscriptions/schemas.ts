import { z } from "zod";
import { LIMITS } from "../shared/limits.js";
import { requestBody } from "../shared/schemas.js";
import { SUBSCRIPTION_TYPES } from "./rows.js";

const Email = z.email({ message: "must be an email address" }).max(254).toLowerCase();
const WebhookUrl = z.url({ protocol: /^https?$/, message: "must be an http or https URL" }).max(2048);

/** One subscription of a bulk create: EMAIL with the address as config, WEBHOOK with the URL. */
const SubscriptionInput = z
  .strictObject({
    type: z.enum(SUBSCRIPTION_TYPES),
    // The longer of the two forms (a URL); each type checks its own bound below.
    config: z.string().trim().max(LIMITS.url),
  })
  .superRefine((item, ctx) => {
    const parsed = (item.type === "EMAIL" ? Email : WebhookUrl).safeParse(item.config);
    if (!parsed.success) ctx.addIssue({ code: "custom", path: ["config"], message: parsed.error.issues[0]!.message });
  });

/** The reference's BulkCreateSubscriptionsPayload. */
export const BulkCreateSubscriptionsInput = requestBody({
  subscriptions: z.array(SubscriptionInput).min(1).max(100),
  autoVerify: z.boolean().default(false),
});
export type BulkCreateSubscriptionsInput = z.input<typeof BulkCreateSubscriptionsInput>;

/** The page's subscribe form (urlencoded or JSON): an email address. */
export const SubscribeFormInput = z.object({ email: Email });

/** The stored address: email addresses lower-cased, URLs as sent (trimmed). */
export const normalizedAddress = (type: string, config: string) =>
  type === "EMAIL" ? config.trim().toLowerCase() : config.trim();
