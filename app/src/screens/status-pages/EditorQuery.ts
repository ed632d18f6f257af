import { graphql } from "react-relay";

// The editor's query: the page (when editing one), the colours a page starts with, and the
// account's services to put on cards (server-paginated).

graphql`
  fragment StatusPageEditorPalette on ThemePalette {
    bodyBackgroundColor
    bodyFontColor
    bodyFontColorMuted
    borderColor
    cardBackgroundColor
    headerBackgroundColor
    headerFontColor
    linkFontColor
    navigationFontColor
    primaryButtonBackgroundColor
    primaryButtonFontColor
    titleFontColor
  }
`;

/** What the form edits; a save answers the same fields, so the store (and the form) take them. */
graphql`
  fragment StatusPageEditorFields on StatusPage {
    id
    name
    url
    description
    customDomain
    customDomainVerified
    customDomainToken
    logo
    logoDark
    defaultTheme
    isPrivate
    themeColors {
      light {
        ...StatusPageEditorPalette @relay(mask: false)
      }
      dark {
        ...StatusPageEditorPalette @relay(mask: false)
      }
    }
    cards {
      id
      name
      services {
        id
        name
        state
      }
    }
    updatedAt
  }
`;

export const statusPageEditorQuery = graphql`
  query EditorQuery($id: ID!, $existing: Boolean!) {
    node(id: $id) @include(if: $existing) {
      ... on StatusPage @alias(as: "page") {
        ...StatusPageEditorFields @relay(mask: false)
        ...KeysPanel_page
        ...SubscribersPanel_page
      }
    }
    defaultThemeColors {
      light {
        ...StatusPageEditorPalette @relay(mask: false)
      }
      dark {
        ...StatusPageEditorPalette @relay(mask: false)
      }
    }
    ...ServiceChooser_query
  }
`;

export const statusPageEditorVariables = (params: Record<string, string>) => ({
  id: params.id ?? "",
  existing: Boolean(params.id),
});
