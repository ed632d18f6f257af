import { useCallback, useRef, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { ChecksListQuery } from "../../__generated__/ChecksListQuery.graphql";
import { checksListQuery } from "./ChecksListQuery";
import { useLiveSubscription, useRereadOnReconnect } from "../../relay/useLiveSubscription";
import type { ScreenProps } from "../../routes";
import { BulkBar } from "./BulkBar";
import { ChecksSection, type SectionHandle } from "./ChecksSection";
import { Filters } from "./Filters";
import { allSection, degradedSection, failingSection, passingSection } from "./sections";

const statusEvents = graphql`
  subscription ChecksListStatusSubscription($from: DateTime!, $to: DateTime!) {
    checkStatusChanged {
      status
      check {
        id
        ...CheckRow_check
      }
    }
  }
`;
const resultEvents = graphql`
  subscription ChecksListResultSubscription($from: DateTime!, $to: DateTime!) {
    checkResultRecorded {
      id
      check {
        id
        ...CheckRow_check
      }
    }
  }
`;

/** The checks list: filters in the URL, failing first with the order fixed at load, live rows, bulk actions. */
export function ChecksList({ queryRef, search }: ScreenProps) {
  const data = usePreloadedQuery<ChecksListQuery>(checksListQuery, queryRef as PreloadedQuery<ChecksListQuery>);
  const variables = (queryRef as PreloadedQuery<ChecksListQuery>).variables;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [changed, setChanged] = useState(false);
  const [resort, setResort] = useState(0);
  const handles = useRef(new Map<string, SectionHandle>());
  const loadedState = (id: string) => {
    for (const section of handles.current.values()) if (section.loaded.has(id)) return section.loaded.get(id);
    return undefined;
  };
  const live = { from: variables.from, to: variables.to };
  useLiveSubscription(
    {
      subscription: statusEvents,
      variables: live,
      onNext: (event) => {
        const change = (event as { checkStatusChanged?: { status: string; check: { id: string } } } | null)
          ?.checkStatusChanged;
        const was = change && loadedState(change.check.id);
        if (was && was !== change.status) setChanged(true);
      },
    },
    `status:${variables.from}`,
  );
  useLiveSubscription({ subscription: resultEvents, variables: live }, `results:${variables.from}`);
  // Back from a lost connection or a pause: what changed meanwhile is read again (sorted afresh).
  useRereadOnReconnect(() => {
    setChanged(false);
    setResort((n) => n + 1);
  });
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const register = (name: string) => (handle: SectionHandle) => handles.current.set(name, handle);
  const onLoaded = {
    single: useCallback(register("single"), []),
    failing: useCallback(register("failing"), []),
    degraded: useCallback(register("degraded"), []),
    passing: useCallback(register("passing"), []),
  };
  const allLoaded = () => [...handles.current.values()].flatMap((section) => [...section.loaded.keys()]);
  const common = { selected, onToggle: toggle, resort };
  const sections = variables.byState
    ? [
        {
          fragment: failingSection,
          field: "failing",
          query: data.sectionFailing,
          title: "Failing",
          onLoaded: onLoaded.failing,
        },
        {
          fragment: degradedSection,
          field: "degraded",
          query: data.sectionDegraded,
          title: "Degraded",
          onLoaded: onLoaded.degraded,
        },
        {
          fragment: passingSection,
          field: "passing",
          query: data.sectionPassing,
          title: "Passing",
          onLoaded: onLoaded.passing,
        },
      ]
    : [{ fragment: allSection, field: "all", query: data.sectionAll, title: null, onLoaded: onLoaded.single }];
  return (
    <>
      <h1>Checks</h1>
      <Filters search={search} groups={data.checkGroups.edges.map((edge) => edge.node)} />
      {changed ? (
        <p className="banner warning" role="status">
          States changed since this list was sorted.{" "}
          <button
            type="button"
            onClick={() => {
              setChanged(false);
              setResort((n) => n + 1);
            }}
          >
            Re-sort
          </button>
        </p>
      ) : null}
      <BulkBar
        selected={selected}
        total={data.checkCounts.total}
        onSelectAll={() => setSelected(new Set(allLoaded()))}
        onClear={() => setSelected(new Set())}
        connections={() => [...handles.current.values()].map((section) => section.connectionId)}
      />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Checks</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Selected</span>
              </th>
              <th scope="col">State</th>
              <th scope="col">Name</th>
              <th scope="col" className="hide-narrow">
                Last results
              </th>
              <th scope="col" className="hide-narrow">
                Response (p50, 24 h)
              </th>
              <th scope="col">Uptime 24 h</th>
            </tr>
          </thead>
          {sections.map((section) => (
            <ChecksSection key={section.field} {...section} {...common} />
          ))}
        </table>
      </div>
    </>
  );
}
