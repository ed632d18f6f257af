// The agent's browser, run inside the sandbox (src/engine/browser/sandbox.ts): Chromium under a
// Playwright browser server on 127.0.0.1, its endpoint printed for the parent, which drives it and
// talks to the model. Nothing of the model (endpoint, key) ever reaches this process or the page.
// argv: the Chromium executable, then Chromium's flags as JSON.
import { chromium } from "playwright-core";

const ENDPOINT_LINE = "VIGIL_AGENT_BROWSER "; // what browser.ts waits for

const [executablePath, flags] = process.argv.slice(2);
chromium
  .launchServer({
    executablePath,
    headless: true,
    args: JSON.parse(flags ?? "[]") as string[],
    host: "127.0.0.1",
    port: 0,
  })
  .then((server) => process.stdout.write(`${ENDPOINT_LINE}${server.wsEndpoint()}\n`))
  .catch((error: unknown) => {
    process.stdout.write(`${(error as Error).message.split("\n")[0]}\n`);
    process.exit(2);
  });
