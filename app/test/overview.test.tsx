import { act, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it, vi } from "vitest";
import OverviewQueryNode from "../src/__generated__/OverviewQuery.graphql";
import type { ScreenProps } from "../src/routes";
import { Overview } from "../src/screens/overview/Overview";
import { dateTime } from "../src/ui/format";

function failingCheck(id: string, name: string, status: "FAILING" | "DEGRADED") {
  return {
    id,
    name,
    checkType: "API",
    status: { status, statusSince: new Date(Date.now() - 5 * 60_000).toISOString(), lastRunLocation: "eu-west-1" },
    results: {
      edges: [
        {
          node: {
            runLocation: "eu-west-1",
            hasFailures: true,
            hasErrors: false,
            apiCheckResult: {
              requestError: null,
              response: { status: 500 },
              assertions: [
                {
                  source: "STATUS_CODE",
                  property: "",
                  comparison: "EQUALS",
                  target: "200",
                  actual: "500",
                  passed: false,
                },
              ],
            },
          },
        },
      ],
    },
  };
}

const ENDS = new Date(Date.now() + 3_600_000).toISOString();
// Mock resolvers by type name (module level: Biome takes capitalised functions for components).
const RESOLVERS = {
  CheckCounts: () => ({ total: 7, passing: 3, degraded: 1, failing: 2, paused: 1 }),
  Query: () => ({
    failing: { edges: [{ node: failingCheck("c1", "Checkout API", "FAILING") }] },
    degraded: { edges: [{ node: failingCheck("c2", "Search", "DEGRADED") }] },
    incidents: {
      edges: [
        {
          node: {
            id: "i1",
            name: "Payments down",
            severity: "MAJOR",
            lastUpdateStatus: "IDENTIFIED",
            createdAt: new Date().toISOString(),
          },
        },
      ],
    },
    ongoingMaintenanceWindows: [{ id: "m1", name: "Database upgrade", endsAt: ENDS }],
  }),
};

describe("Overview", () => {
  it("shows the counts, the failing checks first with their last error, and re-reads on a state change", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, OverviewQueryNode, {});
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
    const props = { queryRef, params: {}, search: new URLSearchParams() } as unknown as ScreenProps;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <Overview {...props} />
        </Suspense>
      </RelayEnvironmentProvider>,
    );
    expect(await screen.findByTestId("count-failing")).toHaveProperty("textContent", "2");
    expect(screen.getByTestId("count-paused").textContent).toBe("1");
    const attention = within(screen.getByRole("region", { name: "Needs attention" }));
    const rows = attention.getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("a")?.textContent)).toEqual(["Checkout API", "Search"]);
    expect(rows[0]?.textContent).toContain("Failing");
    expect(rows[0]?.textContent).toContain("Last error: STATUS_CODE EQUALS 200: got 500");
    expect(rows[0]?.textContent).toContain("5 minutes ago · eu-west-1");
    // The server picks the open incidents (Query.incidents(open: true)): the overview lists what it gets.
    expect(OverviewQueryNode.params.text).toContain("incidents(first: 50, open: true)");
    const incidents = within(screen.getByRole("region", { name: "Open incidents" }));
    expect(incidents.getByRole("listitem").textContent).toContain("Payments down · MAJOR · IDENTIFIED");

    // Ongoing maintenance: the windows the server says are running now.
    const maintenance = within(screen.getByRole("region", { name: "Ongoing maintenance" }));
    expect(maintenance.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `Database upgrade · window ends ${dateTime(ENDS)}`,
    ]);

    // A status change arrives: the overview asks the server again (once for a burst).
    const subscription = environment.mock
      .getAllOperations()
      .find((op) => op.request.node.params.name === "OverviewStatusChangedSubscription");
    if (!subscription) throw new Error("the overview did not subscribe to status changes");
    act(() => {
      environment.mock.nextValue(subscription, { data: { checkStatusChanged: { checkId: "x", status: "FAILING" } } });
      environment.mock.nextValue(subscription, { data: { checkStatusChanged: { checkId: "y", status: "PASSING" } } });
    });
    await act(() => vi.advanceTimersByTimeAsync(400));
    const reads = environment.mock.getAllOperations().filter((op) => op.request.node.params.name === "OverviewQuery");
    expect(reads).toHaveLength(1);
    vi.useRealTimers();
  });
});
