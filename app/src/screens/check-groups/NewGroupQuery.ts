import { graphql } from "react-relay";

export const newGroupQuery = graphql`
  query NewGroupQuery {
    ...GroupForm_options
  }
`;
