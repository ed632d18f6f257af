import { type PreloadedQuery, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { StatusPagesList_query$key } from "../../__generated__/StatusPagesList_query.graphql";
import type { StatusPagesQuery } from "../../__generated__/StatusPagesQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { ServicesPanel } from "./ServicesPanel";
import { pagesSection, statusPagesQuery } from "./StatusPagesQuery";

/** The account's status pages a page at a time, and its services with their state. */
export function StatusPages({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<StatusPagesQuery>(statusPagesQuery, queryRef as PreloadedQuery<StatusPagesQuery>);
  const {
    data: pages,
    loadNext,
    hasNext,
    isLoadingNext,
  } = usePaginationFragment(pagesSection, data as StatusPagesList_query$key);
  const edges = pages.statusPages.edges;
  return (
    <>
      <div className="actions">
        <h1>Status pages</h1>
        <Link to="/status-pages/new" className="button primary">
          New status page
        </Link>
      </div>
      <section className="panel" aria-labelledby="pages">
        <h2 id="pages">Pages</h2>
        {edges.length === 0 ? <p>None yet.</p> : null}
        <ul className="plain">
          {edges.map(({ node }) => (
            <li key={node.id} data-testid="status-page-row">
              <Link to={`/status-pages/${encodeURIComponent(node.id)}`}>
                <strong>{node.name}</strong>
              </Link>{" "}
              {node.isPrivate ? <span className="badge">Private</span> : null}
              <br />
              <span className="muted">
                /status/{node.url}
                {node.customDomain ? ` · ${node.customDomain}` : ""} ·{" "}
                {node.cards.reduce((sum, card) => sum + card.services.length, 0)} services
              </span>
            </li>
          ))}
        </ul>
        {hasNext ? (
          <button type="button" onClick={() => loadNext(25)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading…" : "More pages"}
          </button>
        ) : null}
      </section>
      <ServicesPanel query={data} />
    </>
  );
}
