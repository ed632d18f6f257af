import { act, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import CheckDetailQueryNode from "../src/__generated__/CheckDetailQuery.graphql";
import { CheckDetail } from "../src/screens/check/CheckDetail";
import { checkDetailVariables } from "../src/screens/check/CheckDetailQuery";
import { dateTime } from "../src/ui/format";
import { renderScreen } from "./render-screen";

// Issue 27, point 4: a check's screen shows its state, uptime over four windows, the response-time
// table beside the chart, its results log with filters, its alerts, and its actions.

const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
const ALERTED = [at(1), at(3)] as const;
const UPTIME: Record<string, { runs: number; successRatio: number }> = {
  day: { runs: 288, successRatio: 99.5 },
  week: { runs: 2016, successRatio: 98.25 },
  month: { runs: 8640, successRatio: 97 },
  quarter: { runs: 0, successRatio: 0 },
};
const CHECK = {
  id: "c1",
  name: "Checkout API",
  checkType: "API",
  activated: true,
  muted: true,
  frequency: 5,
  locations: ["eu-west-1", "us-east-1"],
  tags: ["shop"],
};
const RESOLVERS = {
  // Nested objects come from their own types' resolvers (the generator does not take them from
  // the parent); the check's own fields, inside `... on Check @alias`, are set after generation.
  Node: () => ({ __typename: "ApiCheck" }),
  ApiCheckRequest: () => ({ method: "GET", url: "https://shop.example/health" }),
  CheckStatus: () => ({ status: "FAILING", statusSince: at(2), lastRunLocation: "eu-west-1" }),
  CheckStats: (context: { alias?: string | null }) =>
    UPTIME[context.alias ?? ""] ?? { runs: 12, successRatio: 100, p50: 120, p95: 300, p99: 450 },
  CheckSeriesPoint: () => ({ from: at(2), to: at(1) }),
  CheckAlertConnection: () => ({
    edges: [
      {
        node: {
          databaseId: "1",
          alertType: "ALERT_FAILURE",
          createdAt: ALERTED[0],
          runLocation: "eu-west-1",
          error: null,
          silenced: false,
        },
      },
      {
        node: {
          databaseId: "2",
          alertType: "ALERT_RECOVERY",
          createdAt: ALERTED[1],
          runLocation: null,
          error: null,
          silenced: true,
        },
      },
    ],
    pageInfo: { hasNextPage: true, endCursor: "alert-2" },
  }),
  CheckResultConnection: () => ({
    edges: [
      {
        node: {
          id: "r1",
          startedAt: at(1),
          runLocation: "eu-west-1",
          responseTime: 812,
          hasFailures: true,
          hasErrors: false,
          isDegraded: false,
          apiCheckResult: { requestError: "connect ECONNREFUSED", response: null, assertions: [] },
        },
      },
    ],
    pageInfo: { hasNextPage: false, endCursor: null },
  }),
};

const WITH_OLDER_RESULTS = {
  ...RESOLVERS,
  CheckResultConnection: () => ({
    ...RESOLVERS.CheckResultConnection(),
    pageInfo: { hasNextPage: true, endCursor: "cursor-1" },
  }),
};

/** jsdom lays nothing out: this observer is told by hand that the end came into view. */
const observed: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
class HandObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    observed.push(callback);
  }
  observe() {}
  disconnect() {}
}

/** A payload for the check's query or its results' refetch: node(id: "c1") is the check. */
function generate(operation: OperationDescriptor, resolvers: object = RESOLVERS) {
  const payload = MockPayloadGenerator.generate(operation, resolvers);
  Object.assign((payload.data as { node: object }).node, { __typename: "ApiCheck", ...CHECK });
  return payload;
}

function renderCheck(resolvers: object = RESOLVERS) {
  const environment = createMockEnvironment();
  const variables = checkDetailVariables({ id: "c1" }, new URLSearchParams());
  const queryRef = loadQuery(environment, CheckDetailQueryNode, variables);
  environment.mock.resolveMostRecentOperation((operation) => generate(operation, resolvers));
  renderScreen(environment, CheckDetail, queryRef, { id: "c1" });
  const operation = (name: string) =>
    environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);
  return { environment, operation };
}

