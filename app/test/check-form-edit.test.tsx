// An edit sends what the operator changed and never what the form was not asked to change: a
// sent list or nested object replaces the stored one, so one left out is kept by the API.
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CheckFormQueryNode from "../src/__generated__/CheckFormQuery.graphql";
import { CheckForm } from "../src/screens/form/CheckForm";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { operationNamed, renderScreen } from "./render-screen";

const COMMON = {
  id: "c1",
  name: "Orders API",
  description: null,
  frequency: 5,
  frequencyOffset: null,
  locations: ["EU_WEST_1"],
  tags: ["shop"],
  activated: true,
  muted: false,
  shouldFail: false,
  runParallel: false,
  degradedResponseTime: 3000,
  maxResponseTime: 9000,
  retryStrategy: {
    type: "FIXED",
    baseBackoffSeconds: 30,
    maxRetries: 2,
    maxDurationSeconds: 300,
    sameRegion: true,
    onlyOn: [],
  },
  useGlobalAlertSettings: true,
  alertSettings: null,
  environmentVariables: [],
};
// Set through REST: headers, a JSON body assertion beside the status one, basic auth.
const API_REQUEST = {
  method: "POST",
  url: "https://shop.example/orders",
  body: '{"probe":true}',
  bodyType: "JSON",
  followRedirects: true,
  skipSSL: false,
  headers: [{ key: "X-Api-Key", value: "k-123", locked: false }],
  queryParameters: [],
  basicAuth: { username: "probe", password: "pw" },
  assertions: [
    { source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "201", regex: null },
    { source: "JSON_BODY", property: "$.ok", comparison: "EQUALS", target: "true", regex: null },
  ],
};

/**
 * The edit form of a stored check, its query answered with `node` as the API sends it (raw: the
 * mock payload generator does not fill fields read through `... on Check`).
 */
function editForm(node: Record<string, unknown>) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery(environment, CheckFormQueryNode, { id: "c1", hasId: true });
  environment.mock.resolveMostRecentOperation({
    data: { node: { ...COMMON, __isCheck: node.__typename, ...node } },
  });
  renderScreen(environment, CheckForm, queryRef, { id: "c1" });
  return environment;
}

const saved = (environment: ReturnType<typeof editForm>, name: string) =>
  operationNamed(environment, name).request.variables.input;

describe("CheckForm edits", () => {
  it("renaming an API check sends no headers, assertions, auth or retries: the stored ones stay", async () => {
    const environment = editForm({
      __typename: "ApiCheck",
      checkType: "API",
      localSetupScript: null,
      localTearDownScript: null,
      apiRequest: API_REQUEST,
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Orders API (v2)" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(saved(environment, "mutationsUpdateApiMutation")).toEqual({
      name: "Orders API (v2)",
      activated: true,
      tags: ["shop"],
      locations: ["EU_WEST_1"],
      frequency: 5,
      request: {
        method: "POST",
        url: "https://shop.example/orders",
        body: '{"probe":true}',
        bodyType: "JSON",
        followRedirects: true,
        skipSSL: false,
      },
    });
  });
});
