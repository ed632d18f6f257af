import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import EditorQueryNode from "../src/__generated__/EditorQuery.graphql";
import StatusPagesQueryNode from "../src/__generated__/StatusPagesQuery.graphql";
import { StatusPageEditor } from "../src/screens/status-pages/StatusPageEditor";
import { StatusPages } from "../src/screens/status-pages/StatusPages";
import { operationNamed, show, validationError } from "./mock-screen";

const palette = Object.fromEntries(
  [
    "bodyBackgroundColor",
    "bodyFontColor",
    "bodyFontColorMuted",
    "borderColor",
    "cardBackgroundColor",
    "headerBackgroundColor",
    "headerFontColor",
    "linkFontColor",
    "navigationFontColor",
    "primaryButtonBackgroundColor",
    "primaryButtonFontColor",
    "titleFontColor",
  ].map((field) => [field, "#ffffff"]),
);
const checkout = { id: "svc-1", name: "Checkout", state: null };
const search = { id: "svc-2", name: "Search", state: "MAJOR" };

const LIST_RESOLVERS = {
  Query: () => ({
    statusPages: {
      edges: [{ node: { id: "p1", name: "Acme", url: "acme", isPrivate: true, customDomain: null, cards: [] } }],
      pageInfo: { hasNextPage: true },
    },
    services: { edges: [{ node: checkout }, { node: search }], pageInfo: { hasNextPage: false } },
  }),
};

const page = {
  id: "p1",
  name: "Acme",
  url: "acme",
  description: null,
  customDomain: "status.acme.test",
  customDomainVerified: false,
  customDomainToken: "tok-123",
  logo: null,
  logoDark: null,
  defaultTheme: "AUTO",
  isPrivate: true,
  themeColors: null,
  cards: [{ id: "card-1", name: "Shop", services: [checkout, search] }],
  keys: [{ id: "k1", maskedKey: "sp_…abcd", createdAt: new Date().toISOString() }],
  subscriptionConnection: {
    edges: [
      {
        node: {
          id: "s1",
          address: "ops@acme.test",
          type: "EMAIL",
          status: "PENDING",
          createdAt: new Date().toISOString(),
        },
      },
    ],
    pageInfo: { hasNextPage: true },
  },
};
const EDIT_RESOLVERS = {
  Node: () => ({ __typename: "StatusPage", ...page }),
  StatusPage: () => page,
  ThemeColors: () => ({ light: palette, dark: palette }),
  Query: () => ({ services: { edges: [{ node: checkout }, { node: search }], pageInfo: { hasNextPage: false } } }),
};

