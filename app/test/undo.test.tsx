import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { commitLocalUpdate } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BulkBar } from "../src/screens/checks/BulkBar";
import { UNDO_MS } from "../src/ui/Undo";

// Issue 30, point 8: a pause or a mute offers "Undo" for 10 s, which sets back through the API
// what the action changed (and only that).

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

/** c1 running and not muted, c2 already paused and muted: as the list's rows put them in the store. */
function renderBar() {
  const environment = createMockEnvironment();
  commitLocalUpdate(environment, (store) => {
    for (const [id, activated, muted] of [
      ["c1", true, false],
      ["c2", false, true],
    ] as const) {
      const record = store.create(id, "ApiCheck");
      record.setValue(id, "id");
      record.setValue(activated, "activated");
      record.setValue(muted, "muted");
    }
  });
  render(
    <RelayEnvironmentProvider environment={environment}>
      <BulkBar
        selected={new Set(["c1", "c2"])}
        total={2}
        onSelectAll={() => {}}
        onClear={() => {}}
        connections={() => []}
      />
    </RelayEnvironmentProvider>,
  );
  const act1 = (label: string) => {
    fireEvent.click(screen.getByRole("button", { name: label }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: label }));
    const operation = environment.mock.getMostRecentOperation();
    act(() =>
      environment.mock.resolve(operation, { data: { updateChecks: { __typename: "UpdateChecksSuccess", data: [] } } }),
    );
    return operation.request.variables;
  };
  return { environment, act1 };
}

afterEach(() => vi.useRealTimers());

describe("Undo of a pause or a mute", () => {
  it("sets back only the checks the pause changed", () => {
    const { environment, act1 } = renderBar();
    expect(act1("Pause")).toEqual({ ids: ["c1", "c2"], input: { activated: false } });
    expect(screen.getByTestId("undo").textContent).toBe("Done: pause 2 checks. Undo");
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    const undo = environment.mock.getMostRecentOperation();
    // c2 was paused before: Undo leaves it paused.
    expect(undo.request.variables).toEqual({ ids: ["c1"], input: { activated: true } });
    act(() =>
      environment.mock.resolve(undo, { data: { updateChecks: { __typename: "UpdateChecksSuccess", data: [] } } }),
    );
    expect(screen.getByRole("status").textContent).toBe("Undone: pause.");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("offers the Undo of a mute for 10 s, then no more", () => {
    vi.useFakeTimers();
    const { environment, act1 } = renderBar();
    expect(act1("Mute")).toEqual({ ids: ["c1", "c2"], input: { muted: true } });
    act(() => vi.advanceTimersByTime(UNDO_MS - 100));
    expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
