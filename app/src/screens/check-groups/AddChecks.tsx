import { graphql, usePaginationFragment } from "react-relay";
import type { AddChecks_query$key } from "../../__generated__/AddChecks_query.graphql";
import { checks, useMoveChecks } from "./useMoveChecks";

const fragment = graphql`
  fragment AddChecks_query on Query
  @refetchable(queryName: "AddChecksPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    checks(first: $count, after: $cursor) @connection(key: "AddChecks__checks") {
      edges {
        node {
          id
          name
          group {
            id
            name
          }
        }
      }
    }
  }
`;

/** The account's checks outside this group, to move in at once (from another group too). */
export function AddChecks({
  query,
  groupId,
  onMoved,
}: {
  query: AddChecks_query$key;
  groupId: string;
  onMoved: () => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const { selected, toggle, move, moving, outcome } = useMoveChecks(
    groupId,
    (n) => `Moved ${checks(n)} into the group.`,
    onMoved,
  );
  const outside = data.checks.edges.filter(({ node }) => node.group?.id !== groupId);
  return (
    <section className="panel" aria-labelledby="add-checks">
      <h2 id="add-checks">Move checks into the group</h2>
      <fieldset>
        <legend className="visually-hidden">Checks outside the group</legend>
        {outside.length === 0 ? <p>Every check shown is in this group.</p> : null}
        {outside.map(({ node }) => (
          <label key={node.id} className="inline" data-testid="outside-check">
            <input
              type="checkbox"
              checked={selected.has(node.id)}
              onChange={(event) => toggle(node.id, event.target.checked)}
            />{" "}
            {node.name}
            {node.group ? <span className="muted"> (in {node.group.name})</span> : null}
          </label>
        ))}
      </fieldset>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(50)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More checks"}
        </button>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" disabled={!selected.size || moving} onClick={move}>
          Move the selected into the group
        </button>
        <span role="status">{outcome}</span>
      </div>
    </section>
  );
}
