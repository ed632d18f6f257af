import type { ComponentType } from "react";
import type { PreloadedQuery } from "react-relay";
import type { GraphQLTaggedNode, OperationType, Variables } from "relay-runtime";

/** What a screen gets: its preloaded query (when it has one), the path's parameters and the query string. */
export type ScreenProps = {
  queryRef: PreloadedQuery<OperationType> | null;
  params: Record<string, string>;
  search: URLSearchParams;
};

export type Route = {
  pattern: string;
  /** Screens outside the signed-in shell (sign-in, setup). */
  public?: boolean;
  query?: GraphQLTaggedNode;
  variables?: (params: Record<string, string>, search: URLSearchParams) => Variables;
  Component: ComponentType<ScreenProps>;
};
