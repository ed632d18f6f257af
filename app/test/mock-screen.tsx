import { render } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay";
import type { ConcreteRequest } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import type { ScreenProps } from "../src/routes";

// jsdom has <dialog> without its modal methods: open it as the browser would (focus aside).
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

export type Environment = ReturnType<typeof createMockEnvironment>;

/** A screen on a mock environment, its query (with `variables` as the path's parameters) answered by `resolvers`. */
export function show(
  Screen: ComponentType<ScreenProps>,
  node: ConcreteRequest,
  variables: Record<string, unknown>,
  resolvers: MockPayloadGenerator.MockResolvers,
): Environment {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, node, variables);
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers));
  const props = { queryRef, params: variables, search: new URLSearchParams() } as unknown as ScreenProps;
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Suspense fallback="loading">
        <Screen {...props} />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  return environment;
}

/** The pending operation of that name; throws when there is none. */
export const operationNamed = (environment: Environment, name: string) => {
  const found = environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);
  if (!found) throw new Error(`no pending ${name}`);
  return found;
};

/** A mutation's answer that is the schema's ValidationError (message, and the fields it names). */
export const validationError = (message: string, fieldPaths: string[]) => ({
  data: { result: { __typename: "ValidationError", __isError: "ValidationError", message, fieldPaths } },
});
