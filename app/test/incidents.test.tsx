import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import IncidentDetailQueryNode from "../src/__generated__/IncidentDetailQuery.graphql";
import IncidentsListQueryNode from "../src/__generated__/IncidentsListQuery.graphql";
import NewIncidentQueryNode from "../src/__generated__/NewIncidentQuery.graphql";
import { IncidentDetail } from "../src/screens/incidents/IncidentDetail";
import { IncidentsList } from "../src/screens/incidents/IncidentsList";
import { NewIncident } from "../src/screens/incidents/NewIncident";
import { operationNamed, show, validationError } from "./mock-screen";

const incident = (id: string, name: string, lastUpdateStatus: string) => ({
  id,
  name,
  severity: "MAJOR",
  lastUpdateStatus,
  createdAt: new Date().toISOString(),
  services: [{ id: `s-${id}`, name: "API" }],
});

// Mock resolvers by type name (module level: Biome takes capitalised functions for components).
const LIST_RESOLVERS = {
  Query: () => ({
    open: { edges: [{ node: incident("i1", "Payments down", "IDENTIFIED") }], pageInfo: { hasNextPage: true } },
    resolved: { edges: [{ node: incident("i2", "Slow search", "RESOLVED") }], pageInfo: { hasNextPage: false } },
  }),
};
const NEW_RESOLVERS = {
  Query: () => ({
    services: { edges: [{ node: { id: "svc-1", name: "Checkout" } }], pageInfo: { hasNextPage: false } },
  }),
};
const DETAIL_RESOLVERS = {
  Incident: () => ({
    ...incident("inc-1", "Payments down", "INVESTIGATING"),
    databaseId: "9b1c",
    duration: null,
    statusPages: [{ id: "p1", name: "Acme status", url: "acme", isPrivate: false }],
    updates: {
      edges: [
        { node: { id: "u1", status: "INVESTIGATING", description: "Looking into it", notifySubscribers: false } },
      ],
      pageInfo: { hasNextPage: false },
    },
  }),
  IncidentUpdate: () => ({ publicIncidentUpdateDate: new Date().toISOString() }),
};

