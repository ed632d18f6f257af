import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import AlertChannelsQueryNode from "../src/__generated__/AlertChannelsQuery.graphql";
import NewChannelQueryNode from "../src/__generated__/NewChannelQuery.graphql";
import type { ScreenProps } from "../src/routes";
import { AlertChannels } from "../src/screens/alerting/AlertChannels";
import { NewChannel } from "../src/screens/alerting/NewChannel";
import { validationError } from "./mock-screen";

// jsdom has <dialog> without its modal methods: open it as the browser would (focus aside).
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

// Mock resolvers by type name (module level: Biome takes capitalised functions for components).
const RESOLVERS = {
  Query: () => ({
    alertChannels: {
      edges: [
        {
          node: {
            id: "ch1",
            type: "WEBHOOK",
            sendFailure: true,
            sendRecovery: true,
            sendDegraded: false,
            config: {
              __typename: "WebhookChannelConfig",
              name: "On-call",
              url: "https://hooks.example/a",
              webhookType: "WEBHOOK",
            },
          },
        },
      ],
      pageInfo: { hasNextPage: false },
    },
  }),
};

describe("alerting", () => {
  it("lists channels, shows the provider's answer to Send test, and deletes only after asking", async () => {
    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, AlertChannelsQueryNode, {});
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
    const props = { queryRef, params: {}, search: new URLSearchParams() } as unknown as ScreenProps;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <AlertChannels {...props} />
        </Suspense>
      </RelayEnvironmentProvider>,
    );
    const row = await screen.findByTestId("channel-row");
    expect(row.textContent).toContain("On-call · https://hooks.example/a");
    expect(row.textContent).toContain("Sends failures, recoveries");

    fireEvent.click(
      within(row).getByRole("button", { name: "Send test to webhook On-call · https://hooks.example/a" }),
    );
    const test = environment.mock.getMostRecentOperation();
    expect(test.request.node.params.name).toBe("ChannelRowTestMutation");
    expect(test.request.variables).toEqual({ id: "ch1" });
    act(() =>
      environment.mock.resolve(test, {
        data: {
          result: { __typename: "TestAlertChannelSuccess", data: { delivered: false, answer: "HTTP 401: bad token" } },
        },
      }),
    );
    expect(within(row).getByTestId("test-answer").textContent).toBe("✕ Not delivered: HTTP 401: bad token");

    fireEvent.click(within(row).getByRole("button", { name: /^Delete webhook On-call/ }));
    const dialog = screen.getByRole("dialog");
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    const remove = environment.mock.getMostRecentOperation();
    expect(remove.request.variables.id).toBe("ch1");
    act(() =>
      environment.mock.resolve(remove, {
        data: { result: { __typename: "DeleteAlertChannelSuccess", data: { deletedId: "ch1" } } },
      }),
    );
    expect(screen.queryByTestId("channel-row")).toBeNull();
  });

  it("draws each type's fields, previews a template on the server, and shows errors beside fields", async () => {
    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, NewChannelQueryNode, {});
    environment.mock.resolveMostRecentOperation({ data: { alertTemplateVariables: ["ALERT_TITLE", "CHECK_NAME"] } });
    const props = { queryRef, params: {}, search: new URLSearchParams() } as unknown as ScreenProps;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <NewChannel {...props} />
        </Suspense>
      </RelayEnvironmentProvider>,
    );
    expect((await screen.findByText("Variables")).closest("details")?.textContent).toContain(
      "{{ALERT_TITLE}} {{CHECK_NAME}}",
    );
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "OPSGENIE" } });
    expect(screen.getByLabelText("Region")).toBeTruthy();
    expect(screen.queryByLabelText("Body template")).toBeNull();
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "WEBHOOK" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "On-call" } });
    fireEvent.change(screen.getByLabelText("URL"), { target: { value: "ftp://nope" } });
    fireEvent.change(screen.getByLabelText("Body template"), { target: { value: '{"t": "{{ALERT_TITLE}}"}' } });

    fireEvent.click(screen.getByRole("button", { name: "Preview on a sample" }));
    const preview = environment.mock.getMostRecentOperation();
    expect(preview.request.node.params.name).toBe("TemplateEditorPreviewQuery");
    expect(preview.request.variables.template).toBe('{"t": "{{ALERT_TITLE}}"}');
    act(() =>
      environment.mock.resolve(preview, {
        data: {
          result: { __typename: "RenderAlertTemplateSuccess", data: '{"t": "Vigil test notification is failing"}' },
        },
      }),
    );
    expect(screen.getByTestId("template-preview").textContent).toBe('{"t": "Vigil test notification is failing"}');

    fireEvent.click(screen.getByRole("button", { name: "Make the channel" }));
    const create = environment.mock.getMostRecentOperation();
    expect(create.request.variables.input).toEqual({
      type: "WEBHOOK",
      config: {
        name: "On-call",
        webhookType: "WEBHOOK",
        url: "ftp://nope",
        method: "POST",
        template: '{"t": "{{ALERT_TITLE}}"}',
      },
      sendFailure: true,
      sendRecovery: true,
      sendDegraded: false,
    });
    act(() =>
      environment.mock.resolve(
        create,
        validationError("config.url: must be an http:// or https:// URL", ["config.url"]),
      ),
    );
    expect(screen.getByTestId("error-url").textContent).toBe("must be an http:// or https:// URL");
    expect(screen.getByLabelText("URL").getAttribute("aria-invalid")).toBe("true");
  });
});
