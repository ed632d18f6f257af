import type { AlertVariablesInput } from "../../src/domain/alert-templates/variables.js";

/** A failing API check in a group, with a result: the input of the alert variable and delivery tests. */
export const sampleInput: AlertVariablesInput = {
  alertType: "ALERT_FAILURE",
  check: {
    id: "3f1c5a52-0e0a-4c3e-9a57-2b2e2f5d0c11",
    name: "Checkout API",
    checkType: "API",
    description: "Pays for things",
    tags: ["prod", "payments"],
  },
  group: { name: "Shop" },
  result: {
    id: "9c1d3c1e-1111-4a4a-8b8b-000000000001",
    runLocation: "eu-west-1",
    responseTime: 1234,
    errorMessage: 'expected 200, got 503 "unavailable"',
    statusCode: 503,
    statusText: "Service Unavailable",
    startedAt: new Date("2026-01-01T10:00:00.000Z"),
  },
  baseUrl: "https://vigil.example.com/",
};
