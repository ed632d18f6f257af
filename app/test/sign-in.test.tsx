import { act, fireEvent, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import type { ScreenProps } from "../src/routes";
import { SignIn, safeNext } from "../src/screens/auth/SignIn";

describe("SignIn", () => {
  it("sends the pasted key, trimmed, and shows the server's refusal beside the field", async () => {
    const environment = createMockEnvironment();
    const props = { queryRef: null, params: {}, search: new URLSearchParams() } as ScreenProps;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <SignIn {...props} />
      </RelayEnvironmentProvider>,
    );
    fireEvent.change(screen.getByLabelText("API key"), { target: { value: "  vg_wrong  " } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ apiKey: "vg_wrong" });
    act(() =>
      environment.mock.resolve(operation, {
        data: {
          signIn: {
            __typename: "UnauthenticatedError",
            __isError: "UnauthenticatedError",
            message: "That API key opens no account.",
          },
        },
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe("That API key opens no account.");
    expect(screen.getByLabelText("API key").getAttribute("aria-invalid")).toBe("true");
  });

  it("goes back only to a path of the app after signing in", () => {
    expect(safeNext("/checks?status=FAILING")).toBe("/checks?status=FAILING");
    expect(safeNext("//evil.example/")).toBe("/");
    expect(safeNext("https://evil.example/")).toBe("/");
    expect(safeNext("/sign-in")).toBe("/");
    expect(safeNext(null)).toBe("/");
  });
});
