import { graphql, type PreloadedQuery, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { GroupsList_groups$key } from "../../__generated__/GroupsList_groups.graphql";
import type { GroupsListQuery } from "../../__generated__/GroupsListQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { groupsListQuery } from "./GroupsListQuery";

const PAGE_SIZE = 25;

const fragment = graphql`
  fragment GroupsList_groups on Query
  @refetchable(queryName: "GroupsListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    checkGroups(first: $count, after: $cursor) @connection(key: "GroupsList__checkGroups") {
      edges {
        node {
          id
          name
          activated
          muted
          tags
          locations
        }
      }
    }
  }
`;

/** The account's check groups, a page at a time from the server. */
export function GroupsList({ queryRef }: ScreenProps) {
  const query = usePreloadedQuery<GroupsListQuery>(groupsListQuery, queryRef as PreloadedQuery<GroupsListQuery>);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<GroupsListQuery, GroupsList_groups$key>(
    fragment,
    query,
  );
  const edges = data.checkGroups.edges;
  return (
    <>
      <div className="actions">
        <h1>Check groups</h1>
        <Link to="/check-groups/new" className="button primary">
          New group
        </Link>
      </div>
      <section className="panel" aria-label="Groups">
        {edges.length === 0 ? <p>No group yet: a group gives its checks shared settings.</p> : null}
        <ul className="plain">
          {edges.map(({ node }) => (
            <li key={node.id} data-testid="group-row">
              <Link to={`/check-groups/${encodeURIComponent(node.id)}`}>
                <strong>{node.name}</strong>
              </Link>
              {node.activated ? null : <span className="badge"> Paused</span>}
              {node.muted ? <span className="badge"> Muted</span> : null}
              <br />
              <span className="muted">
                {node.locations.length
                  ? `Runs its checks from ${node.locations.map((l) => l.toLowerCase().replace(/_/g, "-")).join(", ")}`
                  : "Each check keeps its locations"}
                {node.tags.length ? ` · tags ${node.tags.join(", ")}` : ""}
              </span>
            </li>
          ))}
        </ul>
        {hasNext ? (
          <button type="button" onClick={() => loadNext(PAGE_SIZE)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading…" : "More groups"}
          </button>
        ) : null}
      </section>
    </>
  );
}
