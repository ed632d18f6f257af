#!/usr/bin/env node
// The `vigil` command (compiled JavaScript when current, see entry.js).
import { setFlagsFromString } from "node:v8";
import { load } from "./entry.js";

// Prisma's query compiler is WebAssembly, run only when its plan cache misses (a new query
// shape). V8 compiles it twice, at once by Liftoff and then hot functions again by TurboFan on
// background threads: the second tier held 40 MB of the server's RSS (compiled code, and
// compiler memory left in those threads' malloc arenas) for no measurable gain, so Liftoff only.
// Set before any module is compiled: V8 reads it as it compiles one.
setFlagsFromString("--liftoff-only");

// `vigil agent` runs the private-location agent without loading the service's database modules.
await load(process.argv[2] === "agent" ? "agent/main" : "cli");
