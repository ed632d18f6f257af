import { render } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { loadQuery, type PreloadedQuery, RelayEnvironmentProvider } from "react-relay";
import type { ConcreteRequest, OperationType } from "relay-runtime";
import { createMockEnvironment, type MockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import type { ScreenProps } from "../src/routes";

// The pending operation of a name (a mutation sent, a page asked for): one definition for both harnesses.
export { operationNamed } from "./mock-screen";

/** Renders a screen as the router does: its preloaded query, path parameters and query string. */
export function renderScreen(
  environment: MockEnvironment,
  Screen: ComponentType<ScreenProps>,
  queryRef: PreloadedQuery<OperationType> | null,
  params: Record<string, string> = {},
  search = new URLSearchParams(),
) {
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Suspense fallback="loading">
        <Screen queryRef={queryRef} params={params} search={search} />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
}

type Environment = ReturnType<typeof createMockEnvironment>;

/** A screen on a fresh mock environment, its query (when it has one) answered by `resolvers`. */
export function showScreen(
  Screen: ComponentType<ScreenProps>,
  node: ConcreteRequest | null,
  variables: Record<string, unknown> = {},
  resolvers: MockPayloadGenerator.MockResolvers = {},
): Environment {
  const environment = createMockEnvironment();
  const queryRef = node ? loadQuery(environment, node, variables) : null;
  if (node)
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers));
  renderScreen(environment, Screen, queryRef, variables as Record<string, string>);
  return environment;
}
