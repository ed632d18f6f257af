import { graphql, type PreloadedQuery, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { GraphQLTaggedNode } from "relay-runtime";
import type { IncidentRow_incident$key } from "../../__generated__/IncidentRow_incident.graphql";
import type { IncidentsListQuery } from "../../__generated__/IncidentsListQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import { useLiveSubscription, useRereadOnReconnect } from "../../relay/useLiveSubscription";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { IncidentRow } from "./IncidentRow";
import { incidentsListQuery } from "./IncidentsListQuery";
import { openSection, resolvedSection } from "./sections";

const PAGE_SIZE = 25;

const changed = graphql`
  subscription IncidentsListChangedSubscription {
    incidentChanged {
      id
    }
  }
`;

type Pagination = {
  data: Record<string, { edges: readonly { node: { id: string } & IncidentRow_incident$key }[] }>;
  loadNext: (count: number) => void;
  hasNext: boolean;
  isLoadingNext: boolean;
};

function Section({
  fragment,
  field,
  query,
  title,
}: {
  fragment: GraphQLTaggedNode;
  field: string;
  query: unknown;
  title: string;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    fragment,
    query as never,
  ) as unknown as Pagination;
  const edges = data[field]?.edges ?? [];
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {edges.length === 0 ? <p>None.</p> : null}
      <ul className="plain">
        {edges.map((edge) => (
          <IncidentRow key={edge.node.id} incident={edge.node} />
        ))}
      </ul>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(PAGE_SIZE)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : `Load more ${title.toLowerCase()}`}
        </button>
      ) : null}
    </section>
  );
}

/** The account's incidents, open ones first; an incident opened or changed anywhere shows up live. */
export function IncidentsList({ queryRef }: ScreenProps) {
  const ref = queryRef as PreloadedQuery<IncidentsListQuery>;
  const data = usePreloadedQuery<IncidentsListQuery>(incidentsListQuery, ref);
  const reread = useRefetch(incidentsListQuery, {});
  useLiveSubscription({ subscription: changed, variables: {}, onNext: reread }, "incidents");
  useRereadOnReconnect(reread);
  return (
    <>
      <div className="actions">
        <h1>Incidents</h1>
        <Link to="/incidents/new" className="button primary">
          Open an incident
        </Link>
      </div>
      <Section fragment={openSection} field="open" query={data} title="Open incidents" />
      <Section fragment={resolvedSection} field="resolved" query={data} title="Resolved incidents" />
    </>
  );
}
