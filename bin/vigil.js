#!/usr/bin/env node
// The `vigil` command (compiled JavaScript when current, see entry.js).
import { load } from "./entry.js";

// `vigil agent` runs the private-location agent without loading the service's database modules.
await load(process.argv[2] === "agent" ? "agent/main" : "cli");
