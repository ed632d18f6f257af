import { useState } from "react";
import { useMutation } from "react-relay";
import type { moveChecksMutation } from "../../__generated__/moveChecksMutation.graphql";
import { moveChecks } from "./moveChecks";

/**
 * A selection of checks and the move of it into `groupId` (null: out of their group), for the
 * group's two lists: what was done, or the API's refusal, in `outcome`.
 */
export function useMoveChecks(groupId: string | null, done: (count: number) => string, onMoved: () => void) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState("");
  const [commit, moving] = useMutation<moveChecksMutation>(moveChecks);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const move = () =>
    commit({
      variables: { ids: [...selected], groupId },
      onCompleted: ({ updateChecks }) => {
        if (updateChecks.__typename !== "UpdateChecksSuccess") return setOutcome(updateChecks.message ?? "");
        setOutcome(done(selected.size));
        setSelected(new Set());
        onMoved();
      },
      onError: (error) => setOutcome(error.message),
    });
  return { selected, toggle, move, moving, outcome };
}

export const checks = (n: number) => `${n} check${n === 1 ? "" : "s"}`;
