import { useCallback, useEffect, useRef } from "react";
import { fetchQuery, useRelayEnvironment } from "react-relay";
import type { GraphQLTaggedNode, OperationType, Variables } from "relay-runtime";

/**
 * Re-reads a screen's query into the store (the screen re-renders in place, no suspense), at
 * most once per `gapMs`: a burst of events, one request. Returns the function to call per event.
 */
export function useRefetch(query: GraphQLTaggedNode, variables: Variables, gapMs = 300): () => void {
  const environment = useRelayEnvironment();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(variables);
  latest.current = variables;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      fetchQuery<OperationType>(environment, query, latest.current, { fetchPolicy: "network-only" }).subscribe({});
    }, gapMs);
  }, [environment, query, gapMs]);
}
