import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import MaintenanceListQueryNode from "../src/__generated__/MaintenanceListQuery.graphql";
import NewWindowQueryNode from "../src/__generated__/NewWindowQuery.graphql";
import WindowDetailQueryNode from "../src/__generated__/WindowDetailQuery.graphql";
import { MaintenanceList } from "../src/screens/maintenance/MaintenanceList";
import { NewWindow } from "../src/screens/maintenance/NewWindow";
import { WindowDetail } from "../src/screens/maintenance/WindowDetail";
import { browserZone } from "../src/screens/maintenance/zones";
import { operationNamed, showScreen as show } from "./render-screen";
import { validationError } from "./mock-screen";

// Daily 09:00-10:00 in Berlin across the spring change (Sunday 28 March 2027): 08:00Z, then 07:00Z.
const BERLIN = [
  { id: "m1", startsAt: "2027-03-27T08:00:00.000Z", endsAt: "2027-03-27T09:00:00.000Z" },
  { id: "m2", startsAt: "2027-03-28T07:00:00.000Z", endsAt: "2027-03-28T08:00:00.000Z" },
];
const WINDOW = {
  id: "w1",
  name: "Database upgrade",
  timezone: "Europe/Berlin",
  repeatUnit: "DAY",
  repeatInterval: 1,
  tags: ["db"],
  pauseAllChecks: false,
  silenceAlertsTags: [],
  silenceAllAlerts: false,
  activeNow: false,
  description: null,
  statusPageVisibility: { enabled: true, statusPageIds: ["p1"], notifyOnStart: true, notifyOnEnd: false },
};
const LIST_RESOLVERS = {
  Query: () => ({
    maintenances: BERLIN.map((m) => ({ ...m, status: "SCHEDULED", moved: false, window: WINDOW })),
    maintenanceWindows: { edges: [{ node: WINDOW }], pageInfo: { hasNextPage: true } },
  }),
};
const DETAIL_RESOLVERS = {
  MaintenanceWindow: () => ({
    ...WINDOW,
    maintenances: BERLIN.map((m, i) => ({
      ...m,
      status: "SCHEDULED",
      moved: false,
      cancelled: false,
      updates: i ? [] : [{ id: "u1", status: "SCHEDULED", description: "Planned", notifySubscribers: false }],
    })),
  }),
};
const NEW_RESOLVERS = {
  Query: () => ({
    statusPages: {
      edges: [{ node: { id: "sp", databaseId: "p1", name: "Acme status" } }],
      pageInfo: { hasNextPage: false },
    },
  }),
};

