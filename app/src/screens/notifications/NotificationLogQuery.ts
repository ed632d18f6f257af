import { graphql } from "react-relay";
import type { NotificationLogQuery$variables } from "../../__generated__/NotificationLogQuery.graphql";

// The notification log and its filters: what is chosen lives in the URL (shareable, back-button safe).

export const notificationLogQuery = graphql`
  query NotificationLogQuery($channel: ID, $status: AlertNotificationStatus, $check: ID) {
    viewer {
      ...NotificationList_viewer @arguments(channel: $channel, status: $status, check: $check)
    }
    alertChannels(first: 100) {
      edges {
        node {
          id
          type
          config {
            ... on EmailChannelConfig {
              address
            }
            ... on SlackChannelConfig {
              url
            }
            ... on WebhookChannelConfig {
              name
            }
            ... on PagerDutyChannelConfig {
              serviceName
            }
            ... on OpsgenieChannelConfig {
              name
            }
          }
        }
      }
    }
    checks(first: 100) {
      edges {
        node {
          id
          databaseId
          name
        }
      }
    }
  }
`;

const STATUSES = ["IN_PROGRESS", "SUCCESS", "FAILURE"] as const;

export function notificationLogVariables(
  _params: Record<string, string>,
  search: URLSearchParams,
): NotificationLogQuery$variables {
  const status = search.get("status") as (typeof STATUSES)[number] | null;
  return {
    channel: search.get("channel") || null,
    status: status && STATUSES.includes(status) ? status : null,
    check: search.get("check") || null,
  };
}