describe("CheckDetail", () => {
  it("shows state, uptime over 24 h, 7 d, 30 d and 90 d, the response times as a table, results and alerts", async () => {
    renderCheck();
    expect(await screen.findByRole("heading", { name: "Checkout API", level: 1 })).toBeTruthy();
    const state = screen.getByRole("region", { name: "State" });
    expect(state.textContent).toContain("Failing since 2 hours ago");
    expect(state.textContent).toContain("notifications muted");
    expect(state.textContent).toContain("GET https://shop.example/health");
    const uptime = within(screen.getByRole("region", { name: "Uptime" }));
    const windows = uptime.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(windows).toEqual([
      ["24 h", "99.50 %288 runs"],
      ["7 d", "98.25 %2016 runs"],
      ["30 d", "97.00 %8640 runs"],
      ["90 d", "—0 runs"],
    ]);
    // The chart's figures for screen readers: one row per period that had runs.
    const table = screen.getByRole("table", { name: "Response time percentiles per period" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))).toEqual([
      ["12", "120 ms", "300 ms", "450 ms"],
    ]);
    const results = within(screen.getByRole("region", { name: "Results" }));
    expect(results.getByRole("link", { name: "✕ Failed" }).getAttribute("href")).toBe("/checks/c1/results/r1");
    expect(results.getByText("connect ECONNREFUSED")).toBeTruthy();
    const alerts = within(screen.getByRole("region", { name: "Alerts" })).getAllByRole("listitem");
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      `failure · ${dateTime(ALERTED[0])} · eu-west-1 · sent`,
      `recovery · ${dateTime(ALERTED[1])} · silenced (muted or in maintenance)`,
    ]);
  });

  it("pages through the check's alerts and links to their deliveries", async () => {
    const { operation } = renderCheck();
    const region = within(await screen.findByRole("region", { name: "Alerts" }));
    expect(region.getByRole("link", { name: "Deliveries of this check's alerts" }).getAttribute("href")).toBe(
      "/notifications?check=c1",
    );
    fireEvent.click(region.getByRole("button", { name: "Older alerts" }));
    const next = operation("CheckAlertsPaginationQuery").at(-1);
    expect(next?.request.variables).toMatchObject({ id: "c1", count: 10, cursor: "alert-2" });
  });

  it("reads the results again with each filter: failures only, one location, a range", async () => {
    const { environment, operation } = renderCheck();
    const results = () => within(screen.getByRole("region", { name: "Results" }));
    await screen.findByRole("region", { name: "Results" });
    // Each filter reads the first page again; the answer is given before the next filter is set.
    const lastRead = async () => {
      const read = operation("ResultsLogPaginationQuery").at(-1);
      if (!read) throw new Error("the results were not read again");
      await act(async () => environment.mock.resolve(read, generate(read)));
      return read.request.variables;
    };
    fireEvent.click(results().getByLabelText("Failures only"));
    expect(await lastRead()).toMatchObject({ hasFailures: true, location: null, since: null });
    fireEvent.change(results().getByLabelText("Location"), { target: { value: "us-east-1" } });
    expect(await lastRead()).toMatchObject({ hasFailures: true, location: "us-east-1", since: null });
    fireEvent.change(results().getByLabelText("Range"), { target: { value: "24" } });
    const { since } = await lastRead();
    expect(Date.now() - new Date(since as string).getTime()).toBeGreaterThanOrEqual(24 * HOUR);
    expect(Date.now() - new Date(since as string).getTime()).toBeLessThan(25 * HOUR);
    expect(operation("ResultsLogPaginationQuery")).toHaveLength(0); // all answered, none left
  });

  it("pauses, links to edit and clone, and deletes only once confirmed", async () => {
    const { environment, operation } = renderCheck();
    const state = within(await screen.findByRole("region", { name: "State" }));
    expect(state.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe("/checks/c1/edit");
    expect(state.getByRole("link", { name: "Clone" }).getAttribute("href")).toBe("/checks/new?from=c1");

    fireEvent.click(state.getByRole("button", { name: "Pause" }));
    expect(operation("updateChecksMutation").map((op) => op.request.variables)).toEqual([
      { ids: ["c1"], input: { activated: false } },
    ]);

    fireEvent.click(state.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Checkout API?" });
    expect(operation("CheckActionsDeleteMutation")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(operation("CheckActionsDeleteMutation")).toHaveLength(0);
    fireEvent.click(state.getByRole("button", { name: "Delete" }));
    act(() => fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" })));
    const [remove] = operation("CheckActionsDeleteMutation");
    expect(remove?.request.variables).toEqual({ id: "c1" });
    // Deleted: the app goes to the checks list.
    act(() =>
      environment.mock.resolve(remove as NonNullable<typeof remove>, {
        data: { result: { __typename: "DeleteCheckSuccess" } },
      }),
    );
    expect(window.location.pathname).toBe("/checks");
  });
  it("reads older results when the end of the log scrolls into view", async () => {
    globalThis.IntersectionObserver = HandObserver as unknown as typeof IntersectionObserver;
    const { operation } = renderCheck(WITH_OLDER_RESULTS);
    const results = within(await screen.findByRole("region", { name: "Results" }));
    expect(results.getByRole("button", { name: "Older results" })).toBeTruthy();
    expect(operation("ResultsLogPaginationQuery")).toHaveLength(0);
    act(() => observed.at(-1)?.([{ isIntersecting: true }]));
    expect(operation("ResultsLogPaginationQuery").map((op) => op.request.variables)).toEqual([
      expect.objectContaining({ count: 25, cursor: "cursor-1", id: "c1" }),
    ]);
    Reflect.deleteProperty(globalThis, "IntersectionObserver");
  });
});
