#!/usr/bin/env node
// Runs before `npm test` (pretest): the suite needs a few Debian packages besides npm's. When one is
// missing and this runs as root with apt-get, it installs them; otherwise it stops at once with the
// exact command to run, instead of letting tests fail in confusing ways.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { onSupportedNode } from "../bin/runtime.js";

// The first line `npm test` prints: the Node the suite runs on (the project's own, bin/runtime.js).
await onSupportedNode();
console.log(`npm test: Node ${process.version} (${process.execPath})`);

const onPath = (command) => spawnSync("/bin/sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const postgresServer = () =>
  existsSync("/usr/lib/postgresql") &&
  readdirSync("/usr/lib/postgresql").some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));

/** Debian package -> why the suite needs it, and whether it is there. */
const needs = [
  { pkg: "postgresql", why: "the PostgreSQL half of the suite starts a throw-away server", present: postgresServer },
  {
    pkg: "iputils-ping",
    why: "the ICMP runner's tests ping 127.0.0.1 with the system ping",
    present: () => onPath("ping"),
  },
  {
    pkg: "chromium",
    why: "the status-page and browser-check tests drive Debian's Chromium with playwright-core",
    present: () => existsSync("/usr/bin/chromium"),
  },
  {
    pkg: "bubblewrap",
    why: "browser, multi-step, Playwright and agentic checks run their scripts in bwrap",
    present: () => existsSync("/usr/bin/bwrap"),
  },
  {
    pkg: "openssl",
    why: "the sandbox's HTTPS test and the SSL monitor tests make throw-away certificates (a local CA)",
    present: () => onPath("openssl"),
  },
  {
    pkg: "redis-server",
    why: "the scale-out tests share events and rate limits between instances through a throw-away Redis",
    present: () => onPath("redis-server") || existsSync("/usr/bin/redis-server"),
  },
  {
    pkg: "fonts-dejavu-core",
    why: "Chromium needs a font to render readable pages and screenshots",
    present: () => existsSync("/usr/share/fonts/truetype/dejavu"),
  },
  {
    pkg: "faketime",
    why: "the maintenance calendar's browser test runs `vigil serve` at a date beside a DST change (libfaketime)",
    present: () => onPath("faketime"),
  },
];

const missing = needs.filter((need) => !need.present());
if (missing.length === 0) process.exit(0);

const packages = missing.map((need) => need.pkg);
for (const need of missing) console.error(`npm test needs Debian's ${need.pkg}: ${need.why}.`);
const isRoot = process.getuid?.() === 0;
if (!isRoot || !onPath("apt-get")) {
  console.error(`Install ${packages.length > 1 ? "them" : "it"} and run npm test again:\n`);
  console.error(`  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(" ")}\n`);
  process.exit(1);
}
console.error(`Installing ${packages.join(" ")} with apt-get (running as root)...`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...packages]]) {
  const run = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (run.status !== 0) {
    console.error(
      `apt-get ${args[0]} failed (exit ${run.status}); install ${packages.join(" ")} and run npm test again.`,
    );
    process.exit(1);
  }
}
const still = missing.filter((need) => !need.present()).map((need) => need.pkg);
if (still.length > 0) {
  console.error(`still missing after apt-get: ${still.join(" ")}`);
  process.exit(1);
}
