import { screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import ResultViewQueryNode from "../src/__generated__/ResultViewQuery.graphql";
import { ResultView } from "../src/screens/check/ResultView";
import { renderScreen } from "./render-screen";

// Issue 27, point 4: one result in full: request, response, timings, assertions, errors, and for
// browser checks the screenshot, trace and log files.

const RESULT = {
  id: "r1",
  name: "Checkout API",
  resultType: "FINAL",
  startedAt: "2026-11-27T10:00:00.000Z",
  stoppedAt: "2026-11-27T10:00:01.000Z",
  runLocation: "eu-west-1",
  responseTime: 812,
  hasFailures: true,
  hasErrors: false,
  isDegraded: false,
  attempts: 1,
  browserCheckResult: null,
  multiStepCheckResult: null,
};

// Mock resolvers by type name (module level: Biome takes capitalised functions for components).
const NODE = { Node: () => ({ __typename: "CheckResult" }) };
const API_RESOLVERS = {
  ApiCheckResult: () => ({
    requestError: "socket hang up after the headers",
    assertions: [
      { source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "200", actual: "500", passed: false },
      {
        source: "RESPONSE_TIME",
        property: "",
        comparison: "LESS_THAN",
        target: "2000",
        actual: "812",
        passed: true,
      },
    ],
  }),
  ApiCheckResultRequest: () => ({
    method: "POST",
    url: "https://shop.example/cart",
    headers: { "content-type": "application/json" },
    data: '{"sku":42}',
  }),
  ApiCheckResultResponse: () => ({
    status: 500,
    statusText: "Internal Server Error",
    headers: { server: "shop" },
    body: "database down",
    timings: { dns: 3, connect: 5, firstByte: 800 },
  }),
};

function renderResult(result: Record<string, unknown>, resolvers: Record<string, () => unknown>) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, ResultViewQueryNode, { id: "r1" });
  environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => {
    const payload = MockPayloadGenerator.generate(operation, { ...NODE, ...resolvers });
    Object.assign((payload.data as { node: object }).node, { __typename: "CheckResult", ...RESULT, ...result });
    return payload;
  });
  renderScreen(environment, ResultView, queryRef, { id: "c1", resultId: "r1" });
}

describe("ResultView", () => {
  it("shows an API result's request, response with timings, assertions and error", async () => {
    renderResult({ assets: [] }, API_RESOLVERS);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("✕ Failed at eu-west-1");
    expect(screen.getByRole("link", { name: "← Checkout API" }).getAttribute("href")).toBe("/checks/c1");
    expect(screen.getByRole("note").textContent).toBe("Error: socket hang up after the headers");
    const assertions = screen.getAllByTestId("assertion").map((row) => row.textContent);
    expect(assertions).toEqual(["✕ failedSTATUS_CODE EQUALS 200500", "✓ passedRESPONSE_TIME LESS_THAN 2000812"]);
    const request = screen.getByRole("region", { name: "Request" });
    expect(request.textContent).toContain("POST https://shop.example/cart");
    expect(request.textContent).toContain('"content-type": "application/json"');
    expect(request.textContent).toContain('{"sku":42}');
    const response = screen.getByRole("region", { name: "Response" });
    expect(response.textContent).toContain("500 Internal Server Error");
    expect(within(response).getByRole("heading", { name: "Timings" }).nextElementSibling?.textContent).toBe(
      JSON.stringify({ dns: 3, connect: 5, firstByte: 800 }, null, 2),
    );
    expect(response.textContent).toContain("database down");
    expect(screen.queryByRole("region", { name: /Files/ })).toBeNull();
  });

  it("shows a browser run's report and its screenshot, trace and log as signed links", async () => {
    renderResult(
      {
        apiCheckResult: null,
        browserCheckResult: {
          errors: ["expect(locator).toHaveText failed"],
          pages: [{ url: "https://shop.example/" }],
        },
        assets: [
          {
            databaseId: "a1",
            kind: "screenshot",
            name: "failure.png",
            contentType: "image/png",
            signedUrl: "/s/1",
            size: 2048,
          },
          {
            databaseId: "a2",
            kind: "trace",
            name: "trace.zip",
            contentType: "application/zip",
            signedUrl: "/s/2",
            size: 90_000,
          },
          {
            databaseId: "a3",
            kind: "log",
            name: "job-log.txt",
            contentType: "text/plain",
            signedUrl: "/s/3",
            size: 10,
          },
        ],
      },
      {},
    );
    const script = await screen.findByRole("region", { name: "Script run" });
    expect(script.textContent).toContain("expect(locator).toHaveText failed");
    const files = within(screen.getByRole("region", { name: "Files (screenshots, trace, logs)" }));
    expect(files.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["failure.png", "/s/1"],
      ["trace.zip", "/s/2"],
      ["job-log.txt", "/s/3"],
    ]);
    expect(files.getByRole("img", { name: "Screenshot: failure.png" }).getAttribute("src")).toBe("/s/1");
    expect(screen.queryByRole("region", { name: "Request" })).toBeNull();
  });
});
