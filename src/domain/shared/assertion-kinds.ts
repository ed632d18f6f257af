/**
 * The sources and comparisons an API check's assertion takes: the domain's schemas validate by
 * them and the app's forms offer them (this file imports nothing, so the app's bundle can take it).
 */
export const ASSERTION_SOURCES = ["STATUS_CODE", "JSON_BODY", "HEADERS", "TEXT_BODY", "RESPONSE_TIME"] as const;
export const ASSERTION_COMPARISONS = [
  "EQUALS",
  "NOT_EQUALS",
  "HAS_KEY",
  "NOT_HAS_KEY",
  "HAS_VALUE",
  "NOT_HAS_VALUE",
  "IS_EMPTY",
  "NOT_EMPTY",
  "GREATER_THAN",
  "LESS_THAN",
  "CONTAINS",
  "NOT_CONTAINS",
  "IS_NULL",
  "NOT_NULL",
] as const;

/** The sources and comparisons of each check type's assertions (the request schemas take these). */
export const CHECK_ASSERTION_KINDS = {
  API: { sources: ASSERTION_SOURCES, comparisons: ASSERTION_COMPARISONS },
  URL: { sources: ["STATUS_CODE"], comparisons: ["EQUALS", "NOT_EQUALS", "LESS_THAN", "GREATER_THAN"] },
  TCP: {
    sources: ["RESPONSE_DATA", "RESPONSE_TIME"],
    comparisons: [
      "EQUALS",
      "NOT_EQUALS",
      "IS_EMPTY",
      "NOT_EMPTY",
      "LESS_THAN",
      "GREATER_THAN",
      "CONTAINS",
      "NOT_CONTAINS",
    ],
  },
  DNS: {
    sources: ["RESPONSE_TIME", "RESPONSE_CODE", "TEXT_ANSWER", "JSON_ANSWER"],
    comparisons: ASSERTION_COMPARISONS,
  },
  ICMP: {
    sources: ["LATENCY", "JSON_RESPONSE"],
    comparisons: [
      "EQUALS",
      "NOT_EQUALS",
      "IS_EMPTY",
      "NOT_EMPTY",
      "GREATER_THAN",
      "LESS_THAN",
      "CONTAINS",
      "NOT_CONTAINS",
      "IS_NULL",
      "NOT_NULL",
    ],
  },
} as const;
