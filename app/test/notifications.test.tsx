import { screen } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import NotificationLogQueryNode from "../src/__generated__/NotificationLogQuery.graphql";
import { NotificationLog } from "../src/screens/notifications/NotificationLog";
import { notificationLogVariables } from "../src/screens/notifications/NotificationLogQuery";
import { renderScreen } from "./render-screen";

const node = (id: string, status: string, tries: number, result: string, nextAttemptAt: string | null = null) => ({
  node: {
    id,
    databaseId: id,
    type: "WEBHOOK",
    status,
    tries,
    nextAttemptAt,
    timestamp: "2026-11-27T10:00:05Z",
    createdAt: "2026-11-27T10:00:00Z",
    notificationResult: result,
    checkId: "uuid-shop",
    alertChannelId: 3,
    __typename: "AlertNotification",
  },
  cursor: id,
});

describe("notification log", () => {
  it("takes its filters from the URL and shows each delivery's outcome, tries and answer", async () => {
    const search = new URLSearchParams("status=FAILURE&channel=ch3&check=&bogus=1");
    const variables = notificationLogVariables({}, search);
    expect(variables).toEqual({ channel: "ch3", status: "FAILURE", check: null });
    expect(notificationLogVariables({}, new URLSearchParams("status=DROP")).status).toBeNull();

    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, NotificationLogQueryNode, variables);
    const operation = environment.mock.getMostRecentOperation();
    environment.mock.resolve(operation, {
      data: {
        viewer: {
          id: "v",
          account: {
            id: "a",
            alertNotifications: {
              edges: [
                node("n1", "FAILURE", 2, "HTTP 400: bad request"),
                node("n2", "IN_PROGRESS", 1, "HTTP 503: busy", "2026-11-27T10:00:10Z"),
              ],
              pageInfo: { hasNextPage: true, endCursor: "n2" },
            },
          },
        },
        alertChannels: {
          edges: [
            { node: { id: "ch3", type: "WEBHOOK", config: { __typename: "WebhookChannelConfig", name: "Broken" } } },
          ],
        },
        checks: { edges: [{ node: { id: "c1", databaseId: "uuid-shop", name: "Shop", __typename: "ApiCheck" } }] },
      },
    });
    renderScreen(environment, NotificationLog, queryRef as never, {}, search);
    const rows = await screen.findAllByTestId("notification");
    expect(rows[0]?.textContent).toContain("✕ Failed · webhook · Shop");
    expect(rows[0]?.textContent).toContain("2 tries (1 retry)");
    expect(rows[0]?.textContent).toContain("HTTP 400: bad request");
    expect(rows[1]?.textContent).toContain("↻ Retrying");
    expect(rows[1]?.textContent).toContain("1 try");
    expect(rows[1]?.textContent).toContain("next try");
    expect((screen.getByLabelText("Outcome") as HTMLSelectElement).value).toBe("FAILURE");
    expect((screen.getByLabelText("Channel") as HTMLSelectElement).value).toBe("ch3");
    expect(screen.getByRole("button", { name: "More notifications" })).toBeTruthy();
  });
});
