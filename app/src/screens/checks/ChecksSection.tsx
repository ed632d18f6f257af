import { useEffect, useRef } from "react";
import { usePaginationFragment } from "react-relay";
import type { GraphQLTaggedNode } from "relay-runtime";
import type { CheckRow_check$key } from "../../__generated__/CheckRow_check.graphql";
import { CheckRow } from "./CheckRow";

type Connection = {
  readonly __id: string;
  readonly edges: readonly {
    readonly node: { readonly id: string; readonly status: { readonly status: string } } & CheckRow_check$key;
  }[];
};
type Pagination = {
  data: unknown;
  loadNext: (count: number) => void;
  hasNext: boolean;
  isLoadingNext: boolean;
  refetch: (variables: object, options: { fetchPolicy: "network-only" }) => void;
};

export const PAGE_SIZE = 50;

export type SectionHandle = {
  /** The checks shown, by id, with the state they had when loaded (the order is fixed at load). */
  loaded: Map<string, string>;
  connectionId: string;
};

/**
 * One server-paginated run of the checks list (all of one state when sorted by state). The next
 * page loads when the end of the section scrolls into view, or with the button.
 */
export function ChecksSection({
  fragment,
  field,
  query,
  title,
  selected,
  onToggle,
  onLoaded,
  resort,
}: {
  fragment: GraphQLTaggedNode;
  field: string;
  query: unknown;
  title: string | null;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onLoaded: (handle: SectionHandle) => void;
  resort: number;
}) {
  // One of the four section fragments (sections.ts); they differ only in the state they ask for.
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    fragment,
    query as never,
  ) as unknown as Pagination;
  const connection = (data as unknown as Record<string, Connection>)[field] as Connection;
  const edges = connection.edges;
  useEffect(() => {
    onLoaded({
      loaded: new Map(edges.map((edge) => [edge.node.id, edge.node.status.status])),
      connectionId: connection.__id,
    });
  }, [edges, connection.__id, onLoaded]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token asks for a fresh first page
  useEffect(() => {
    if (resort > 0) refetch({}, { fetchPolicy: "network-only" });
  }, [resort]);
  const end = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNext || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isLoadingNext) loadNext(PAGE_SIZE);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNext, isLoadingNext, loadNext]);
  if (edges.length === 0 && title) return null;
  return (
    <tbody>
      {title ? (
        <tr>
          <th colSpan={6} scope="rowgroup">
            {title}
          </th>
        </tr>
      ) : null}
      {edges.length === 0 ? (
        <tr>
          <td colSpan={6}>No check matches.</td>
        </tr>
      ) : null}
      {edges.map((edge) => (
        <CheckRow key={edge.node.id} check={edge.node} selected={selected.has(edge.node.id)} onToggle={onToggle} />
      ))}
      {hasNext ? (
        <tr ref={end}>
          <td colSpan={6}>
            <button type="button" onClick={() => loadNext(PAGE_SIZE)} disabled={isLoadingNext}>
              {isLoadingNext ? "Loading…" : `Load more ${title ? title.toLowerCase() : "checks"}`}
            </button>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
