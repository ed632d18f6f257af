import { act, fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import ChecksListQueryNode from "../src/__generated__/ChecksListQuery.graphql";
import { ChecksList } from "../src/screens/checks/ChecksList";
import { checksListVariables } from "../src/screens/checks/ChecksListQuery";
import { renderScreen } from "./render-screen";

// Issue 27, point 3: rows show state, the last results, response time and uptime; failing first
// with the order fixed at load; rows update in place and a banner offers to re-sort.

const row = (id: string, name: string, status: string, failed: number) => ({
  __typename: "ApiCheck",
  id,
  name,
  checkType: "API",
  activated: true,
  muted: false,
  tags: ["shop"],
  status: { status, statusSince: new Date(Date.now() - 3_600_000).toISOString() },
  results: {
    edges: [0, 1, 2].map((i) => ({
      node: {
        __typename: "CheckResult",
        id: `${id}-r${i}`,
        hasFailures: i < failed,
        hasErrors: false,
        isDegraded: false,
        responseTime: 100,
        startedAt: new Date().toISOString(),
      },
    })),
  },
  day: { runs: 288, successRatio: 99.5, p50: 120 },
});
const SECTIONS: Record<string, ReturnType<typeof row>[]> = {
  FAILING: [row("c1", "Checkout", "FAILING", 3)],
  DEGRADED: [row("c2", "Search", "DEGRADED", 0)],
  PASSING: [row("c3", "Home", "PASSING", 0), row("c4", "Login", "PASSING", 1)],
};
// Mock resolvers by type name (module level: Biome takes capitalised functions for components).
const RESOLVERS = {
  CheckConnection: (context: { args?: { status?: string } | null }) => ({
    edges: (SECTIONS[context.args?.status ?? ""] ?? []).map((node) => ({ node, cursor: node.id })),
    pageInfo: { hasNextPage: false, endCursor: null },
  }),
  CheckCounts: () => ({ total: 4 }),
  CheckGroupConnection: () => ({ edges: [] }),
};

describe("ChecksList", () => {
  it("keeps the order of its load when a state changes, updates the row, and offers to re-sort", async () => {
    const environment = createMockEnvironment();
    const variables = checksListVariables({}, new URLSearchParams());
    expect(variables.byState).toBe(true);
    const queryRef = loadQuery(environment, ChecksListQueryNode, variables);
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
    renderScreen(environment, ChecksList, queryRef);
    const rows = async () =>
      (await screen.findAllByTestId("check-row")).map((tr) => [
        tr.querySelector("a")?.textContent,
        tr.dataset.state,
        ...[...tr.querySelectorAll("td")].slice(3).map((td) => td.textContent),
      ]);
    // Failing first, then degraded, then passing; each row: strip, p50 over 24 h, uptime.
    expect(await rows()).toEqual([
      ["Checkout", "FAILING", "", "120 ms", "99.50 %"],
      ["Search", "DEGRADED", "", "120 ms", "99.50 %"],
      ["Home", "PASSING", "", "120 ms", "99.50 %"],
      ["Login", "PASSING", "", "120 ms", "99.50 %"],
    ]);
    expect(screen.getAllByRole("img").map((strip) => strip.getAttribute("aria-label"))).toEqual([
      "Last 3 runs: 3 failed",
      "Last 3 runs: 0 failed",
      "Last 3 runs: 0 failed",
      "Last 3 runs: 1 failed",
    ]);
    expect(screen.getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["Failing", "Degraded", "Passing"]);
    expect(screen.queryByText(/States changed/)).toBeNull();

    // Home starts failing: its row says so where it is, and the list offers to sort again.
    const events = environment.mock
      .getAllOperations()
      .find((op) => op.request.node.params.name === "ChecksListStatusSubscription");
    if (!events) throw new Error("the list did not subscribe to status changes");
    const home = row("c3", "Home", "FAILING", 1);
    act(() => environment.mock.nextValue(events, { data: { checkStatusChanged: { status: "FAILING", check: home } } }));
    expect((await rows()).map(([name, state]) => `${name} ${state}`)).toEqual([
      "Checkout FAILING",
      "Search DEGRADED",
      "Home FAILING",
      "Login PASSING",
    ]);
    expect(screen.getByText(/States changed since this list was sorted/)).toBeTruthy();
    const reads = () =>
      environment.mock
        .getAllOperations()
        .map((op) => op.request.node.params.name)
        .filter((name) => name.endsWith("PaginationQuery"))
        .sort();
    expect(reads()).toEqual([]);
    act(() => fireEvent.click(screen.getByRole("button", { name: "Re-sort" })));
    expect(screen.queryByText(/States changed/)).toBeNull();
    // Each section reads its first page again from the server, which sorts.
    expect(reads()).toEqual([
      "ChecksSectionDegradedPaginationQuery",
      "ChecksSectionFailingPaginationQuery",
      "ChecksSectionPassingPaginationQuery",
    ]);
  });
});
