/** The stored row (adapters import this type, never src/generated). */
export type { StatusPageSubscription as StatusPageSubscriptionRow } from "../../generated/sqlite/client.js";

export const SUBSCRIPTION_TYPES = ["EMAIL", "WEBHOOK"] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ["PENDING", "VERIFIED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The AlertNotification `type` of a subscriber's notification (alert channels use their own types). */
export const subscriberNotificationType = (type: string) => `SUBSCRIBER_${type}`;

/** What a subscriber is told about: an incident's update, a maintenance occurrence, or the confirmation request. */
export type SubscriberEvent =
  | "CONFIRMATION"
  | "INCIDENT_UPDATE"
  | "MAINTENANCE_STARTED"
  | "MAINTENANCE_ENDED"
  | "MAINTENANCE_UPDATE";

/**
 * What the outbox row's `request` holds for a subscriber (AlertNotification with
 * statusPageSubscriptionId set): everything the mail or webhook body shows, fixed when the
 * notification was made, so every try sends the same. The page's webhookSecret is read at send time
 * (it is never copied into a row that lists show).
 */
export type SubscriberRequest = {
  kind: "subscriber";
  event: SubscriberEvent;
  subscriber: { id: string; type: SubscriptionType; address: string };
  page: { id: string; name: string; link: string };
  links: { unsubscribe: string; confirm?: string };
  incident?: {
    id: string;
    name: string;
    severity: string;
    link: string;
    update: { id: string; status: string; description: string; date: string };
  };
  maintenance?: {
    id: number;
    name: string;
    description: string | null;
    startsAt: string;
    endsAt: string;
    /** MAINTENANCE_UPDATE: the occurrence and the update written with notifySubscribers. */
    maintenanceId?: string;
    update?: { id: string; status: string; description: string; date: string };
  };
};

export const isSubscriberRequest = (request: unknown): request is SubscriberRequest =>
  typeof request === "object" && request !== null && (request as { kind?: unknown }).kind === "subscriber";
