import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { MoveToGroupQuery } from "../../__generated__/MoveToGroupQuery.graphql";
import type { moveChecksMutation } from "../../__generated__/moveChecksMutation.graphql";
import { moveChecks } from "./moveChecks";

const groups = graphql`
  query MoveToGroupQuery {
    checkGroups(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

const OUT = "";

function Picker({ ids, onDone }: { ids: string[]; onDone: (text: string, moved: boolean) => void }) {
  const data = useLazyLoadQuery<MoveToGroupQuery>(groups, {});
  const [target, setTarget] = useState(OUT);
  const [commit, moving] = useMutation<moveChecksMutation>(moveChecks);
  const move = () =>
    commit({
      variables: { ids, groupId: target || null },
      onCompleted: ({ updateChecks }) => {
        const ok = updateChecks.__typename === "UpdateChecksSuccess";
        const name = data.checkGroups.edges.find(({ node }) => node.id === target)?.node.name;
        const n = `${ids.length} check${ids.length === 1 ? "" : "s"}`;
        onDone(
          ok ? (name ? `Moved ${n} into ${name}.` : `Took ${n} out of their group.`) : (updateChecks.message ?? ""),
          ok,
        );
      },
      onError: (error) => onDone(error.message, false),
    });
  return (
    <>
      <label htmlFor="move-to-group">Group</label>{" "}
      <select id="move-to-group" value={target} onChange={(event) => setTarget(event.target.value)}>
        <option value={OUT}>No group (take out)</option>
        {data.checkGroups.edges.map(({ node }) => (
          <option key={node.id} value={node.id}>
            {node.name}
          </option>
        ))}
      </select>
      <button type="button" disabled={!ids.length || moving} onClick={move}>
        Move
      </button>
    </>
  );
}

/** The checks list's bulk move: into one of the account's groups, or out of theirs (the groups load when asked for). */
export function MoveToGroup({ ids, onDone }: { ids: string[]; onDone: (text: string, moved: boolean) => void }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" disabled={!ids.length} onClick={() => setOpen(true)}>
        Move to group…
      </button>
    );
  return (
    <Suspense fallback={<span aria-busy="true">Loading groups…</span>}>
      <Picker
        ids={ids}
        onDone={(text, moved) => {
          if (moved) setOpen(false);
          onDone(text, moved);
        }}
      />
    </Suspense>
  );
}
