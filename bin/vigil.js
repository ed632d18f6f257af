#!/usr/bin/env node
// The `vigil` command. TypeScript runs through tsx's loader, so no build step is needed.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
