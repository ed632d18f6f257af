// npm run schema: writes schema.graphql from the Pothos schema (a test fails when it is stale).
import { writeFileSync } from "node:fs";
import { printedSchema } from "../src/graphql/schema.js";

const path = new URL("../schema.graphql", import.meta.url).pathname;
writeFileSync(path, printedSchema());
console.log(`wrote ${path}`);
