import { act, render, screen } from "@testing-library/react";
import { graphql, RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import { live } from "../src/relay/live";
import { useLiveSubscription, useRereadOnReconnect } from "../src/relay/useLiveSubscription";
import { Layout } from "../src/shell/Layout";

const subscription = graphql`
  subscription liveTestSubscription {
    checkStatusChanged {
      status
    }
  }
`;

function Watcher({ onReread }: { onReread: () => void }) {
  useLiveSubscription({ subscription, variables: {} }, "watch");
  useRereadOnReconnect(onReread);
  return <p>watching</p>;
}

describe("live updates", () => {
  it("stop while paused (WCAG 2.2.2), say when the connection is lost, and re-read after", () => {
    const environment = createMockEnvironment();
    let rereads = 0;
    render(
      <RelayEnvironmentProvider environment={environment}>
        <Layout>
          <Watcher onReread={() => rereads++} />
        </Layout>
      </RelayEnvironmentProvider>,
    );
    const subscribed = () =>
      environment.mock.getAllOperations().filter((op) => op.request.node.params.name === "liveTestSubscription").length;
    expect(subscribed()).toBe(1);

    act(() => screen.getByRole("button", { name: "Pause live updates" }).click());
    expect(subscribed()).toBe(0);
    expect(screen.getByRole("button", { name: "Resume live updates" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/Live updates are paused/)).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Resume live updates" }).click());
    expect(subscribed()).toBe(1);
    expect(rereads).toBe(1); // what came while paused was not applied: read again

    act(() => live.connected());
    act(() => live.disconnected());
    expect(screen.getByText(/Connection lost: reconnecting/)).toBeTruthy();
    act(() => live.connected());
    expect(screen.queryByText(/Connection lost/)).toBeNull();
    expect(rereads).toBe(2);
  });
});
