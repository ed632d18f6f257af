import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import ApiKeysQueryNode from "../src/__generated__/ApiKeysQuery.graphql";
import type { ScreenProps } from "../src/routes";
import { ApiKeys } from "../src/screens/keys/ApiKeys";

// jsdom has <dialog> without its modal methods: open it as the browser would (focus aside).
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

const key = (id: string, name: string | null) => ({
  id,
  name,
  maskedKey: `vg_${id}aa…zz99`,
  createdAt: new Date().toISOString(),
  lastUsedAt: null,
});

// Mock resolvers by type name (module level: Biome takes capitalised functions for components).
const RESOLVERS = {
  Query: () => ({
    session: { apiKeyId: "k1" },
    viewer: {
      apiKeyConnection: {
        edges: [{ node: key("k2", "CI") }, { node: key("k1", null) }],
        pageInfo: { hasNextPage: true },
      },
    },
  }),
};

describe("API keys", () => {
  it("lists keys masked, shows a new one once, and revokes only after asking", async () => {
    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, ApiKeysQueryNode, {});
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
    const props = { queryRef, params: {}, search: new URLSearchParams() } as unknown as ScreenProps;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <ApiKeys {...props} />
        </Suspense>
      </RelayEnvironmentProvider>,
    );
    const rows = () => screen.getAllByTestId("api-key-row").map((row) => row.textContent);
    expect((await screen.findAllByTestId("api-key-row")).length).toBe(2);
    expect(rows()[0]).toContain("vg_k2aa…zz99");
    expect(rows()[1]).toContain("this browser signed in with it");
    expect(screen.getByRole("button", { name: "More keys" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("What it is for"), { target: { value: "deploys" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the key" }));
    const create = environment.mock.getMostRecentOperation();
    expect(create.request.node.params.name).toBe("NewKeyMutation");
    expect(create.request.variables.name).toBe("deploys");
    act(() =>
      environment.mock.resolve(create, {
        data: {
          result: {
            __typename: "CreateApiKeySuccess",
            data: { key: "vg_secretsecretsecret", apiKey: key("k3", "deploys") },
          },
        },
      }),
    );
    expect(screen.getByTestId("new-api-key").textContent).toBe("vg_secretsecretsecret");
    expect(screen.getByRole("button", { name: "Copy the key" })).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toContain("deploys");
    expect(rows().join()).not.toContain("vg_secretsecretsecret"); // the list shows it masked only

    fireEvent.click(screen.getByRole("button", { name: "Revoke CI…" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke CI?" });
    expect(environment.mock.getAllOperations()).toHaveLength(0); // nothing sent before the answer
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    const revoke = environment.mock.getMostRecentOperation();
    expect(revoke.request.variables.id).toBe("k2");
    act(() =>
      environment.mock.resolve(revoke, {
        data: { result: { __typename: "RevokeApiKeySuccess", data: { deletedId: "k2" } } },
      }),
    );
    expect(rows()).toHaveLength(2);
    expect(rows().join()).not.toContain("CI");
    expect(screen.getByText("Revoked CI: it opens nothing from now on.")).toBeTruthy();

    // Its own key: the dialog says this browser will be signed out.
    fireEvent.click(screen.getByRole("button", { name: "Revoke vg_k1aa…zz99…" }));
    expect(screen.getByRole("dialog").textContent).toContain("you will be signed out");
  });
});
