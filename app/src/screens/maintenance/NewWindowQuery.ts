import { graphql } from "react-relay";

export const newWindowQuery = graphql`
  query NewWindowQuery {
    ...PagePicker_query
  }
`;
