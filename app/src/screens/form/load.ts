import { graphql } from "react-relay";
import type { CheckFormQuery$data } from "../../__generated__/CheckFormQuery.graphql";
import { EMPTY, type FormValues, KINDS } from "./values";

/** The stored check that an edit or a clone starts from (nothing for a new check). */
export const checkFormQuery = graphql`
  query CheckFormQuery($id: ID!, $hasId: Boolean!) {
    node(id: $id) @include(if: $hasId) {
      ... on Check {
        id
        checkType
        name
        frequency
        frequencyOffset
        locations
        tags
        activated
      }
      ... on ApiCheck {
        apiRequest: request {
          method
          url
          assertions {
            source
            target
          }
        }
      }
      ... on UrlCheck {
        urlRequest: request {
          url
          assertions {
            source
            target
          }
        }
      }
      ... on TcpCheck {
        tcpRequest: request {
          hostname
          port
        }
      }
      ... on DnsCheck {
        dnsRequest: request {
          query
          recordType
        }
      }
      ... on IcmpCheck {
        icmpRequest: request {
          hostname
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

/** The form's values for a stored check; a clone gets "(copy)" after the name. */
export function valuesOf(node: CheckFormQuery$data["node"], clone: boolean): FormValues {
  if (!node?.checkType) return EMPTY;
  const kind = KINDS.find((k) => k === node.checkType) ?? "API";
  const request = node.apiRequest ?? node.urlRequest;
  const status = request?.assertions.find((a) => a.source === "STATUS_CODE")?.target ?? "";
  const ssl = node.sslRequest?.sslConfig;
  return {
    ...EMPTY,
    kind,
    name: clone ? `${node.name} (copy)` : (node.name ?? ""),
    frequency: node.frequency === 0 ? `0:${node.frequencyOffset ?? 10}` : String(node.frequency ?? EMPTY.frequency),
    locations: [...(node.locations ?? [])],
    tags: (node.tags ?? []).join(", "),
    activated: node.activated ?? true,
    method: node.apiRequest?.method ?? EMPTY.method,
    url: request?.url ?? "",
    expectStatus: status,
    hostname: node.tcpRequest?.hostname ?? node.icmpRequest?.hostname ?? ssl?.hostname ?? "",
    port: String(node.tcpRequest?.port ?? ssl?.port ?? EMPTY.port),
    alertDays: String(ssl?.alertDaysBeforeExpiry ?? EMPTY.alertDays),
    query: node.dnsRequest?.query ?? "",
    recordType: node.dnsRequest?.recordType ?? EMPTY.recordType,
    period: String(node.heartbeat?.period ?? EMPTY.period),
    periodUnit: node.heartbeat?.periodUnit ?? EMPTY.periodUnit,
    grace: String(node.heartbeat?.grace ?? EMPTY.grace),
    graceUnit: node.heartbeat?.graceUnit ?? EMPTY.graceUnit,
    script: node.browserScript ?? node.multiStepScript ?? "",
  };
}
