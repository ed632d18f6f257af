#!/usr/bin/env node
// The private-location agent on its own (`vigil-agent`): no database modules are loaded.
import { load } from "./entry.js";

await load("agent/main");