describe("maintenance", () => {
  it("shows the coming occurrences in the window's zone, labelled, the same wall time across the DST change", async () => {
    const environment = show(MaintenanceList, MaintenanceListQueryNode, {}, LIST_RESOLVERS);
    const entries = await screen.findAllByTestId("calendar-entry");
    expect(entries).toHaveLength(2);
    for (const [i, entry] of entries.entries()) {
      const own = within(entry).getByTestId("window-time");
      expect(own.textContent).toContain("Window's time (Europe/Berlin)");
      expect(own.textContent).toMatch(/09:00.*10:00/);
      expect(own.querySelector("time")?.getAttribute("datetime")).toBe(BERLIN[i]!.startsAt);
      if (browserZone() !== "Europe/Berlin")
        expect(within(entry).getByTestId("browser-time").textContent).toContain(`Your time (${browserZone()})`);
    }
    expect(screen.getByTestId("window-row").textContent).toContain("Every day · pauses checks tagged db");
    fireEvent.click(screen.getByRole("button", { name: "More windows" }));
    expect(operationNamed(environment, "MaintenanceListPaginationQuery").request.variables).toMatchObject({
      count: 25,
    });
  });

  it("schedules a recurring window from wall times in its zone, and shows the API's errors on their fields", async () => {
    const environment = show(NewWindow, NewWindowQueryNode, {}, NEW_RESOLVERS);
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Database upgrade" } });
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Europe/Berlin" } });
    fireEvent.change(screen.getByLabelText("Starts"), { target: { value: "2027-03-28T09:00" } });
    fireEvent.change(screen.getByLabelText("Ends"), { target: { value: "2027-03-28T08:00" } });
    fireEvent.change(screen.getByLabelText("Repeats"), { target: { value: "WEEK" } });
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: "db, api" } });
    fireEvent.click(screen.getByLabelText("Acme status"));
    fireEvent.click(screen.getByLabelText("When it starts"));
    fireEvent.click(screen.getByRole("button", { name: "Schedule the window" }));
    const operation = operationNamed(environment, "NewWindowMutation");
    expect(operation.request.variables.input).toMatchObject({
      name: "Database upgrade",
      timezone: "Europe/Berlin",
      startsAt: "2027-03-28T07:00:00.000Z", // 09:00 CEST, the day summer time starts
      endsAt: "2027-03-28T06:00:00.000Z",
      repeatUnit: "WEEK",
      repeatInterval: 1,
      tags: ["db", "api"],
      pauseAllChecks: false,
      statusPageVisibility: { enabled: true, statusPageIds: ["p1"], notifyOnStart: true, notifyOnEnd: false },
    });
    act(() => environment.mock.resolve(operation, validationError("endsAt: must be after startsAt", ["endsAt"])));
    expect((await screen.findByTestId("error-endsAt")).textContent).toBe("must be after startsAt");
    expect(screen.getByLabelText("Ends").getAttribute("aria-invalid")).toBe("true");
  });

  it("moves and skips an occurrence (skip asks first), posts, edits and deletes (after asking) updates", async () => {
    const environment = show(WindowDetail, WindowDetailQueryNode, { id: "w1" }, DETAIL_RESOLVERS);
    const [first, second] = await screen.findAllByTestId("occurrence");
    expect(within(first!).getByTestId("maintenance-update").textContent).toContain("Planned");

    fireEvent.click(within(second!).getByRole("button", { name: "Move…" }));
    const start = within(second!).getByLabelText("New start (Europe/Berlin)") as HTMLInputElement;
    expect(start.value).toBe("2027-03-28T09:00");
    fireEvent.change(start, { target: { value: "2027-03-28T11:00" } });
    fireEvent.change(within(second!).getByLabelText("New end (Europe/Berlin)"), {
      target: { value: "2027-03-28T12:30" },
    });
    fireEvent.click(within(second!).getByRole("button", { name: "Move it" }));
    expect(operationNamed(environment, "OccurrenceMoveMutation").request.variables.input).toEqual({
      startsAt: "2027-03-28T09:00:00.000Z",
      endsAt: "2027-03-28T10:30:00.000Z",
    });

    fireEvent.click(within(first!).getByRole("button", { name: "Skip…" }));
    expect(() => operationNamed(environment, "OccurrenceSkipMutation")).toThrow();
    const dialog = within(first!).getByRole("dialog", { name: "Skip this occurrence?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Skip it" }));
    expect(operationNamed(environment, "OccurrenceSkipMutation").request.variables).toEqual({ id: "m1" });

    fireEvent.click(within(second!).getByRole("button", { name: "Post an update" }));
    fireEvent.change(within(second!).getByLabelText("Update"), { target: { value: "Starting now" } });
    fireEvent.click(within(second!).getByRole("button", { name: "Post the update" }));
    expect(operationNamed(environment, "UpdateFormCreateMutation").request.variables).toMatchObject({
      input: { status: "IN_PROGRESS", description: "Starting now", notifySubscribers: false },
    });

    fireEvent.click(within(first!).getByRole("button", { name: "Edit update" }));
    const text = within(first!).getByLabelText("Update") as HTMLTextAreaElement;
    expect(text.value).toBe("Planned");
    fireEvent.change(text, { target: { value: "Planned for 09:00 Berlin time" } });
    fireEvent.click(within(first!).getByRole("button", { name: "Save the update" }));
    expect(operationNamed(environment, "UpdateFormEditMutation").request.variables).toEqual({
      id: "u1",
      input: { status: "SCHEDULED", description: "Planned for 09:00 Berlin time", notifySubscribers: false },
    });
    fireEvent.click(within(first!).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(first!).getByRole("button", { name: "Delete update…" }));
    expect(() => operationNamed(environment, "MaintenanceUpdatesDeleteMutation")).toThrow();
    const ask = within(first!).getByRole("dialog", { name: "Delete this update?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Delete" }));
    expect(operationNamed(environment, "MaintenanceUpdatesDeleteMutation").request.variables).toEqual({ id: "u1" });
  });
});
