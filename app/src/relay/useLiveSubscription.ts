import { useEffect } from "react";
import { useRelayEnvironment } from "react-relay";
import { type GraphQLSubscriptionConfig, type OperationType, requestSubscription } from "relay-runtime";
import { useLive } from "./live";

/**
 * A subscription that stops while the person paused live updates and starts again when they
 * resume; `key` is what identifies the config (its variables), since the config object itself
 * is usually new on every render.
 */
export function useLiveSubscription<T extends OperationType>(
  config: GraphQLSubscriptionConfig<T>,
  key: string,
  enabled = true,
) {
  const environment = useRelayEnvironment();
  const { paused } = useLive();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the config
  useEffect(() => {
    if (paused || !enabled) return;
    const subscription = requestSubscription(environment, config);
    return () => subscription.dispose();
  }, [environment, paused, key, enabled]);
}

/** Runs `refetch` whenever live updates resume or the socket comes back after a loss. */
export function useRereadOnReconnect(refetch: () => void) {
  const { epoch } = useLive();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the epoch's changes matter
  useEffect(() => {
    if (epoch > 0) refetch();
  }, [epoch]);
}
