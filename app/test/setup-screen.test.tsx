import { act, fireEvent, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { ScreenProps } from "../src/routes";
import { Setup } from "../src/screens/auth/Setup";
import { storedTheme, useTheme } from "../src/ui/theme";

// Issue 27, points 1 and 7: the first run shows the key once with a copy button; the theme is
// light, dark or the system's, and the choice is kept.

// The domain's words for a spent token (src/domain/sessions/setup.ts).
const SPENT = "this setup link is unknown, used or expired: restart vigil serve for a new one (it is logged at start)";
const KEY = "vg_0123456789abcdef0123456789abcdef0123456789abcdef";

function renderSetup(token: string) {
  const environment = createMockEnvironment();
  const props = { queryRef: null, params: {}, search: new URLSearchParams({ token }) } as unknown as ScreenProps;
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Setup {...props} />
    </RelayEnvironmentProvider>,
  );
  return environment;
}

/** Stands in for the browser's clipboard (jsdom has none); `refuse` makes it throw, as without permission. */
function clipboard(refuse = false) {
  const written: string[] = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (refuse) throw new Error("denied");
        written.push(text);
      },
    },
  });
  return written;
}

describe("Setup", () => {
  it("creates the account with the link's token, shows the key once and copies it", async () => {
    const environment = renderSetup("t0ken");
    fireEvent.change(screen.getByLabelText("Account name (optional)"), { target: { value: " Acme " } });
    fireEvent.click(screen.getByRole("button", { name: "Create the account" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ token: "t0ken", accountName: "Acme" });
    act(() =>
      environment.mock.resolve(operation, {
        data: {
          completeSetup: {
            __typename: "CompleteSetupSuccess",
            apiKey: KEY,
            session: { id: "s1", account: { id: "a1", name: "Acme" } },
          },
        },
      }),
    );
    expect(screen.getByTestId("api-key").textContent).toBe(KEY);
    expect(screen.getByText(/It is shown only this once/)).toBeTruthy();
    const written = clipboard();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy the key" })));
    expect(written).toEqual([KEY]);
    expect(screen.getByRole("status").textContent).toBe("Copied.");
  });

  it("selects the key for Ctrl+C when the clipboard refuses, and says so", async () => {
    const environment = renderSetup("t0ken");
    fireEvent.click(screen.getByRole("button", { name: "Create the account" }));
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: { completeSetup: { __typename: "CompleteSetupSuccess", apiKey: KEY, session: null } },
      }),
    );
    clipboard(true);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy the key" })));
    expect(screen.getByRole("status").textContent).toBe("Selected: press Ctrl+C to copy.");
    expect(getSelection()?.toString()).toBe(KEY);
  });

  it("shows the server's refusal of a spent token, and no key", () => {
    const environment = renderSetup("spent");
    fireEvent.click(screen.getByRole("button", { name: "Create the account" }));
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: {
          completeSetup: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: SPENT,
          },
        },
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe(SPENT);
    expect(screen.queryByTestId("api-key")).toBeNull();
  });

  it("refuses to start without a token in the link", () => {
    renderSetup("");
    expect(screen.getByRole("alert").textContent).toMatch(/no setup token/);
    expect(screen.getByRole("button", { name: "Create the account" }).hasAttribute("disabled")).toBe(true);
  });
});

function ThemePicker() {
  const [theme, setTheme] = useTheme();
  return (
    <select aria-label="Theme" value={theme} onChange={(event) => setTheme(event.target.value as never)}>
      <option value="system">System</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </select>
  );
}

describe("the theme", () => {
  afterEach(() => localStorage.clear());

  it("follows the system until the person picks light or dark, and keeps the choice", () => {
    render(<ThemePicker />);
    expect(document.documentElement.dataset.theme).toBeUndefined();
    fireEvent.change(screen.getByLabelText("Theme"), { target: { value: "dark" } });
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(storedTheme()).toBe("dark");
    fireEvent.change(screen.getByLabelText("Theme"), { target: { value: "light" } });
    expect(document.documentElement.dataset.theme).toBe("light");
    fireEvent.change(screen.getByLabelText("Theme"), { target: { value: "system" } });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem("vigil.theme")).toBeNull();
  });
});
