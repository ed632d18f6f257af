import { graphql } from "react-relay";

export const newChannelQuery = graphql`
  query NewChannelQuery {
    alertTemplateVariables
  }
`;
