import { graphql } from "react-relay";

// A channel's edit screen: its stored config (secrets null) and its subscriptions, with the
// checks and groups it may be subscribed to.

export const editChannelQuery = graphql`
  query EditChannelQuery($id: ID!) {
    alertTemplateVariables
    node(id: $id) {
      ... on AlertChannel @alias(as: "channel") {
        id
        type
        sendFailure
        sendRecovery
        sendDegraded
        config {
          __typename
          ... on EmailChannelConfig {
            address
          }
          ... on SlackChannelConfig {
            url
            channel
          }
          ... on WebhookChannelConfig {
            name
            url
            webhookType
            method
            template
            headers {
              key
              value
              locked
            }
            queryParameters {
              key
              value
              locked
            }
          }
          ... on PagerDutyChannelConfig {
            serviceName
            account
          }
          ... on OpsgenieChannelConfig {
            name
            region
            priority
          }
        }
        ...ChannelSubscriptions_channel
      }
    }
    ...ChannelSubscriptions_query
  }
`;

export const editChannelVariables = (params: Record<string, string>) => ({ id: params.id ?? "" });
