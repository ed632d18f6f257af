#!/usr/bin/env node
// The `vigil` command (compiled JavaScript when current, see entry.js).
import { setFlagsFromString } from "node:v8";
import { load } from "./entry.js";
import { onSupportedNode, serviceTuning } from "./runtime.js";

// The long-running service starts tuned for memory (serviceTuning); one-off commands as they are.
await onSupportedNode(process.execve, process.argv[2] === "serve" ? serviceTuning() : undefined);

// Prisma's query compiler is WebAssembly, run only when its plan cache misses (a new query
// shape). V8 compiles it twice, at once by Liftoff and then hot functions again by TurboFan on
// background threads: the second tier held 40 MB of the server's RSS (compiled code, and
// compiler memory left in those threads' malloc arenas) for no measurable gain, so Liftoff only.
// Set before any module is compiled: V8 reads it as it compiles one.
setFlagsFromString("--liftoff-only");
// The engine promotes a steady stream of objects that die soon after (a run's objects outlive a
// young collection or two under load), and V8's dynamic policy lets the old generation grow to
// up to 4 times what survived the last major collection: 130 MB live held 400 MB. Growing it by
// 60% at most held the engine bench's RSS at 382-422 MB instead of 593-684 MB for 6% more CPU
// per result (bench/engine.ts, 10,000 checks, same-time runs). V8 reads it at each major
// collection; a --heap-growing-percent given to node wins.
if (!process.execArgv.some((flag) => flag.startsWith("--heap-growing-percent")))
  setFlagsFromString("--heap-growing-percent=60");

// `vigil agent` runs the private-location agent without loading the service's database modules.
await load(process.argv[2] === "agent" ? "agent/main" : "cli");
