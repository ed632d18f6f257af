import { act, fireEvent, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import EditGroupQueryNode from "../src/__generated__/EditGroupQuery.graphql";
import GroupDetailQueryNode from "../src/__generated__/GroupDetailQuery.graphql";
import GroupsListQueryNode from "../src/__generated__/GroupsListQuery.graphql";
import NewGroupQueryNode from "../src/__generated__/NewGroupQuery.graphql";
import { EditGroup } from "../src/screens/check-groups/EditGroup";
import { GroupDetail } from "../src/screens/check-groups/GroupDetail";
import { GroupsList } from "../src/screens/check-groups/GroupsList";
import { NewGroup } from "../src/screens/check-groups/NewGroup";
import { BulkBar } from "../src/screens/checks/BulkBar";
import { operationNamed, showScreen as show } from "./render-screen";
import { validationError } from "./mock-screen";

const GROUP = {
  id: "g1",
  name: "Payments",
  tags: ["pay"],
  locations: ["EU_CENTRAL_1"],
  privateLocations: [],
  runtimeId: null,
  concurrency: 3,
  runParallel: false,
  activated: true,
  muted: false,
  retryStrategy: null,
  useGlobalAlertSettings: false,
  alertSettings: {
    escalationType: "RUN_BASED",
    runBasedEscalation: { failedRunThreshold: 2 },
    timeBasedEscalation: null,
    reminders: { amount: 1, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
    sslCertificates: null,
  },
  alertChannelSubscriptions: [],
  apiCheckDefaults: { url: "https://pay.example", headers: [], queryParameters: [], assertions: [], basicAuth: null },
  // A secret reads back without its value.
  environmentVariables: [{ key: "TOKEN", value: null, secret: true }],
  localSetupScript: null,
  localTearDownScript: null,
  browserCheckDefaults: null,
};
// The account's private locations and alert channels the form offers.
const OPTIONS = {
  privateLocations: { edges: [{ node: { slugName: "basement", name: "Basement" } }] },
  alertChannels: {
    edges: [
      {
        node: {
          databaseId: 7,
          type: "EMAIL",
          config: { __typename: "EmailChannelConfig", address: "ops@example.com" },
        },
      },
    ],
  },
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
const EDIT_RESOLVERS = { CheckGroup: () => GROUP, Query: () => OPTIONS };
const NEW_RESOLVERS = { Query: () => OPTIONS };

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
    const settings = screen.getByRole("region", { name: "Settings its checks inherit" }).textContent;
    expect(settings).toContain("Environment variablesTOKEN (secret)");
    expect(settings).toContain("Alert settingsthe group's own: after 2 failed runs, 1 reminder");
    expect(settings).toContain("Retriesnone");
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

  it("edits the settings, sending lists and nested objects only when changed, and shows the API's errors on their fields", async () => {
    const environment = show(EditGroup, EditGroupQueryNode, { id: "g1" }, EDIT_RESOLVERS);
    fireEvent.change(await screen.findByLabelText("Checks run at once when triggered"), { target: { value: "0" } });
    fireEvent.click(screen.getByLabelText("eu-west-1"));
    fireEvent.click(screen.getByLabelText("Basement (basement)"));
    fireEvent.change(screen.getByLabelText("Retry strategy"), { target: { value: "LINEAR" } });
    fireEvent.change(screen.getByLabelText("Retries at most"), { target: { value: "20" } });
    expect((screen.getByLabelText("Failed runs") as HTMLInputElement).value).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Save the group" }));
    const operation = operationNamed(environment, "EditGroupMutation");
    expect(operation.request.variables.input).toEqual({
      name: "Payments",
      tags: ["pay"],
      locations: ["EU_CENTRAL_1", "EU_WEST_1"],
      runtimeId: null,
      concurrency: 0,
      runParallel: false,
      activated: true,
      muted: false,
      useGlobalAlertSettings: false,
      localSetupScript: null,
      localTearDownScript: null,
      browserCheckDefaults: null,
      privateLocations: ["basement"],
      retryStrategy: {
        type: "LINEAR",
        baseBackoffSeconds: 60,
        maxRetries: 20,
        maxDurationSeconds: 600,
        sameRegion: true,
        onlyOn: [],
      },
    });
    act(() =>
      environment.mock.resolve(
        operation,
        validationError(
          "concurrency: Too small: expected number to be >=1; retryStrategy.maxRetries: Too big: expected number to be <=10; apiCheckDefaults.headers.0.key: Too small",
          ["concurrency", "retryStrategy.maxRetries", "apiCheckDefaults.headers.0.key"],
        ),
      ),
    );
    expect((await screen.findByTestId("error-concurrency")).textContent).toBe("Too small: expected number to be >=1");
    expect(screen.getByTestId("error-maxRetries").textContent).toBe("Too big: expected number to be <=10");
    expect(screen.getByTestId("error-headers").textContent).toBe("Too small");
  });

  it("keeps a secret it cannot read: sent back with value null when the variables change", async () => {
    const environment = show(EditGroup, EditGroupQueryNode, { id: "g1" }, EDIT_RESOLVERS);
    const secret = (await screen.findByLabelText("Variable 1 value")) as HTMLInputElement;
    expect([secret.value, secret.type, secret.placeholder]).toEqual(["", "password", "unchanged"]);
    fireEvent.click(screen.getByRole("button", { name: "Add variable" }));
    fireEvent.change(screen.getByLabelText("Variable 2 name"), { target: { value: "REGION" } });
    fireEvent.change(screen.getByLabelText("Variable 2 value"), { target: { value: "eu" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the group" }));
    expect(operationNamed(environment, "EditGroupMutation").request.variables.input.environmentVariables).toEqual([
      { key: "TOKEN", value: null, secret: true },
      { key: "REGION", value: "eu", secret: false },
    ]);
  });

  it("makes a group with every setting its checks inherit", async () => {
    const environment = show(NewGroup, NewGroupQueryNode, {}, NEW_RESOLVERS);
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Search" } });
    fireEvent.change(screen.getByLabelText("API base URL"), { target: { value: "https://search.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Add header" }));
    fireEvent.change(screen.getByLabelText("Header 1 name"), { target: { value: "X-Team" } });
    fireEvent.change(screen.getByLabelText("Header 1 value"), { target: { value: "search" } });
    fireEvent.click(screen.getByRole("button", { name: "Add assertion" }));
    fireEvent.change(screen.getByLabelText("Assertion 1 target"), { target: { value: "200" } });
    fireEvent.change(screen.getByLabelText("Basic auth user"), { target: { value: "bot" } });
    fireEvent.change(screen.getByLabelText("Basic auth password"), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Add variable" }));
    fireEvent.change(screen.getByLabelText("Variable 1 name"), { target: { value: "KEY" } });
    fireEvent.change(screen.getByLabelText("Variable 1 value"), { target: { value: "k1" } });
    fireEvent.click(screen.getByLabelText("Variable 1 secret"));
    fireEvent.change(screen.getByLabelText("Setup script"), { target: { value: "setup()" } });
    fireEvent.change(screen.getByLabelText("Retry strategy"), { target: { value: "FIXED" } });
    fireEvent.click(screen.getByLabelText("Basement (basement)"));
    // Every channel ticked at first, as the API subscribes a new group to all by default.
    expect((screen.getByLabelText("Email: ops@example.com") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText("The group's own alert settings for its checks (not the account's)"));
    fireEvent.change(screen.getByLabelText("Reminders"), { target: { value: "2" } });
    fireEvent.click(screen.getByLabelText("Alert before a certificate expires"));
    fireEvent.click(screen.getByLabelText(/Run each check from all its locations/));
    fireEvent.click(screen.getByRole("button", { name: "Make the group" }));
    expect(operationNamed(environment, "NewGroupMutation").request.variables.input).toMatchObject({
      name: "Search",
      privateLocations: ["basement"],
      runParallel: true,
      retryStrategy: { type: "FIXED", maxRetries: 2, baseBackoffSeconds: 60 },
      useGlobalAlertSettings: false,
      alertSettings: {
        escalationType: "RUN_BASED",
        runBasedEscalation: { failedRunThreshold: 1 },
        reminders: { amount: 2, interval: 5 },
        sslCertificates: { enabled: true, alertThreshold: 30 },
      },
      alertChannelSubscriptions: [{ alertChannelId: 7, activated: true }],
      apiCheckDefaults: {
        url: "https://search.example",
        headers: [{ key: "X-Team", value: "search", locked: false }],
        queryParameters: [],
        assertions: [{ source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "200", regex: null }],
        basicAuth: { username: "bot", password: "pw" },
      },
      environmentVariables: [{ key: "KEY", value: "k1", secret: true }],
      localSetupScript: "setup()",
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
