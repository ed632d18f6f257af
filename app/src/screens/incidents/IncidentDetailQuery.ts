import { graphql } from "react-relay";

export const incidentDetailQuery = graphql`
  query IncidentDetailQuery($id: ID!) {
    node(id: $id) {
      ... on Incident @alias(as: "incident") {
        id
        databaseId
        name
        severity
        lastUpdateStatus
        duration
        createdAt
        services {
          id
          name
        }
        statusPages {
          id
          name
          url
          isPrivate
        }
        ...IncidentTimeline_incident
      }
    }
  }
`;

export const incidentDetailVariables = (params: Record<string, string>) => ({ id: params.id ?? "" });
