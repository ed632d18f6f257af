// `vigil agent` / `vigil-agent`: the private-location agent. It never loads the database layer
// (Prisma): it runs where only the service's URL is reachable.
import { readFileSync } from "node:fs";
import { defaultRunners } from "../engine/runners/index.js";
import { startAgent } from "./agent.js";
import { AgentConfigError, loadAgentConfig } from "./config.js";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

async function main() {
  const config = loadAgentConfig();
  // Private targets are what a private location is for: they are never refused here.
  const agent = await startAgent(config, {
    version,
    runners: defaultRunners({
      blockPrivateTargets: false,
      extraCaCertificates: config.extraCaCertificates,
      browser: config.browser,
      agentic: { model: config.agentic },
    }),
  });
  process.on("uncaughtException", (error) => {
    agent.logger.fatal({ err: error }, "uncaught exception");
    void agent.reporter.flush().finally(() => process.exit(1));
  });
  process.on("unhandledRejection", (reason) => agent.logger.error({ err: reason }, "unhandled promise rejection"));
  let signals = 0;
  const stop = (signal: string) => {
    if (++signals > 1) process.exit(1); // a second signal: stop now
    agent.logger.info({ signal }, "signal received");
    agent.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof AgentConfigError) console.error(`vigil agent: ${error.message}`);
  else console.error(`vigil agent: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
