// An edit sends what the operator changed and never what the form was not asked to change: a
// sent list or nested object replaces the stored one, so one left out is kept by the API.
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CheckFormQueryNode from "../src/__generated__/CheckFormQuery.graphql";
import { CheckForm } from "../src/screens/form/CheckForm";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { operationNamed, renderScreen } from "./render-screen";
import { validationError } from "./mock-screen";

const COMMON = {
  id: "c1",
  name: "Orders API",
  description: null,
  frequency: 5,
  frequencyOffset: null,
  locations: ["EU_WEST_1"],
  tags: ["shop"],
  activated: true,
  muted: false,
  shouldFail: false,
  runParallel: false,
  degradedResponseTime: 3000,
  maxResponseTime: 9000,
  retryStrategy: {
    type: "FIXED",
    baseBackoffSeconds: 30,
    maxRetries: 2,
    maxDurationSeconds: 300,
    sameRegion: true,
    onlyOn: [],
  },
  useGlobalAlertSettings: true,
  alertSettings: null,
  environmentVariables: [],
  group: null,
  privateLocations: [],
  alertChannelSubscriptions: [{ alertChannelId: 7, activated: true }],
  triggerIncident: null,
};
// The account's groups, private locations and channels the form offers.
const OPTIONS = {
  checkGroups: { edges: [{ node: { id: "g1", name: "Payments" } }] },
  services: { edges: [{ node: { databaseId: "svc-1", name: "Database" } }] },
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
      {
        node: {
          databaseId: 8,
          type: "EMAIL",
          config: { __typename: "EmailChannelConfig", address: "dev@example.com" },
        },
      },
    ],
  },
};
// Set through REST: headers, a JSON body assertion beside the status one, basic auth.
const API_REQUEST = {
  method: "POST",
  url: "https://shop.example/orders",
  body: '{"probe":true}',
  bodyType: "JSON",
  followRedirects: true,
  skipSSL: false,
  ipFamily: "IPv6",
  headers: [{ key: "X-Api-Key", value: "k-123", locked: false }],
  queryParameters: [],
  basicAuth: { username: "probe", password: "pw" },
  assertions: [
    { source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "201", regex: null },
    { source: "JSON_BODY", property: "$.ok", comparison: "EQUALS", target: "true", regex: null },
  ],
};

/**
 * The edit form of a stored check, its query answered with `node` as the API sends it (raw: the
 * mock payload generator does not fill fields read through `... on Check`).
 */
const TCP_REQUEST = {
  hostname: "db.internal",
  port: 5432,
  data: "PING",
  ipFamily: "IPv6",
  assertions: [{ source: "RESPONSE_TIME", property: "", comparison: "LESS_THAN", target: "200", regex: null }],
};

function editForm(node: Record<string, unknown>) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, CheckFormQueryNode, { id: "c1", hasId: true });
  environment.mock.resolveMostRecentOperation({
    data: { ...OPTIONS, node: { ...COMMON, __isCheck: node.__typename, ...node } },
  });
  renderScreen(environment, CheckForm, queryRef, { id: "c1" });
  return environment;
}

const saved = (environment: ReturnType<typeof editForm>, name: string) =>
  operationNamed(environment, name).request.variables.input;

