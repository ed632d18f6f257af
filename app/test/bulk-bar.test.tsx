import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import { BulkBar } from "../src/screens/checks/BulkBar";

// Issue 27, point 3: bulk pause, resume, mute and delete, each with a confirmation first. (The
// browser test pauses 50 checks; this one takes every action.)

function renderBar() {
  const environment = createMockEnvironment();
  let cleared = 0;
  render(
    <RelayEnvironmentProvider environment={environment}>
      <BulkBar
        selected={new Set(["c1", "c2"])}
        total={7}
        onSelectAll={() => {}}
        onClear={() => cleared++}
        connections={() => ["client:root:__ChecksSection_all_connection"]}
      />
    </RelayEnvironmentProvider>,
  );
  const sent = () =>
    environment.mock.getAllOperations().map((op) => [op.request.node.params.name, op.request.variables]);
  return { environment, sent, cleared: () => cleared };
}

describe("BulkBar", () => {
  it("asks before each action and sends it for the selected checks", () => {
    const { environment, sent, cleared } = renderBar();
    expect(screen.getByText("2 of 7 selected")).toBeTruthy();
    const expected: [string, Record<string, boolean>][] = [
      ["Pause", { activated: false }],
      ["Resume", { activated: true }],
      ["Mute", { muted: true }],
      ["Unmute", { muted: false }],
    ];
    for (const [label, input] of expected) {
      fireEvent.click(screen.getByRole("button", { name: label }));
      const dialog = screen.getByRole("dialog", { name: `${label} 2 checks?` });
      expect(sent()).toEqual([]); // nothing before the confirmation
      fireEvent.click(within(dialog).getByRole("button", { name: label }));
      expect(sent()).toEqual([["updateChecksMutation", { ids: ["c1", "c2"], input }]]);
      const operation = environment.mock.getMostRecentOperation();
      act(() =>
        environment.mock.resolve(operation, {
          data: { updateChecks: { __typename: "UpdateChecksSuccess", data: [] } },
        }),
      );
      expect(screen.getByRole("status").textContent).toBe(`Done: ${label.toLowerCase()} 2 checks.`);
    }
    expect(cleared()).toBe(4);
  });

  it("deletes from the list's connections only once confirmed; Cancel sends nothing", () => {
    const { environment, sent } = renderBar();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete 2 checks?" });
    expect(dialog.textContent).toContain("This cannot be undone.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(sent()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(sent()).toEqual([
      ["BulkBarDeleteMutation", { ids: ["c1", "c2"], connections: ["client:root:__ChecksSection_all_connection"] }],
    ]);
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: {
          deleteChecks: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: "ids: 1 check is not yours",
          },
        },
      }),
    );
    expect(screen.getByRole("status").textContent).toBe("ids: 1 check is not yours");
  });
});
