import { render } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { type PreloadedQuery, RelayEnvironmentProvider } from "react-relay";
import type { OperationType } from "relay-runtime";
import type { MockEnvironment } from "relay-test-utils";
import type { ScreenProps } from "../src/routes";

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