describe("CheckForm edits", { timeout: 20_000 }, () => {
  it("renaming an API check sends no headers, assertions, auth or retries: the stored ones stay", async () => {
    const environment = editForm({
      __typename: "ApiCheck",
      checkType: "API",
      localSetupScript: null,
      localTearDownScript: null,
      apiRequest: API_REQUEST,
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Orders API (v2)" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(saved(environment, "mutationsUpdateApiMutation")).toEqual({
      name: "Orders API (v2)",
      activated: true,
      tags: ["shop"],
      locations: ["EU_WEST_1"],
      frequency: 5,
      request: {
        method: "POST",
        url: "https://shop.example/orders",
        body: '{"probe":true}',
        bodyType: "JSON",
        followRedirects: true,
        skipSSL: false,
        ipFamily: "IPv6",
      },
    });
  });

  it("renaming a DNS check keeps its name server, port and protocol", async () => {
    const dns = editForm({
      __typename: "DnsCheck",
      checkType: "DNS",
      dnsRequest: {
        query: "shop.example",
        recordType: "A",
        nameServer: "10.0.0.53",
        port: 5353,
        protocol: "TCP",
        assertions: [],
      },
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Shop DNS" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(saved(dns, "mutationsUpdateDnsMutation").request).toEqual({
      query: "shop.example",
      recordType: "A",
      protocol: "TCP",
      nameServer: "10.0.0.53",
      port: 5353,
    });
  });

  it("renaming an ICMP check sends its pings as stored and no packet-loss threshold", async () => {
    const icmp = editForm({
      __typename: "IcmpCheck",
      checkType: "ICMP",
      degradedPacketLossThreshold: 10,
      maxPacketLossThreshold: null,
      icmpRequest: { hostname: "gw.internal", ipFamily: "IPv6", pingCount: 25, assertions: [] },
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Gateway" } });
    fireEvent.change(screen.getByLabelText("Failing above packet loss (%)"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const input = saved(icmp, "mutationsUpdateIcmpMutation");
    expect(input.request).toEqual({ hostname: "gw.internal", ipFamily: "IPv6", pingCount: 25 });
    expect(input).not.toHaveProperty("degradedPacketLossThreshold");
    expect(input.maxPacketLossThreshold).toBe(60);
  });
});

describe("CheckForm edits, continued", { timeout: 20_000 }, () => {
  it("sends a changed list whole and places the API's errors on the fields they name", async () => {
    const environment = editForm({
      __typename: "ApiCheck",
      checkType: "API",
      localSetupScript: null,
      localTearDownScript: null,
      apiRequest: API_REQUEST,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add header" }));
    fireEvent.change(screen.getByLabelText("Header 2 name"), { target: { value: "X-Trace" } });
    fireEvent.change(screen.getByLabelText("Header 2 value"), { target: { value: "on" } });
    fireEvent.change(screen.getByLabelText("Retries at most"), { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText("Degraded after"), { target: { value: "4000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const input = saved(environment, "mutationsUpdateApiMutation");
    expect(input.request.headers).toEqual([
      { key: "X-Api-Key", value: "k-123", locked: false },
      { key: "X-Trace", value: "on", locked: false },
    ]);
    expect(input.request).not.toHaveProperty("assertions");
    expect(input.request).not.toHaveProperty("basicAuth");
    expect(input.retryStrategy).toEqual({
      type: "FIXED",
      baseBackoffSeconds: 30,
      maxRetries: 12,
      maxDurationSeconds: 300,
      sameRegion: true,
      onlyOn: [],
    });
    expect(input.degradedResponseTime).toBe(4000);
    expect(input).not.toHaveProperty("maxResponseTime");
    act(() =>
      environment.mock.resolve(
        operationNamed(environment, "mutationsUpdateApiMutation"),
        validationError(
          "request.headers.1.key: bad; retryStrategy.maxRetries: Too big: expected number to be <=10; degradedResponseTime: over max",
          ["request.headers.1.key", "retryStrategy.maxRetries", "degradedResponseTime"],
        ),
      ),
    );
    expect((await screen.findByTestId("error-headers")).textContent).toBe("bad");
    expect(screen.getByTestId("error-maxRetries").textContent).toBe("Too big: expected number to be <=10");
    expect(screen.getByTestId("error-degradedResponseTime").textContent).toBe("over max");
    expect(screen.getByLabelText("Retries at most").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps a browser check's secret variable it cannot read: untouched, it goes back with value null", async () => {
    const environment = editForm({
      __typename: "BrowserCheck",
      checkType: "BROWSER",
      browserScript: "await page.goto('https://shop.example')",
      environmentVariables: [
        { key: "USER", value: "probe", secret: false },
        { key: "PASSWORD", value: null, secret: true },
      ],
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Checkout flow" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const first = operationNamed(environment, "mutationsUpdateBrowserMutation");
    expect(first.request.variables.input).not.toHaveProperty("environmentVariables");
    const refused = { __typename: "ValidationError", __isError: "ValidationError", message: "name: taken" };
    act(() => environment.mock.resolve(first, { data: { result: { ...refused, fieldPaths: ["name"] } } }));

    fireEvent.change(screen.getByLabelText("Variable 1 value"), { target: { value: "probe-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const operations = environment.mock.getAllOperations();
    const last = operations[operations.length - 1];
    expect(screen.getByLabelText("Variable 2 value").getAttribute("type")).toBe("password");
    expect(last?.request.variables.input.environmentVariables).toEqual([
      { key: "USER", value: "probe-2", secret: false },
      { key: "PASSWORD", value: null, secret: true },
    ]);
  });

  it("moves the check into a group, onto a private location, off a channel and opens an incident", async () => {
    const environment = editForm({ __typename: "TcpCheck", checkType: "TCP", tcpRequest: TCP_REQUEST });
    fireEvent.change(await screen.findByLabelText("Group"), { target: { value: "g1" } });
    fireEvent.click(screen.getByLabelText("Basement (basement)"));
    fireEvent.click(screen.getByLabelText("Email: ops@example.com"));
    fireEvent.change(screen.getByLabelText("Status page service"), { target: { value: "svc-1" } });
    fireEvent.change(screen.getByLabelText("Incident name"), { target: { value: "Database down" } });
    fireEvent.change(screen.getByLabelText("Severity"), { target: { value: "CRITICAL" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(saved(environment, "mutationsUpdateTcpMutation")).toEqual({
      name: "Orders API",
      activated: true,
      tags: ["shop"],
      locations: ["EU_WEST_1"],
      frequency: 5,
      groupId: "g1",
      privateLocations: ["basement"],
      alertChannelSubscriptions: [],
      triggerIncident: {
        serviceId: "svc-1",
        name: "Database down",
        description: "",
        severity: "CRITICAL",
        notifySubscribers: false,
      },
      // The data it writes and its address family, set through REST, go back as read.
      request: { hostname: "db.internal", port: 5432, data: "PING", ipFamily: "IPv6" },
    });
  });
});
