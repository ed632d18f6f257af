import { useCallback, useEffect, useRef, useState } from "react";
import type { Environment } from "relay-runtime";

/** How long an "Undo" stays offered after a pause or a mute (issue 30). */
export const UNDO_MS = 10_000;

type Offer = { text: string; undo: () => void };

/**
 * An action's "Undo" for UNDO_MS: `offer(text, undo)` shows the text with the button; a new
 * offer replaces the last; `element` is where it shows: inside the caller's live region (role
 * status), so that it is announced.
 */
export function useUndo() {
  const [offer, setOffer] = useState<Offer | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clear, [clear]);
  const show = useCallback(
    (text: string, undo: () => void) => {
      clear();
      setOffer({ text, undo });
      timer.current = setTimeout(() => setOffer(null), UNDO_MS);
    },
    [clear],
  );
  const element = (
    <span data-testid="undo">
      {offer ? (
        <>
          {offer.text}{" "}
          <button
            type="button"
            onClick={() => {
              clear();
              setOffer(null);
              offer.undo();
            }}
          >
            Undo
          </button>
        </>
      ) : null}
    </span>
  );
  return { offer: show, element };
}

/**
 * The checks among `ids` whose `field` (activated, muted) the store holds as other than `value`:
 * those an update to `value` changes, and so the ones its Undo sets back to `!value`.
 */
export function changedBy(
  environment: Environment,
  ids: readonly string[],
  field: "activated" | "muted",
  value: boolean,
) {
  const source = environment.getStore().getSource();
  return ids.filter((id) => {
    const before = source.get(id)?.[field];
    return typeof before === "boolean" && before !== value;
  });
}
