#!/usr/bin/env node
// The private-location agent on its own (`vigil-agent`): no database modules are loaded.
import { load } from "./entry.js";
import { onSupportedNode } from "./runtime.js";

await onSupportedNode();

await load("agent/main");
