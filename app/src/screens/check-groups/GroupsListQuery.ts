import { graphql } from "react-relay";

export const groupsListQuery = graphql`
  query GroupsListQuery {
    ...GroupsList_groups
  }
`;
