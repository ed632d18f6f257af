import { graphql } from "react-relay";

export const alertSettingsQuery = graphql`
  query AlertSettingsQuery {
    viewer {
      account {
        alertSettings {
          ...AlertSettingsForm_settings
        }
      }
    }
  }
`;
