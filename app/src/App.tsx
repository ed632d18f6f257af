import { Suspense, useEffect, useMemo } from "react";
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

/**
 * The screen of the current URL, its query started as navigation happens (render-as-you-fetch:
 * the request is on the wire before the screen's code renders), disposed when the screen goes.
 */
function Screen({ route, params }: { route: Route; params: Record<string, string> }) {
  const place = usePlace();
  const environment = useRelayEnvironment();
  const key = `${place.path}?${place.search}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL decides the query
  const queryRef = useMemo(
    () =>
      route.query
        ? loadQuery(environment, route.query, route.variables?.(params, place.search) ?? {}, {
            fetchPolicy: "store-and-network",
          })
        : null,
    [environment, key],
  );
  useEffect(() => () => queryRef?.dispose(), [queryRef]);
  const props: ScreenProps = { queryRef: queryRef as ScreenProps["queryRef"], params, search: place.search };
  // The boundary is inside: a component that suspends before it mounts loses its memo, and the
  // query would be started again on every retry.
  return (
    <Suspense
      fallback={
        <p className="loading" aria-busy="true">
          Loading…
        </p>
      }
    >
      <route.Component {...props} />
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
