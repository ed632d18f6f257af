import { fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import ReportingQueryNode from "../src/__generated__/ReportingQuery.graphql";
import { badgeMarkdown, badgeUrl } from "../src/screens/reporting/badge";
import { csvField, reportCsv } from "../src/screens/reporting/csv";
import { Reporting } from "../src/screens/reporting/Reporting";
import { reportingVariables } from "../src/screens/reporting/ReportingQuery";
import { renderScreen } from "./render-screen";

// Issue 30, point 7: reporting over a range and tags (the /v1/reporting figures), its CSV, and badges.

const row = (checkId: string, name: string, successRatio: number, tags: string[]) => ({
  checkId,
  name,
  checkType: "API",
  deactivated: false,
  tags,
  aggregate: { successRatio, avg: 120.5, p95: 301.25, p99: 480 },
});

describe("Reporting", () => {
  it("reads its range and tags from the URL", () => {
    const search = new URLSearchParams("range=LAST_7_DAYS&tag=prod&tag=eu");
    expect(reportingVariables({}, search)).toEqual({
      range: "LAST_7_DAYS",
      from: null,
      to: null,
      tags: ["prod", "eu"],
      timezone: "UTC",
    });
    expect(reportingVariables({}, new URLSearchParams("from=2026-11-01&to=2026-11-08&range=LAST_7_DAYS"))).toEqual({
      range: null,
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-08T00:00:00.000Z",
      tags: null,
      timezone: "UTC",
    });
    // In a zone: its midnights (Berlin is UTC+1 in November), and the zone for the API's buckets.
    expect(reportingVariables({}, new URLSearchParams("from=2026-11-01&to=2026-11-08&tz=Europe/Berlin"))).toEqual({
      range: null,
      from: "2026-10-31T23:00:00.000Z",
      to: "2026-11-07T23:00:00.000Z",
      tags: null,
      timezone: "Europe/Berlin",
    });
    // A zone this browser does not know is no zone (UTC), not a crash of the screen.
    expect(reportingVariables({}, new URLSearchParams("range=LAST_7_DAYS&tz=Mars/Olympus")).timezone).toBe("UTC");
    // Anything else is no range at all (the API's default, the last 24 hours).
    expect(reportingVariables({}, new URLSearchParams("range=ALWAYS&from=yesterday&to=x")).range).toBeNull();
  });

  it("shows the figures, and its badge's Markdown for a check", async () => {
    const environment = createMockEnvironment();
    const variables = { range: "LAST_7_DAYS" as const, from: null, to: null, tags: ["prod"], timezone: "UTC" };
    const queryRef = loadQuery(environment, ReportingQueryNode, variables);
    environment.mock.resolveMostRecentOperation({
      data: {
        reporting: [row("c-1", "Checkout", 99.5, ["prod"]), row("c-2", "Search [beta]", 100, ["prod", "eu"])],
        checkGroups: {
          edges: [{ cursor: "g", node: { __typename: "CheckGroup", id: "g", databaseId: 7, name: "Payments" } }],
          pageInfo: { hasNextPage: false, endCursor: "g" },
        },
      },
    });
    renderScreen(environment, Reporting, queryRef as never, {}, new URLSearchParams("range=LAST_7_DAYS&tag=prod"));
    const rows = await screen.findAllByTestId("report-row");
    expect(rows.map((r) => r.querySelector("[data-testid=success-ratio]")?.textContent)).toEqual([
      "99.50 %",
      "100.00 %",
    ]);
    expect(screen.getByRole("heading", { name: "Checks over Last 7 days, tagged prod" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Check"), { target: { value: "c-2" } });
    fireEvent.change(screen.getByLabelText("Style"), { target: { value: "for-the-badge" } });
    const origin = window.location.origin;
    expect(screen.getByTestId("badge-markdown").textContent).toBe(
      `![Search \\[beta\\] status](${origin}/v1/badges/checks/c-2?style=for-the-badge)`,
    );
    expect(screen.getByTestId("badge-preview").getAttribute("src")).toBe(
      `${origin}/v1/badges/checks/c-2?style=for-the-badge`,
    );
    // A group's badge: any group, found as the person types; labelled "status" by the API, not by its name.
    fireEvent.click(screen.getByLabelText("A group"));
    fireEvent.click(screen.getByLabelText("Payments"));
    expect(screen.getByTestId("badge-markdown").textContent).toBe(
      `![Payments status](${origin}/v1/badges/groups/7?style=for-the-badge)`,
    );
  });
});

describe("the report's CSV", () => {
  it("holds the figures unrounded, one line per check, fields quoted where needed", () => {
    const csv = reportCsv([row("c-1", 'Say "hi", world', 99.5, ["a", "b"]), row("c-2", "=HYPERLINK()", 100, [])]);
    expect(csv.split("\r\n")).toEqual([
      "checkId,name,checkType,deactivated,tags,successRatio,avg,p95,p99",
      'c-1,"Say ""hi"", world",API,false,a b,99.5,120.5,301.25,480',
      "c-2,'=HYPERLINK(),API,false,,100,120.5,301.25,480",
      "",
    ]);
    expect(csvField(null)).toBe("");
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  });

  it("makes badge URLs with only the options that differ from the defaults", () => {
    expect(badgeUrl("http://x", "checks/c", { style: "flat", theme: "default", responseTime: false })).toBe(
      "http://x/v1/badges/checks/c",
    );
    expect(badgeUrl("http://x", "checks/c", { style: "flat", theme: "dark", responseTime: true })).toBe(
      "http://x/v1/badges/checks/c?theme=dark&responseTime=true",
    );
    expect(badgeMarkdown("a]b", "u")).toBe("![a\\]b status](u)");
  });
});