describe("incidents", () => {
  it("lists open incidents before resolved ones, each paginated by the server, and re-reads on a change", async () => {
    const environment = show(IncidentsList, IncidentsListQueryNode, {}, LIST_RESOLVERS);
    const open = within(await screen.findByRole("region", { name: "Open incidents" }));
    expect(open.getByRole("listitem").textContent).toContain("Payments down");
    expect(open.getByRole("listitem").textContent).toContain("Identified");
    expect(IncidentsListQueryNode.params.text).toMatch(
      /open: incidents\(first: 25, open: true\)[\s\S]*resolved: incidents\(first: 25, open: false\)/,
    );
    const resolved = within(screen.getByRole("region", { name: "Resolved incidents" }));
    expect(resolved.getByRole("listitem").textContent).toContain("Slow search");
    expect(resolved.queryByRole("button")).toBeNull();

    fireEvent.click(open.getByRole("button", { name: "Load more open incidents" }));
    const next = operationNamed(environment, "IncidentsListOpenPaginationQuery");
    expect(next.request.variables).toMatchObject({ count: 25 });

    const changed = operationNamed(environment, "IncidentsListChangedSubscription");
    act(() => environment.mock.nextValue(changed, { data: { incidentChanged: { id: "i3" } } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(operationNamed(environment, "IncidentsListQuery")).toBeTruthy();
  });

  it("opens an incident with its first update and shows the API's errors beside their fields", async () => {
    const environment = show(NewIncident, NewIncidentQueryNode, {}, NEW_RESOLVERS);
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Checkout down" } });
    fireEvent.click(screen.getByLabelText("Checkout"));
    fireEvent.change(screen.getByLabelText("Severity"), { target: { value: "CRITICAL" } });
    fireEvent.click(screen.getByLabelText("Notify the pages' subscribers"));
    fireEvent.click(screen.getByRole("button", { name: "Open the incident" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({
      name: "Checkout down",
      severity: "CRITICAL",
      services: [{ id: "svc-1" }],
      incidentUpdates: [{ description: "", status: "INVESTIGATING", notifySubscribers: true }],
    });
    act(() =>
      environment.mock.resolve(
        operation,
        validationError("incidentUpdates.0.description: Too small: expected string to have >=1 characters", [
          "incidentUpdates.0.description",
        ]),
      ),
    );
    expect((await screen.findByTestId("error-description")).textContent).toBe(
      "Too small: expected string to have >=1 characters",
    );
    expect(screen.getByLabelText("First update").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows where the incident shows, takes updates live, posts one, and asks before deleting", async () => {
    const environment = show(IncidentDetail, IncidentDetailQueryNode, { id: "inc-1" }, DETAIL_RESOLVERS);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Payments down");
    const link = screen.getByRole("link", { name: "How it looks on Acme status" });
    expect(link.getAttribute("href")).toBe("/status/acme/incidents/9b1c");
    const timeline = () => screen.getAllByTestId("timeline-entry").map((entry) => entry.textContent);
    expect(timeline()).toHaveLength(1);

    // Someone else posts: the update comes on the subscription and goes on top, no re-read.
    const added = operationNamed(environment, "IncidentTimelineUpdateSubscription");
    expect(added.request.variables.id).toBe("inc-1");
    const update = (id: string, status: string, description: string) => ({
      id,
      status,
      description,
      publicIncidentUpdateDate: new Date().toISOString(),
      notifySubscribers: false,
      incident: { id: "inc-1", lastUpdateStatus: status, duration: null, updatedAt: new Date().toISOString() },
    });
    act(() =>
      environment.mock.nextValue(added, {
        data: { incidentUpdateAdded: update("u2", "IDENTIFIED", "The database is full") },
      }),
    );
    expect(timeline()[0]).toContain("The database is full");
    expect(screen.getByTestId("incident-status").textContent).toContain("Identified");
    expect(
      environment.mock.getAllOperations().some((op) => op.request.node.params.name === "IncidentDetailQuery"),
    ).toBe(false);

    // This person resolves it: one mutation, and the same update arriving on the subscription is not shown twice.
    fireEvent.change(screen.getByLabelText("Update"), { target: { value: "Space freed" } });
    fireEvent.click(screen.getByRole("button", { name: "Resolve with this update" }));
    const post = operationNamed(environment, "PostUpdateMutation");
    expect(post.request.variables).toMatchObject({
      incidentId: "inc-1",
      input: { description: "Space freed", status: "RESOLVED", notifySubscribers: false },
    });
    act(() =>
      environment.mock.resolve(post, {
        data: { result: { __typename: "AddIncidentUpdateSuccess", data: update("u3", "RESOLVED", "Space freed") } },
      }),
    );
    act(() =>
      environment.mock.nextValue(added, { data: { incidentUpdateAdded: update("u3", "RESOLVED", "Space freed") } }),
    );
    expect(timeline()).toHaveLength(3);
    expect(timeline()[0]).toContain("Resolved");
    expect(screen.getByText("Resolved.")).toBeTruthy();

    // Deleting asks first.
    fireEvent.click(screen.getByRole("button", { name: "Delete…" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Payments down?" });
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name.includes("Delete"))).toBe(
      false,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    const remove = operationNamed(environment, "IncidentDetailDeleteMutation");
    expect(remove.request.variables).toEqual({ id: "inc-1" });
    // A refusal stays on the screen, beside the button (the screen does not move on).
    act(() =>
      environment.mock.resolve(remove, {
        data: { result: { __typename: "NotFoundError", __isError: "NotFoundError", message: "Incident not found" } },
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe("Incident not found");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payments down");
  });
});
