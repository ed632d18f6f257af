import { startTransition, Suspense, useEffect, useMemo, useState } from "react";
import { loadQuery, useRelayEnvironment } from "react-relay";
import { useLive } from "./relay/live";
import type { Route, ScreenProps } from "./routes";
import { match, navigate, usePlace } from "./router/router";
import { routes } from "./screens";
import { Layout } from "./shell/Layout";
import { ErrorBoundary } from "./ui/ErrorBoundary";

function NotFound() {
  return (
    <section className="panel">
      <h1>Not found</h1>
      <p>There is no page at this address.</p>
    </section>
  );
}

type Entry = { key: string; route: Route; props: ScreenProps };

/**
 * The screen of the current URL, its query started as navigation happens (render-as-you-fetch:
 * the request is on the wire before the screen's code renders), disposed when the screen goes.
 * The query is loaded outside render (on mount, then in an effect per URL) and the new screen
 * swapped in by a transition: a render that suspends is thrown away with what it computed, so
 * loading in render would start the query again on every retry.
 */
function Screen({ route, params }: { route: Route; params: Record<string, string> }) {
  const place = usePlace();
  const environment = useRelayEnvironment();
  const key = `${place.path}?${place.search}`;
  const load = (): Entry => ({
    key,
    route,
    props: {
      queryRef: (route.query
        ? loadQuery(environment, route.query, route.variables?.(params, place.search) ?? {}, {
            fetchPolicy: "store-and-network",
          })
        : null) as ScreenProps["queryRef"],
      params,
      search: place.search,
    },
  });
  const [entry, setEntry] = useState(load);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL decides the query
  useEffect(() => {
    if (entry.key === key) return;
    const next = load();
    startTransition(() => setEntry(next));
  }, [key]);
  useEffect(() => () => entry.props.queryRef?.dispose(), [entry]);
  const Component = entry.route.Component;
  return (
    <Suspense
      fallback={
        <p className="loading" aria-busy="true">
          Loading…
        </p>
      }
    >
      <Component {...entry.props} />
    </Suspense>
  );
}

export function App() {
  const place = usePlace();
  const { signedOut } = useLive();
  const found = useMemo(() => {
    for (const route of routes) {
      const params = match(route.pattern, place.path);
      if (params) return { route, params };
    }
    return null;
  }, [place.path]);
  const isPublic = found?.route.public === true;
  useEffect(() => {
    if (signedOut && !isPublic) navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`);
  }, [signedOut, isPublic]);

  const screen = (
    <ErrorBoundary key={place.path}>
      <Suspense
        fallback={
          <p className="loading" aria-busy="true">
            Loading…
          </p>
        }
      >
        {found ? <Screen route={found.route} params={found.params} /> : <NotFound />}
      </Suspense>
    </ErrorBoundary>
  );
  return isPublic ? <main className="public">{screen}</main> : <Layout>{screen}</Layout>;
}
