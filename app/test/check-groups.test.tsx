import { act, fireEvent, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import EditGroupQueryNode from "../src/__generated__/EditGroupQuery.graphql";
import GroupDetailQueryNode from "../src/__generated__/GroupDetailQuery.graphql";
import GroupsListQueryNode from "../src/__generated__/GroupsListQuery.graphql";
import { EditGroup } from "../src/screens/check-groups/EditGroup";
import { GroupDetail } from "../src/screens/check-groups/GroupDetail";
import { GroupsList } from "../src/screens/check-groups/GroupsList";
import { NewGroup } from "../src/screens/check-groups/NewGroup";
import { BulkBar } from "../src/screens/checks/BulkBar";
import { operationNamed, showScreen as show } from "./render-screen";

const GROUP = {
  id: "g1",
  name: "Payments",
  tags: ["pay"],
  locations: ["EU_CENTRAL_1"],
  runtimeId: null,
  concurrency: 3,
  activated: true,
  muted: false,
  useGlobalAlertSettings: false,
  apiCheckDefaults: { url: "https://pay.example" },
  environmentVariables: [{ key: "TOKEN", value: "x", secret: false }],
};
const DETAIL_RESOLVERS = {
  // Only the screen's group: the checks' own groups are as the Query resolver gives them.
  CheckGroup: (context: { path?: readonly string[] | null }) =>
    context.path?.[0] !== "node"
      ? undefined
      : {
          ...GROUP,
          checks: {
            edges: [
              {
                node: {
                  __typename: "ApiCheck",
                  id: "c1",
                  name: "Charge API",
                  inheritedSettings: ["LOCATIONS", "API_DEFAULTS"],
                },
              },
            ],
            pageInfo: { hasNextPage: false },
          },
        },
  Query: () => ({
    checks: {
      edges: [
        { node: { __typename: "ApiCheck", id: "c1", name: "Charge API", group: { id: "g1", name: "Payments" } } },
        { node: { __typename: "TcpCheck", id: "c2", name: "Ledger TCP", group: null } },
        { node: { __typename: "UrlCheck", id: "c3", name: "Refunds page", group: { id: "g2", name: "Other" } } },
      ],
      pageInfo: { hasNextPage: false },
    },
  }),
};

const LIST_RESOLVERS = {
  Query: () => ({ checkGroups: { edges: [{ node: GROUP }], pageInfo: { hasNextPage: true } } }),
};
const EDIT_RESOLVERS = { CheckGroup: () => GROUP };

describe("check groups", () => {
  it("lists the groups a page at a time", async () => {
    const environment = show(GroupsList, GroupsListQueryNode, {}, LIST_RESOLVERS);
    expect((await screen.findByTestId("group-row")).textContent).toContain("Runs its checks from eu-central-1");
    fireEvent.click(screen.getByRole("button", { name: "More groups" }));
    expect(operationNamed(environment, "GroupsListPaginationQuery").request.variables).toMatchObject({ count: 25 });
  });

  it("shows what each check inherits, and moves checks in and out in bulk", async () => {
    const environment = show(GroupDetail, GroupDetailQueryNode, { id: "g1" }, DETAIL_RESOLVERS);
    expect((await screen.findByTestId("inherits")).textContent).toBe("Inherits: locations, API defaults");
    expect(screen.getAllByTestId("outside-check").map((row) => row.textContent)).toEqual([
      " Ledger TCP",
      " Refunds page (in Other)",
    ]);
    fireEvent.click(screen.getByLabelText("Ledger TCP"));
    fireEvent.click(screen.getByLabelText(/Refunds page/));
    fireEvent.click(screen.getByRole("button", { name: "Move the selected into the group" }));
    const moveIn = operationNamed(environment, "moveChecksMutation");
    expect(moveIn.request.variables).toEqual({ ids: ["c2", "c3"], groupId: "g1" });
    act(() =>
      environment.mock.resolve(moveIn, { data: { updateChecks: { __typename: "UpdateChecksSuccess", data: [] } } }),
    );
    expect(screen.getByText("Moved 2 checks into the group.")).toBeTruthy();

    fireEvent.click(screen.getByLabelText("Select Charge API"));
    fireEvent.click(screen.getByRole("button", { name: "Take the selected out of the group" }));
    expect(operationNamed(environment, "moveChecksMutation").request.variables).toEqual({ ids: ["c1"], groupId: null });
  });

  it("edits the settings, sending the API defaults only when changed, and shows the API's errors on their fields", async () => {
    const environment = show(EditGroup, EditGroupQueryNode, { id: "g1" }, EDIT_RESOLVERS);
    fireEvent.change(await screen.findByLabelText("Checks run at once when triggered"), { target: { value: "0" } });
    fireEvent.click(screen.getByLabelText("eu-west-1"));
    fireEvent.click(screen.getByRole("button", { name: "Save the group" }));
    const operation = operationNamed(environment, "EditGroupMutation");
    expect(operation.request.variables.input).toEqual({
      name: "Payments",
      tags: ["pay"],
      locations: ["EU_CENTRAL_1", "EU_WEST_1"],
      runtimeId: null,
      concurrency: 0,
      activated: true,
      muted: false,
      useGlobalAlertSettings: false,
    });
    act(() =>
      environment.mock.resolve(operation, {
        data: {
          result: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: "concurrency: Too small: expected number to be >=1",
            fieldPaths: ["concurrency"],
          },
        },
      }),
    );
    expect((await screen.findByTestId("error-concurrency")).textContent).toBe("Too small: expected number to be >=1");
  });

  it("makes a group with its variables and base URL", () => {
    const environment = show(NewGroup, null, {});
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Search" } });
    fireEvent.change(screen.getByLabelText("API base URL"), { target: { value: "https://search.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a variable" }));
    fireEvent.change(screen.getByLabelText("Name 1"), { target: { value: "REGION" } });
    fireEvent.change(screen.getByLabelText("Value 1"), { target: { value: "eu" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the group" }));
    expect(operationNamed(environment, "NewGroupMutation").request.variables.input).toMatchObject({
      name: "Search",
      apiCheckDefaults: { url: "https://search.example" },
      environmentVariables: [{ key: "REGION", value: "eu" }],
    });
  });

  it("moves the checks list's selection into a group from the bulk bar", async () => {
    const environment = createMockEnvironment();
    let cleared = 0;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <BulkBar
          selected={new Set(["c1", "c2"])}
          total={2}
          onSelectAll={() => {}}
          onClear={() => cleared++}
          connections={() => []}
        />
      </RelayEnvironmentProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Move to group…" }));
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: { checkGroups: { edges: [{ node: { id: "g1", name: "Payments" } }] } },
      }),
    );
    fireEvent.change(await screen.findByLabelText("Group"), { target: { value: "g1" } });
    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    const move = operationNamed(environment, "moveChecksMutation");
    expect(move.request.variables).toEqual({ ids: ["c1", "c2"], groupId: "g1" });
    act(() =>
      environment.mock.resolve(move, { data: { updateChecks: { __typename: "UpdateChecksSuccess", data: [] } } }),
    );
    expect(screen.getByRole("status").textContent).toBe("Moved 2 checks into Payments.");
    expect(cleared).toBe(1);
  });
});
