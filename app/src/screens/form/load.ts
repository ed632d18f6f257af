import { graphql } from "react-relay";

// The stored check that an edit or a clone starts from (nothing for a new check): every property
// the form edits, so that fromCheck.ts can tell what an edit changed.
export const pairFields = graphql`
  fragment load_pair on KeyValue {
    key
    value
    locked
  }
`;

export const assertionFields = graphql`
  fragment load_assertion on Assertion {
    source
    property
    comparison
    target
    regex
  }
`;

export const checkFormQuery = graphql`
  query CheckFormQuery($id: ID!, $hasId: Boolean!) {
    ...CheckLinks_options @relay(mask: false)
    node(id: $id) @include(if: $hasId) {
      ... on Check {
        id
        checkType
        name
        description
        frequency
        frequencyOffset
        locations
        tags
        activated
        muted
        shouldFail
        runParallel
        degradedResponseTime
        maxResponseTime
        retryStrategy {
          ...RetryStrategyFields_strategy @relay(mask: false)
        }
        useGlobalAlertSettings
        alertSettings {
          ...AlertSettingsForm_settings @relay(mask: false)
        }
        environmentVariables {
          key
          value
          secret
        }
        group {
          id
        }
        privateLocations
        alertChannelSubscriptions {
          alertChannelId
          activated
        }
        triggerIncident {
          serviceId
          name
          description
          severity
          notifySubscribers
        }
      }
      ... on ApiCheck {
        localSetupScript
        localTearDownScript
        apiRequest: request {
          method
          url
          body
          bodyType
          followRedirects
          skipSSL
          ipFamily
          headers {
            ...load_pair @relay(mask: false)
          }
          queryParameters {
            ...load_pair @relay(mask: false)
          }
          basicAuth {
            username
            password
          }
          assertions {
            ...load_assertion @relay(mask: false)
          }
        }
      }
      ... on UrlCheck {
        urlRequest: request {
          url
          followRedirects
          skipSSL
          ipFamily
          assertions {
            ...load_assertion @relay(mask: false)
          }
        }
      }
      ... on TcpCheck {
        tcpRequest: request {
          hostname
          port
          data
          ipFamily
          assertions {
            ...load_assertion @relay(mask: false)
          }
        }
      }
      ... on DnsCheck {
        dnsRequest: request {
          query
          recordType
          nameServer
          port
          protocol
          assertions {
            ...load_assertion @relay(mask: false)
          }
        }
      }
      ... on IcmpCheck {
        degradedPacketLossThreshold
        maxPacketLossThreshold
        icmpRequest: request {
          hostname
          ipFamily
          pingCount
          assertions {
            ...load_assertion @relay(mask: false)
          }
        }
      }
      ... on SslCheck {
        sslRequest: request {
          sslConfig {
            hostname
            port
            alertDaysBeforeExpiry
          }
        }
      }
      ... on HeartbeatCheck {
        heartbeat {
          period
          periodUnit
          grace
          graceUnit
        }
      }
      ... on BrowserCheck {
        browserScript: script
      }
      ... on MultiStepCheck {
        multiStepScript: script
      }
    }
  }
`;
