import { describe, expect, it } from "vitest";
import { AgentConfigError, loadAgentConfig } from "../../../src/agent/config.js";

const KEY = "pl_abcdefghijklmnopqrstuvwx";
const problems = (env: Record<string, string>) => {
  try {
    loadAgentConfig(env);
  } catch (error) {
    if (error instanceof AgentConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe("the agent's configuration (environment)", () => {
  it("has the documented defaults", () => {
    expect(loadAgentConfig({ API_KEY: KEY, VIGIL_URL: "https://vigil.example.com/base" })).toEqual({
      apiKey: KEY,
      serviceUrl: new URL("https://vigil.example.com/base/"),
      concurrency: 1,
      browser: { chromiumPath: "/usr/bin/chromium", concurrency: 1, sandbox: true },
      healthPort: 8081,
      logLevel: "info",
      errorReporting: true,
      proxied: false,
      localSecrets: [],
      agentic: { modelUrl: null, model: null, apiKey: null },
      extraCaCertificates: [],
    });
  });

  it("reads SCRIPT_SANDBOX (on by default; off allowed: an agent refuses no private address anyway)", () => {
    const env = { API_KEY: KEY, VIGIL_URL: "https://v.example.com" };
    expect(loadAgentConfig({ ...env, SCRIPT_SANDBOX: "off" }).browser.sandbox).toBe(false);
    expect(loadAgentConfig({ ...env, SCRIPT_SANDBOX: "ON" }).browser.sandbox).toBe(true);
    expect(problems({ ...env, SCRIPT_SANDBOX: "maybe" })).toEqual(['SCRIPT_SANDBOX must be on or off (got "maybe")']);
  });

  it("reads the AGENTIC model variables, and never echoes the model's key in an error", () => {
    const config = loadAgentConfig({
      API_KEY: KEY,
      VIGIL_URL: "https://v.example.com",
      AGENTIC_MODEL_URL: "http://models.internal:8000/v1/",
      AGENTIC_MODEL: "local-model",
      AGENTIC_API_KEY: "sk-local",
    });
    expect(config.agentic).toEqual({
      modelUrl: "http://models.internal:8000/v1",
      model: "local-model",
      apiKey: "sk-local",
    });
    expect(() =>
      loadAgentConfig({
        API_KEY: KEY,
        VIGIL_URL: "https://v.example.com",
        AGENTIC_MODEL_URL: "ftp://x",
        AGENTIC_API_KEY: "",
      }),
    ).toThrow(/AGENTIC_MODEL_URL must be an http or https URL/);
  });

  it("takes the agent-local secrets from VIGIL_SECRET_* (non-empty, well-named)", () => {
    const config = loadAgentConfig({
      API_KEY: KEY,
      VIGIL_URL: "https://v.example.com",
      VIGIL_SECRET_DB: "pw",
      VIGIL_SECRET_EMPTY: "",
      "VIGIL_SECRET_BAD-NAME": "x",
      OTHER: "y",
    });
    expect(config.localSecrets).toEqual([{ key: "VIGIL_SECRET_DB", value: "pw", secret: true }]);
  });

  it("reads every variable", () => {
    const config = loadAgentConfig({
      API_KEY: KEY,
      VIGIL_URL: "http://10.0.0.1:3000",
      JOB_CONCURRENCY: "10",
      AGENT_HEALTH_PORT: "0",
      LOG_LEVEL: "warn",
      EXTERNAL_OBSERVABILITY: "off",
      HTTPS_PROXY: "http://proxy:3128",
    });
    expect(config).toMatchObject({
      concurrency: 10,
      healthPort: 0,
      logLevel: "warn",
      errorReporting: false,
      proxied: true,
      serviceUrl: new URL("http://10.0.0.1:3000/"),
    });
  });

  it("reports every wrong value together, naming its variable, never echoing the key, URL or proxy", () => {
    const found = problems({
      API_KEY: "vg_secretsecretsecret",
      VIGIL_URL: "ftp://user:pw@host",
      JOB_CONCURRENCY: "0",
      AGENT_HEALTH_PORT: "70000",
      LOG_LEVEL: "loud",
      EXTERNAL_OBSERVABILITY: "sometimes",
      HTTP_PROXY: "socks://user:pw@p",
    });
    expect(found.map((p) => p.split(" ")[0])).toEqual([
      "API_KEY",
      "VIGIL_URL",
      "JOB_CONCURRENCY",
      "AGENT_HEALTH_PORT",
      "LOG_LEVEL",
      "EXTERNAL_OBSERVABILITY",
      "HTTP_PROXY",
    ]);
    expect(found.join("\n")).not.toMatch(/secretsecret|user:pw/);
    expect(found).toContain('JOB_CONCURRENCY must be an integer from 1 to 10 (got "0")');
    expect(problems({})).toEqual([
      "API_KEY is required: an agent key of the private location (pl_...)",
      "VIGIL_URL is required: the URL of the Vigil service (http or https)",
    ]);
  });
});
