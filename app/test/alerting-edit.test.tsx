import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import AlertSettingsQueryNode from "../src/__generated__/AlertSettingsQuery.graphql";
import EditChannelQueryNode from "../src/__generated__/EditChannelQuery.graphql";
import { AlertSettings } from "../src/screens/alerting/AlertSettings";
import { EditChannel } from "../src/screens/alerting/EditChannel";
import { operationNamed, validationError } from "./mock-screen";
import { renderScreen } from "./render-screen";

const CHANNEL = {
  __typename: "AlertChannel",
  id: "ch1",
  type: "WEBHOOK",
  sendFailure: true,
  sendRecovery: false,
  sendDegraded: false,
  config: {
    __typename: "WebhookChannelConfig",
    name: "On-call",
    url: "https://hooks.example/a",
    webhookType: "WEBHOOK",
    method: "PUT",
    template: null,
    headers: [{ key: "Authorization", value: null, locked: true }],
    queryParameters: [{ key: "team", value: "ops", locked: false }],
  },
  subscriptions: [
    { databaseId: 7, activated: true, check: { id: "c1", name: "Shop" }, group: null },
    { databaseId: 8, activated: false, check: null, group: { id: "g1", name: "EU" } },
  ],
};

const RESOLVERS = {
  Query: () => ({
    alertTemplateVariables: ["CHECK_NAME"],
    node: CHANNEL,
    checks: { edges: [{ node: { id: "c2", name: "Blog" } }], pageInfo: { hasNextPage: false } },
    checkGroups: { edges: [], pageInfo: { hasNextPage: false } },
  }),
  Node: () => CHANNEL,
};

function editScreen() {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, EditChannelQueryNode, { id: "ch1" });
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
  renderScreen(environment, EditChannel, queryRef as never, { id: "ch1" });
  return environment;
}

describe("alerting: edit, subscriptions, settings", () => {
  it("fills the form with what is stored, keeps a locked header's value, and sends the header added", async () => {
    const environment = editScreen();
    expect(((await screen.findByLabelText("Name")) as HTMLInputElement).value).toBe("On-call");
    expect((screen.getByLabelText("Method") as HTMLSelectElement).value).toBe("PUT");
    expect((screen.getByLabelText("Header 1 value") as HTMLInputElement).placeholder).toBe("unchanged");
    fireEvent.click(screen.getByRole("button", { name: "Add header" }));
    fireEvent.change(screen.getByLabelText("Header 2 name"), { target: { value: "X-Team" } });
    fireEvent.change(screen.getByLabelText("Header 2 value"), { target: { value: "ops" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the channel" }));
    const update = environment.mock.getMostRecentOperation();
    expect(update.request.node.params.name).toBe("EditChannelMutation");
    expect(update.request.variables.input).toEqual({
      type: "WEBHOOK",
      config: {
        name: "On-call",
        webhookType: "WEBHOOK",
        url: "https://hooks.example/a",
        method: "PUT",
        headers: [
          { key: "Authorization", value: null, locked: true },
          { key: "X-Team", value: "ops", locked: false },
        ],
        queryParameters: [{ key: "team", value: "ops", locked: false }],
      },
      sendFailure: true,
      sendRecovery: false,
      sendDegraded: false,
    });
    act(() =>
      environment.mock.resolve(
        update,
        validationError("config.headers.1.key: must be an HTTP header name", ["config.headers.1.key"]),
      ),
    );
    expect(screen.getByTestId("error-headers").textContent).toBe("must be an HTTP header name");
  });

  it("lists the subscriptions, pauses one and subscribes a check, then reads the channel again", async () => {
    const environment = editScreen();
    const list = await screen.findByTestId("subscriptions");
    expect((within(list).getByLabelText("Alerts from group EU") as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(list).getByLabelText("Alerts from check Shop"));
    const pause = environment.mock.getMostRecentOperation();
    expect(pause.request.variables).toEqual({ id: "ch1", input: { checkId: "c1", activated: false } });
    act(() =>
      environment.mock.resolve(pause, {
        data: { result: { __typename: "SetAlertChannelSubscriptionSuccess" } },
      }),
    );
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("ChannelSubscriptionsRefetchQuery");
    act(() =>
      environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS)),
    );

    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByText("Choose a check first.")).toBeTruthy();
    // The checks are found on the server as the person types (after a pause, one request).
    fireEvent.change(screen.getByLabelText("Find a check"), { target: { value: "Ma" } });
    fireEvent.change(screen.getByLabelText("Find a check"), { target: { value: "Mail " } });
    await waitFor(() => operationNamed(environment, "CheckSearchPaginationQuery"));
    const found = operationNamed(environment, "CheckSearchPaginationQuery");
    expect(found.request.variables).toMatchObject({ search: "Mail" });
    act(() =>
      environment.mock.resolve(found, {
        data: {
          checks: {
            edges: [{ cursor: "a", node: { __typename: "ApiCheck", id: "c9", name: "Mailer" } }],
            pageInfo: { hasNextPage: true, endCursor: "a" },
          },
        },
      }),
    );
    await screen.findByLabelText("Mailer");
    expect(screen.getByTestId("subscribe-check-count").textContent).toBe("1+ found");
    expect(screen.getByRole("button", { name: "More checks" })).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Mailer"));
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({
      id: "ch1",
      input: { checkId: "c9", activated: true },
    });
  });

  it("saves the account's settings whole (SSL part as stored) and shows a refused value beside its field", async () => {
    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, AlertSettingsQueryNode, {});
    environment.mock.resolveMostRecentOperation({
      data: {
        viewer: {
          id: "v",
          account: {
            id: "a",
            alertSettings: {
              escalationType: "RUN_BASED",
              runBasedEscalation: { failedRunThreshold: 2 },
              timeBasedEscalation: null,
              reminders: { amount: 0, interval: 5 },
              parallelRunFailureThreshold: { enabled: false, percentage: 10 },
              sslCertificates: { enabled: true, alertThreshold: 14 },
            },
          },
        },
      },
    });
    renderScreen(environment, AlertSettings, queryRef as never);
    expect(((await screen.findByLabelText("Failed runs")) as HTMLInputElement).value).toBe("2");
    fireEvent.click(screen.getByLabelText("for a number of minutes"));
    fireEvent.change(screen.getByLabelText("Minutes failing"), { target: { value: "15" } });
    fireEvent.change(screen.getByLabelText("Reminders"), { target: { value: "9" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the settings" }));
    const save = environment.mock.getMostRecentOperation();
    expect(save.request.variables.input).toEqual({
      escalationType: "TIME_BASED",
      timeBasedEscalation: { minutesFailingThreshold: 15 },
      reminders: { amount: 9, interval: 5 },
      parallelRunFailureThreshold: { enabled: false, percentage: 10 },
      sslCertificates: { enabled: true, alertThreshold: 14 },
    });
    act(() =>
      environment.mock.resolve(save, validationError("reminders.amount: must be at most 5", ["reminders.amount"])),
    );
    expect(screen.getByTestId("error-amount").textContent).toBe("must be at most 5");
  });
});
