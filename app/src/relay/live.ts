import { useSyncExternalStore } from "react";

/**
 * The state of live updates the whole app shares: whether the socket is up, whether the person
 * paused updates (WCAG 2.2.2), and an epoch that grows on each reconnect so that pages re-read
 * what they may have missed while the socket was down.
 */
export type LiveState = {
  connection: "idle" | "connected" | "lost";
  paused: boolean;
  epoch: number;
  signedOut: boolean;
};

let state: LiveState = { connection: "idle", paused: false, epoch: 0, signedOut: false };
const listeners = new Set<() => void>();

function set(next: Partial<LiveState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const live = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  connected() {
    // A reconnect after a loss: pages watching the epoch fetch again.
    set(
      state.connection === "lost" ? { connection: "connected", epoch: state.epoch + 1 } : { connection: "connected" },
    );
  },
  disconnected() {
    if (state.connection === "connected") set({ connection: "lost" });
  },
  setPaused(paused: boolean) {
    // Resuming re-reads too: the updates that arrived while paused were not applied.
    set(paused ? { paused } : { paused, epoch: state.epoch + 1 });
  },
  signedOut() {
    set({ signedOut: true });
  },
  signedIn() {
    set({ signedOut: false });
  },
};

export function useLive(): LiveState {
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}