// The editor is a large form, and jsdom's accessible names are slow on a loaded machine.
describe("status pages", { timeout: 30_000 }, () => {
  it("lists pages a page at a time and services with their state, and adds one", async () => {
    const environment = show(StatusPages, StatusPagesQueryNode, {}, LIST_RESOLVERS);
    const pages = within(await screen.findByRole("region", { name: "Pages" }));
    expect(pages.getByRole("link", { name: "Acme" }).getAttribute("href")).toBe("/status-pages/p1");
    expect(pages.getByText("Private")).toBeTruthy();
    fireEvent.click(pages.getByRole("button", { name: "More pages" }));
    expect(operationNamed(environment, "StatusPagesListPaginationQuery").request.variables).toMatchObject({
      count: 25,
    });
    const rows = screen.getAllByTestId("service-row").map((row) => row.textContent);
    expect(rows[0]).toContain("Operational");
    expect(rows[1]).toContain("Major outage");

    fireEvent.change(screen.getByLabelText("New service"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Add the service" }));
    const create = operationNamed(environment, "ServicesPanelCreateMutation");
    act(() =>
      environment.mock.resolve(
        create,
        validationError("name: Too small: expected string to have >=1 characters", ["name"]),
      ),
    );
    expect((await screen.findByTestId("error-service-name")).textContent).toContain("Too small");

    fireEvent.click(screen.getByRole("button", { name: "Rename Search" }));
    fireEvent.change(screen.getByLabelText("New name for Search"), { target: { value: "Search API" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the name" }));
    const rename = operationNamed(environment, "RenameServiceMutation");
    expect(rename.request.variables).toEqual({ id: "svc-2", input: { name: "Search API" } });
    act(() =>
      environment.mock.resolve(rename, {
        data: { result: { __typename: "UpdateServiceSuccess", data: { id: "svc-2", name: "Search API" } } },
      }),
    );
    expect(screen.getAllByTestId("service-row")[1]?.textContent).toContain("Search API");
  });

  it("shows the API's field errors on a new page's fields", async () => {
    const environment = show(StatusPageEditor, EditorQueryNode, { id: "", existing: false }, EDIT_RESOLVERS);
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Acme" } });
    fireEvent.change(screen.getByLabelText("URL"), { target: { value: "Bad URL" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a card" }));
    fireEvent.click(screen.getByRole("button", { name: "Create the page" }));
    const create = operationNamed(environment, "StatusPageEditorCreateMutation");
    expect(create.request.variables.input).toMatchObject({
      name: "Acme",
      url: "Bad URL",
      isPrivate: false,
      themeColors: null,
      cards: [{ name: "", services: [] }],
    });
    expect(create.request.variables.input).not.toHaveProperty("webhookSecret");
    act(() => environment.mock.resolve(create, validationError("url: Invalid string", ["url", "cards.0.name"])));
    expect((await screen.findByTestId("error-url")).textContent).toBe("Invalid string");
    expect(screen.getByLabelText("URL").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId("error-card-0-name")).toBeTruthy();
    expect(screen.queryByTitle("Preview of the public page")).toBeNull();
  });

  it("reorders by keyboard and by drag, saves, and reloads the preview", async () => {
    const environment = show(StatusPageEditor, EditorQueryNode, { id: "p1", existing: true }, EDIT_RESOLVERS);
    await screen.findByRole("heading", { name: "Edit Acme" });
    expect(screen.getByTestId("domain-state").textContent).toContain("_vigil.status.acme.test");
    expect(screen.getByTestId("subscriber").textContent).toContain("Waiting for confirmation");
    fireEvent.click(screen.getByRole("button", { name: "More subscribers" }));
    expect(operationNamed(environment, "SubscribersPanelPaginationQuery").request.variables).toMatchObject({
      count: 25,
      id: "p1",
    });
    const frame = () => screen.getByTitle("Preview of the public page").getAttribute("src");
    expect(frame()).toBe("/status/acme?preview&v=0");
    const services = () =>
      screen
        .getAllByTestId("card-card-1-services-item")
        .map((item) => item.querySelector(".reorder-body")?.textContent?.split(" ")[0]);
    expect(services()).toEqual(["Checkout", "Search"]);

    const up = screen.getByRole("button", { name: "Move Search up" });
    up.focus();
    fireEvent.click(up);
    expect(services()).toEqual(["Search", "Checkout"]);
    // At the top its "up" is disabled: focus moves to its "down", and the new place is announced.
    expect(document.activeElement?.textContent).toBe("↓Move Search down");
    expect(screen.getByText("Search moved to position 1 of 2.")).toBeTruthy();

    const items = screen.getAllByTestId("card-card-1-services-item");
    fireEvent.dragStart(items[1] as HTMLElement);
    fireEvent.drop(items[0] as HTMLElement);
    expect(services()).toEqual(["Checkout", "Search"]);
    fireEvent.click(screen.getByRole("button", { name: "Move Checkout down" }));

    fireEvent.change(screen.getByLabelText("Webhook secret"), { target: { value: "whsec_new" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the page" }));
    const save = operationNamed(environment, "StatusPageEditorUpdateMutation");
    expect(save.request.variables).toMatchObject({
      id: "p1",
      input: {
        webhookSecret: "whsec_new",
        cards: [{ id: "card-1", name: "Shop", services: [{ id: "svc-2" }, { id: "svc-1" }] }],
      },
    });
    act(() =>
      environment.mock.resolve(save, {
        data: {
          result: {
            __typename: "UpdateStatusPageSuccess",
            data: { ...page, __typename: "StatusPage", cards: [{ ...page.cards[0], services: [search, checkout] }] },
          },
        },
      }),
    );
    expect(frame()).toBe("/status/acme?preview&v=1");
    expect((screen.getByLabelText("Webhook secret") as HTMLInputElement).value).toBe("");
    expect(screen.getByTestId("saved").textContent).toContain("Saved");
  });

  it("shows a new key once, and asks before revoking one", async () => {
    const environment = show(StatusPageEditor, EditorQueryNode, { id: "p1", existing: true }, EDIT_RESOLVERS);
    fireEvent.click(await screen.findByRole("button", { name: "Make a key" }));
    const create = operationNamed(environment, "KeysPanelCreateMutation");
    expect(create.request.variables).toEqual({ id: "p1" });
    act(() =>
      environment.mock.resolve(create, {
        data: { result: { __typename: "CreateStatusPageKeySuccess", data: { key: "sp_secret" } } },
      }),
    );
    expect(screen.getByTestId("new-page-key").textContent).toBe("sp_secret");
    expect(operationNamed(environment, "KeysPanelRefetchQuery")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Revoke sp_…abcd…" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke sp_…abcd?" });
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name.includes("Delete"))).toBe(
      false,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(operationNamed(environment, "KeysPanelDeleteMutation").request.variables).toEqual({
      id: "p1",
      keyId: "k1",
    });
  });

  it("adds subscribers, one address or webhook URL a line, and shows the API's refusal", async () => {
    const environment = show(StatusPageEditor, EditorQueryNode, { id: "p1", existing: true }, EDIT_RESOLVERS);
    const form = await screen.findByRole("form", { name: "Add subscribers" });
    fireEvent.click(within(form).getByRole("button", { name: "Add" }));
    expect(screen.getByTestId("error-new-subscribers").textContent).toContain("one address");
    fireEvent.change(within(form).getByLabelText("Add subscribers"), {
      target: { value: "oncall@acme.test\n https://hooks.acme.test/status \n\n" },
    });
    fireEvent.click(within(form).getByRole("checkbox"));
    fireEvent.click(within(form).getByRole("button", { name: "Add" }));
    const refused = operationNamed(environment, "AddSubscribersMutation");
    expect(refused.request.variables).toEqual({
      id: "p1",
      autoVerify: true,
      subscriptions: [
        { config: "oncall@acme.test", type: "EMAIL" },
        { config: "https://hooks.acme.test/status", type: "WEBHOOK" },
      ],
    });
    act(() =>
      environment.mock.resolve(refused, {
        data: {
          result: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: "subscriptions.1.config: must not be a private address",
          },
        },
      }),
    );
    expect(screen.getByTestId("error-new-subscribers").textContent).toContain("private address");
    fireEvent.click(within(form).getByRole("button", { name: "Add" }));
    act(() =>
      environment.mock.resolve(operationNamed(environment, "AddSubscribersMutation"), {
        data: {
          result: {
            __typename: "BulkCreateStatusPageSubscriptionsSuccess",
            data: { created: 1, skipped: 1, status: "VERIFIED" },
          },
        },
      }),
    );
    expect(screen.getByText("Added 1, skipped 1 already there or named twice.")).toBeTruthy();
    expect(operationNamed(environment, "SubscribersPanelPaginationQuery")).toBeTruthy();
  });
});
