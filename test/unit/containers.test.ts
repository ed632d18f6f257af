// The Dockerfile and compose.yaml cannot be built here (no Docker engine): these checks keep them
// consistent with the repository (files they name exist, the health path is served, the compose
// file parses and wires what README.md says).
import { existsSync, readFileSync } from "node:fs";
import { parseWithPointers } from "@stoplight/yaml";
import { describe, expect, it } from "vitest";
import { HEALTH_PATHS } from "../../src/health.js";

const root = new URL("../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const instructions = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.trimStart().startsWith("#"));

  it("is multi-stage, runs as a non-root user with Chromium, volumes and a readiness health check", () => {
    const stages = instructions.filter((line) => line.startsWith("FROM "));
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^FROM node:24(\.\d+)*-\S+ AS build$/);
    expect(stages[1]).toMatch(/^FROM node:24(\.\d+)*-\S+$/);
    expect(instructions).toContain("USER node");
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends chromium fonts-dejavu-core/);
    expect(dockerfile).toMatch(/RUN npm ci && npm prune --omit=dev/);
    const volume = instructions.find((line) => line.startsWith("VOLUME "));
    expect(JSON.parse(volume!.slice(7))).toEqual(["/app/data", "/app/artifacts"]);
    expect(dockerfile).toMatch(/ARTIFACTS_DIR=\/app\/artifacts/);
    const health = instructions.find((line) => line.startsWith("HEALTHCHECK "));
    expect(health).toMatch(/CMD \["node", "-e", .*\/-\/readiness/);
    expect(HEALTH_PATHS.has("/-/readiness")).toBe(true);
    expect(instructions.at(-1)).toBe('CMD ["node", "bin/vigil.js", "serve"]');
  });

  it("names only files and folders that exist", () => {
    const copied = instructions
      .filter((line) => line.startsWith("COPY ") && !line.includes("--from="))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(copied.length).toBeGreaterThan(5);
    for (const path of [...copied, "bin/vigil.js", "bin/vigil-agent.js", "bin/entry.js"])
      expect(existsSync(`${root}${path}`), path).toBe(true);
    const ignored = read(".dockerignore").split("\n");
    for (const path of copied) expect(ignored, `${path} is ignored`).not.toContain(path);
  });
});

describe("compose.yaml", () => {
  type Service = {
    image?: string;
    command?: string[];
    environment?: Record<string, string>;
    ports?: string[];
    profiles?: string[];
  };
  const { data, diagnostics } = parseWithPointers<{ services: Record<string, Service> }>(read("compose.yaml"), {
    mergeKeys: true,
  });

  it("parses, with PostgreSQL 15, Redis 7, two vigil serve instances on two ports and an agent", () => {
    expect(diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    const services = data!.services;
    expect(Object.keys(services).sort()).toEqual(["postgres", "redis", "vigil-1", "vigil-2", "vigil-agent"]);
    expect(services.postgres!.image).toBe("postgres:15");
    expect(services.redis!.image).toBe("redis:7");
    const [one, two] = [services["vigil-1"]!, services["vigil-2"]!];
    expect(one.environment).toEqual(two.environment);
    expect(one.environment).toMatchObject({
      DATABASE_URL: expect.stringMatching(/^postgresql:\/\/.*@postgres:5432\//),
      REDIS_URL: "redis://redis:6379",
      METRICS_TOKEN: expect.any(String),
      HOST: "0.0.0.0",
    });
    expect([...one.ports!, ...two.ports!]).toEqual(["3001:3000", "3002:3000"]);
    const agent = services["vigil-agent"]!;
    expect(agent.command).toEqual(["node", "bin/vigil-agent.js"]);
    expect(Object.keys(agent.environment!).sort()).toEqual(
      ["AGENT_HEALTH_PORT", "API_KEY", "JOB_CONCURRENCY", "VIGIL_URL"].sort(),
    );
    expect(agent.environment!.VIGIL_URL).toBe("http://vigil-1:3000");
  });
});
