import type { DbOrTx } from "../../db/client.js";
import { pageLink, subscriberLinks } from "./links.js";
import {
  type SubscriberEvent,
  type SubscriberRequest,
  type SubscriptionType,
  subscriberNotificationType,
} from "./rows.js";

/** What an outbox write needs besides the transaction: the token key (tokens.ts) and the service's URL. */
export type SubscriberOutbox = { tx: DbOrTx; key: Buffer; publicUrl: string | undefined; now: Date };

type Subscriber = {
  id: string;
  type: string;
  address: string;
  statusPage: { id: string; accountId: string; name: string; url: string };
};
type Content = {
  event: SubscriberEvent;
  incident?: Omit<NonNullable<SubscriberRequest["incident"]>, "link">;
  maintenance?: SubscriberRequest["maintenance"];
};

const subscriberSelect = {
  id: true,
  type: true,
  address: true,
  statusPage: { select: { id: true, accountId: true, name: true, url: true } },
} as const;

async function write(outbox: SubscriberOutbox, subscribers: readonly Subscriber[], content: Content) {
  if (subscribers.length === 0) return 0;
  await outbox.tx.alertNotification.createMany({
    data: subscribers.map((s) => {
      const { unsubscribe, confirm } = subscriberLinks(outbox.key, outbox.publicUrl, s.statusPage, s.id);
      const link = pageLink(outbox.publicUrl, s.statusPage.url);
      const request: SubscriberRequest = {
        kind: "subscriber",
        event: content.event,
        ...(content.incident
          ? { incident: { ...content.incident, link: `${link}/incidents/${content.incident.id}` } }
          : {}),
        ...(content.maintenance ? { maintenance: content.maintenance } : {}),
        subscriber: { id: s.id, type: s.type as SubscriptionType, address: s.address },
        page: { id: s.statusPage.id, name: s.statusPage.name, link },
        links: content.event === "CONFIRMATION" ? { unsubscribe, confirm } : { unsubscribe },
      };
      return {
        accountId: s.statusPage.accountId,
        type: subscriberNotificationType(s.type),
        status: "IN_PROGRESS",
        request: request as object,
        statusPageId: s.statusPage.id,
        statusPageSubscriptionId: s.id,
        nextAttemptAt: outbox.now,
        createdAt: outbox.now,
      };
    }),
  });
  return subscribers.length;
}

/**
 * One notification per VERIFIED subscriber of these pages (of the account), in the caller's
 * transaction: the durable outbox the alert delivery workers drain. Returns how many.
 */
export async function enqueueForPages(
  outbox: SubscriberOutbox,
  { accountId, statusPageIds, content }: { accountId: string; statusPageIds: readonly string[]; content: Content },
): Promise<number> {
  if (statusPageIds.length === 0) return 0;
  const subscribers = await outbox.tx.statusPageSubscription.findMany({
    where: { statusPageId: { in: [...statusPageIds] }, status: "VERIFIED", statusPage: { accountId } },
    select: subscriberSelect,
    orderBy: { id: "asc" },
  });
  return write(outbox, subscribers, content);
}

/** The confirmation mail of a PENDING email subscription, through the same outbox. */
export async function enqueueConfirmation(outbox: SubscriberOutbox, subscriptionIds: readonly string[]) {
  if (subscriptionIds.length === 0) return 0;
  const subscribers = await outbox.tx.statusPageSubscription.findMany({
    where: { id: { in: [...subscriptionIds] }, status: "PENDING", type: "EMAIL" },
    select: subscriberSelect,
  });
  return write(outbox, subscribers, { event: "CONFIRMATION" });
}

/** An incident's update written with notifySubscribers: true, to the verified subscribers of the pages showing it. */
export function enqueueIncidentUpdate(
  outbox: SubscriberOutbox,
  input: {
    accountId: string;
    statusPageIds: readonly string[];
    incident: { id: string; name: string; severity: string };
    update: { id: string; status: string; description: string; publicIncidentUpdateDate: Date };
  },
): Promise<number> {
  const { incident, update } = input;
  return enqueueForPages(outbox, {
    accountId: input.accountId,
    statusPageIds: input.statusPageIds,
    content: {
      event: "INCIDENT_UPDATE",
      incident: {
        id: incident.id,
        name: incident.name,
        severity: incident.severity,
        update: {
          id: update.id,
          status: update.status,
          description: update.description,
          date: update.publicIncidentUpdateDate.toISOString(),
        },
      },
    },
  });
}
