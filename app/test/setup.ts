import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// relay-test-utils' createMockEnvironment calls the global `jest` (jest.fn) to make its spies.
(globalThis as { jest?: unknown }).jest = vi;
afterEach(() => cleanup());

// jsdom has <dialog> but not its modal methods (the app's confirmations use them).
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};
