import { graphql, usePaginationFragment } from "react-relay";
import type { GroupChecks_group$key } from "../../__generated__/GroupChecks_group.graphql";
import { Link } from "../../router/router";
import { checks, useMoveChecks } from "./useMoveChecks";
import { SETTING_LABELS } from "./values";

const fragment = graphql`
  fragment GroupChecks_group on CheckGroup
  @refetchable(queryName: "GroupChecksPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    checks(first: $count, after: $cursor) @connection(key: "GroupChecks__checks") {
      edges {
        node {
          id
          name
          inheritedSettings
        }
      }
    }
  }
`;

/** The group's checks, each with the settings it takes from the group; take some out in bulk. */
export function GroupChecks({ group, onMoved }: { group: GroupChecks_group$key; onMoved: () => void }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, group);
  const { selected, toggle, move, moving, outcome } = useMoveChecks(
    null,
    (n) => `Took ${checks(n)} out of the group.`,
    onMoved,
  );
  const edges = data.checks.edges;
  return (
    <section className="panel" aria-labelledby="group-checks">
      <h2 id="group-checks">Checks in the group</h2>
      {edges.length === 0 ? <p>No check yet: move some in below, or from the checks list.</p> : null}
      <ul className="plain">
        {edges.map(({ node }) => (
          <li key={node.id} data-testid="group-check">
            <label className="inline">
              <input
                type="checkbox"
                checked={selected.has(node.id)}
                onChange={(event) => toggle(node.id, event.target.checked)}
              />{" "}
              <span className="visually-hidden">Select </span>
              {node.name}
            </label>{" "}
            <Link to={`/checks/${encodeURIComponent(node.id)}`}>open</Link>
            <br />
            <span className="muted" data-testid="inherits">
              {node.inheritedSettings.length
                ? `Inherits: ${node.inheritedSettings.map((s) => SETTING_LABELS[s] ?? s).join(", ")}`
                : "Inherits nothing: the group sets none of its settings"}
            </span>
          </li>
        ))}
      </ul>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(25)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More checks"}
        </button>
      ) : null}
      <div className="actions">
        <button type="button" disabled={!selected.size || moving} onClick={move}>
          Take the selected out of the group
        </button>
        <span role="status">{outcome}</span>
      </div>
    </section>
  );
}
