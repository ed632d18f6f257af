import { graphql } from "react-relay";

export const newIncidentQuery = graphql`
  query NewIncidentQuery {
    ...ServicePicker_query
  }
`;
