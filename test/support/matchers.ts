// Matchers shared by the API tests.
import { expect } from "vitest";

/** A timestamp as the APIs write it: ISO 8601 in UTC with milliseconds. */
export const isoTimestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
