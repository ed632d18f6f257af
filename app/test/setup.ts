import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// relay-test-utils' createMockEnvironment calls the global `jest` (jest.fn) to make its spies.
(globalThis as { jest?: unknown }).jest = vi;
afterEach(() => cleanup());
