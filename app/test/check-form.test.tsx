import { act, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import CheckFormQueryNode from "../src/__generated__/CheckFormQuery.graphql";
import type { ScreenProps } from "../src/routes";
import { CheckForm } from "../src/screens/form/CheckForm";
import { validationError } from "./mock-screen";

/** An account with no group, private location or alert channel yet. */
const NO_OPTIONS = {
  checkGroups: { edges: [] },
  services: { edges: [] },
  privateLocations: { edges: [] },
  alertChannels: { edges: [] },
};

/** The form for a new check of `type`, on a mock environment whose operations the test answers. */
function renderNewForm(type: string) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, CheckFormQueryNode, { id: "", hasId: false });
  environment.mock.resolveMostRecentOperation({ data: NO_OPTIONS });
  const props = { queryRef, params: {}, search: new URLSearchParams(`type=${type}`) } as unknown as ScreenProps;
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Suspense fallback="loading">
        <CheckForm {...props} />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  return environment;
}

describe("CheckForm", { timeout: 20_000 }, () => {
  it("sends the type's input and shows each of the API's errors beside the field it names", async () => {
    const environment = renderNewForm("TCP");
    fireEvent.change(await screen.findByLabelText("Host"), { target: { value: "db.internal" } });
    fireEvent.change(screen.getByLabelText("Port"), { target: { value: "99999" } });
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: "db, prod ," } });
    fireEvent.click(screen.getByRole("button", { name: "Create the check" }));

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("mutationsCreateTcpMutation");
    expect(operation.request.variables.input).toEqual({
      name: "",
      activated: true,
      tags: ["db", "prod"],
      locations: ["EU_WEST_1"],
      frequency: 10,
      request: { hostname: "db.internal", port: 99999, data: null, ipFamily: "IPv4" },
    });
    act(() =>
      environment.mock.resolve(
        operation,
        validationError(
          "name: Too small: expected string to have >=1 characters; request.port: Too big: expected <=65535",
          ["name", "request.port"],
        ),
      ),
    );
    expect((await screen.findByTestId("error-name")).textContent).toBe(
      "Too small: expected string to have >=1 characters",
    );
    expect(screen.getByTestId("error-port").textContent).toBe("Too big: expected <=65535");
    const port = screen.getByLabelText("Port");
    expect(port.getAttribute("aria-invalid")).toBe("true");
    expect(port.getAttribute("aria-describedby")).toBe("port-error");
    expect(screen.queryByRole("alert")).toBeNull(); // nothing left for the form's top
  });

  it("creates an SSL monitor with its host, port and expiry window, and shows the API's error beside the window", async () => {
    const environment = renderNewForm("SSL");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Shop certificate" } });
    fireEvent.change(screen.getByLabelText("Host"), { target: { value: "shop.example.com" } });
    fireEvent.change(screen.getByLabelText("Port"), { target: { value: "8443" } });
    fireEvent.change(screen.getByLabelText("Fail days before expiry"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the check" }));

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("sslMutationsCreateMutation");
    expect(operation.request.variables.input).toEqual({
      name: "Shop certificate",
      activated: true,
      tags: [],
      locations: ["EU_WEST_1"],
      frequency: 10,
      request: { sslConfig: { hostname: "shop.example.com", port: 8443, alertDaysBeforeExpiry: 0 } },
    });
    act(() =>
      environment.mock.resolve(
        operation,
        validationError("request.sslConfig.alertDaysBeforeExpiry: Too small: expected number to be >=1", [
          "request.sslConfig.alertDaysBeforeExpiry",
        ]),
      ),
    );
    expect((await screen.findByTestId("error-alertDays")).textContent).toBe("Too small: expected number to be >=1");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("creates an API check with its headers, assertions, retries and response-time bounds", async () => {
    const environment = renderNewForm("API");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Orders" } });
    fireEvent.change(screen.getByLabelText("URL"), { target: { value: "https://shop.example/orders" } });
    fireEvent.click(screen.getByRole("button", { name: "Add header" }));
    fireEvent.change(screen.getByLabelText("Header 1 name"), { target: { value: "X-Api-Key" } });
    fireEvent.change(screen.getByLabelText("Header 1 value"), { target: { value: "k-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Add assertion" }));
    fireEvent.change(screen.getByLabelText("Assertion 2 source"), { target: { value: "JSON_BODY" } });
    fireEvent.change(screen.getByLabelText("Assertion 2 property"), { target: { value: "$.ok" } });
    fireEvent.change(screen.getByLabelText("Assertion 2 target"), { target: { value: "true" } });
    fireEvent.change(screen.getByLabelText("Retry strategy"), { target: { value: "LINEAR" } });
    fireEvent.change(screen.getByLabelText("Degraded after"), { target: { value: "3000" } });
    fireEvent.change(screen.getByLabelText("Failed after"), { target: { value: "8000" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the check" }));

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("mutationsCreateApiMutation");
    expect(operation.request.variables.input).toEqual({
      name: "Orders",
      activated: true,
      tags: [],
      locations: ["EU_WEST_1"],
      frequency: 10,
      retryStrategy: {
        type: "LINEAR",
        baseBackoffSeconds: 60,
        maxRetries: 2,
        maxDurationSeconds: 600,
        sameRegion: true,
        onlyOn: [],
      },
      degradedResponseTime: 3000,
      maxResponseTime: 8000,
      request: {
        method: "GET",
        url: "https://shop.example/orders",
        body: "",
        bodyType: "NONE",
        followRedirects: true,
        skipSSL: false,
        ipFamily: "IPv4",
        headers: [{ key: "X-Api-Key", value: "k-1", locked: false }],
        assertions: [
          { source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "200", regex: null },
          { source: "JSON_BODY", property: "$.ok", comparison: "EQUALS", target: "true", regex: null },
        ],
      },
    });
  });

  it("creates a DNS check asking its own name server, and shows the API's error on that server's port", async () => {
    const environment = renderNewForm("DNS");
    fireEvent.change(await screen.findByLabelText("Name to resolve"), { target: { value: "shop.example" } });
    fireEvent.change(screen.getByLabelText("Record type"), { target: { value: "MX" } });
    fireEvent.change(screen.getByLabelText("Name server"), { target: { value: "10.0.0.53" } });
    fireEvent.change(screen.getByLabelText("Name server port"), { target: { value: "70000" } });
    fireEvent.change(screen.getByLabelText("Protocol"), { target: { value: "TCP" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the check" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("mutationsCreateDnsMutation");
    expect(operation.request.variables.input.request).toEqual({
      query: "shop.example",
      recordType: "MX",
      protocol: "TCP",
      nameServer: "10.0.0.53",
      port: 70000,
    });
    act(() =>
      environment.mock.resolve(operation, validationError("request.port: Too big: expected <=65535", ["request.port"])),
    );
    expect((await screen.findByTestId("error-dnsPort")).textContent).toBe("Too big: expected <=65535");
  });

  it("creates an ICMP check with its pings, address family and packet-loss thresholds", async () => {
    const environment = renderNewForm("ICMP");
    fireEvent.change(await screen.findByLabelText("Host"), { target: { value: "gw.internal" } });
    fireEvent.change(screen.getByLabelText("IP family"), { target: { value: "IPv6" } });
    fireEvent.change(screen.getByLabelText("Pings per run"), { target: { value: "20" } });
    fireEvent.change(screen.getByLabelText("Degraded above packet loss (%)"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Failing above packet loss (%)"), { target: { value: "50.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the check" }));
    const input = environment.mock.getMostRecentOperation().request.variables.input;
    expect(input.request).toEqual({ hostname: "gw.internal", ipFamily: "IPv6", pingCount: 20 });
    expect(input.degradedPacketLossThreshold).toBe(10);
    expect(input.maxPacketLossThreshold).toBe(50.5);
  });

  it("offers a type's assertions only the sources that type takes", async () => {
    renderNewForm("TCP");
    fireEvent.click(await screen.findByRole("button", { name: "Add assertion" }));
    const sources = [...(screen.getByLabelText("Assertion 1 source") as HTMLSelectElement).options].map((o) => o.value);
    expect(sources).toEqual(["RESPONSE_DATA", "RESPONSE_TIME"]);
  });
});
