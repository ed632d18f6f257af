#!/usr/bin/env node
// The private-location agent on its own (`vigil-agent`): no database modules are loaded.
import { register } from "tsx/esm/api";

register();
await import("../src/agent/main.ts");
