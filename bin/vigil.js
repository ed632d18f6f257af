#!/usr/bin/env node
// The `vigil` command. TypeScript runs through tsx's loader, so no build step is needed.
import { register } from "tsx/esm/api";

register();
// `vigil agent` runs the private-location agent without loading the service's database modules.
if (process.argv[2] === "agent") await import("../src/agent/main.ts");
else await import("../src/cli.ts");
