import { act, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import LocationsQueryNode from "../src/__generated__/LocationsQuery.graphql";
import { agentCommand } from "../src/screens/locations/agentCommand";
import { Locations } from "../src/screens/locations/Locations";
import { renderScreen } from "./render-screen";
import { validationError } from "./mock-screen";

// Issue 30, point 6: private locations; a key shown once with the command that runs an agent,
// agents updated live from the subscription, edit, delete only after asking.

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

const location = (id: string, name: string, agents: unknown[] = []) => ({
  id,
  name,
  slugName: name.toLowerCase(),
  proxyUrl: null,
  lastSeen: agents.length ? new Date().toISOString() : null,
  queueSize: 3,
  agentCount: agents.length,
  keys: [{ id: `${id}-k`, maskedKey: "pl_abcd…wxyz" }],
  agents,
});
const agent = (agentId: string, version: string, runsHeld: number) => ({
  agentId,
  version,
  platform: "linux",
  runtimeVersion: "v22.0.0",
  startedAt: new Date().toISOString(),
  lastSeen: new Date().toISOString(),
  runsHeld,
});

const RESOLVERS = {
  Query: () => ({
    privateLocations: { edges: [{ node: location("l1", "Office") }], pageInfo: { hasNextPage: false } },
  }),
};

function start() {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, LocationsQueryNode, {});
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
  renderScreen(environment, Locations, queryRef as never);
  const operation = (name: string) =>
    environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);
  return { environment, operation };
}

describe("Private locations", () => {
  it("shows the agents connected, updated from the subscription without a re-read", async () => {
    const { environment, operation } = start();
    const row = await screen.findByTestId("location-row");
    expect(row.textContent).toContain("No agent connected");
    expect(row.textContent).toContain("3 runs queued");
    const changed = operation("LocationsChangedSubscription")!;
    expect(changed).toBeTruthy();
    act(() =>
      environment.mock.nextValue(changed, {
        data: { privateLocationChanged: location("l1", "Office", [agent("0b6c4c9e-aaaa", "1.4.0", 2)]) },
      }),
    );
    expect(screen.getByTestId("location-row").textContent).toContain("1 agent connected");
    const cells = within(screen.getByTestId("agent-row"))
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells[0]).toContain("0b6c4c9e");
    expect(cells[1]).toBe("1.4.0");
    expect(cells[3]).toBe("2");
    expect(operation("LocationsQuery")).toBeUndefined();
  });

  it("makes a location: its key shown once with the command, the API's errors on their fields", async () => {
    const { environment } = start();
    await screen.findByTestId("location-row");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Lab" } });
    fireEvent.change(screen.getByLabelText("Slug"), { target: { value: "eu-west-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the location" }));
    const refused = environment.mock.getMostRecentOperation();
    expect(refused.request.variables.input).toEqual({ name: "Lab", slugName: "eu-west-1", proxyUrl: null });
    act(() =>
      environment.mock.resolve(
        refused,
        validationError("slugName: must not be shaped like a data-center location", ["input.slugName"]),
      ),
    );
    expect(screen.getByTestId("error-location-slug").textContent).toContain("data-center");
    expect(screen.queryByTestId("new-agent-key")).toBeNull();

    fireEvent.change(screen.getByLabelText("Slug"), { target: { value: "lab" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the location" }));
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: {
          result: {
            __typename: "CreatePrivateLocationSuccess",
            data: { firstKey: { rawKey: "pl_secret'key" }, privateLocation: location("l2", "Lab") },
          },
        },
      }),
    );
    expect(screen.getByTestId("new-agent-key").textContent).toBe("pl_secret'key");
    expect(screen.getByTestId("agent-command").textContent).toBe(
      `API_KEY='pl_secret'\\''key' VIGIL_URL='${window.location.origin}' npx vigil agent`,
    );
    expect(screen.getByRole("button", { name: "Copy the command" })).toBeTruthy();
    expect(screen.getAllByTestId("location-row")).toHaveLength(2);
    expect(
      screen
        .getAllByTestId("location-row")
        .map((r) => r.textContent)
        .join(),
    ).not.toContain("pl_secret");
  });

  it("deletes only after asking, and edits the name", async () => {
    const { environment } = start();
    await screen.findByTestId("location-row");
    fireEvent.click(screen.getByRole("button", { name: "Delete Office…" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Office?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name.includes("Delete"))).toBe(
      false,
    );

    fireEvent.click(screen.getByRole("button", { name: "Edit Office" }));
    const form = screen.getByRole("form", { name: "Edit Office" });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Office 2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    const update = environment.mock.getMostRecentOperation();
    expect(update.request.variables).toEqual({ id: "l1", input: { name: "Office 2", proxyUrl: null } });
    act(() =>
      environment.mock.resolve(update, {
        data: {
          result: { __typename: "UpdatePrivateLocationSuccess", data: { id: "l1", name: "Office 2", proxyUrl: null } },
        },
      }),
    );
    expect(screen.getByText("Saved Office 2.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Delete Office 2…" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    const remove = environment.mock.getMostRecentOperation();
    expect(remove.request.node.params.name).toBe("LocationsDeleteMutation");
    act(() =>
      environment.mock.resolve(remove, {
        data: { result: { __typename: "DeletePrivateLocationSuccess", data: { deletedId: "l1" } } },
      }),
    );
    expect(screen.queryAllByTestId("location-row")).toHaveLength(0);
    expect(screen.getByTestId("locations-message").textContent).toContain("Deleted Office 2");
  });
  it("revokes one agent key only after asking, and the row drops it", async () => {
    const { environment } = start();
    await screen.findByTestId("agent-key");
    fireEvent.click(screen.getByRole("button", { name: "Revoke pl_abcd…wxyz…" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke pl_abcd…wxyz?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name.includes("Delete"))).toBe(
      false,
    );

    fireEvent.click(screen.getByRole("button", { name: "Revoke pl_abcd…wxyz…" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke" }));
    const revoke = environment.mock.getMostRecentOperation();
    expect(revoke.request.node.params.name).toBe("AgentKeysDeleteMutation");
    expect(revoke.request.variables).toEqual({ location: "l1", id: "l1-k" });
    act(() =>
      environment.mock.resolve(revoke, {
        data: { result: { __typename: "DeleteAgentKeySuccess", data: { deletedId: "l1-k" } } },
      }),
    );
    expect(screen.queryAllByTestId("agent-key")).toHaveLength(0);
    expect(screen.getByTestId("location-row").textContent).toContain("Revoked pl_abcd…wxyz");
  });
});

describe("agentCommand", () => {
  it("quotes the key and URL as shell words", () => {
    expect(agentCommand("pl_a$b", "http://127.0.0.1:3000")).toBe(
      "API_KEY='pl_a$b' VIGIL_URL='http://127.0.0.1:3000' npx vigil agent",
    );
  });
});
