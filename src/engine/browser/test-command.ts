import type { PlaywrightProject } from "../../domain/monitoring/tries.js";

/** A check's project or script cannot be run as given: the try ends with hasErrors and this message. */
export class ProjectError extends Error {}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Splits a command line on spaces, keeping quoted parts whole (no shell: nothing is expanded). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/**
 * Playwright Test's arguments for a PLAYWRIGHT check: its `testCommand` (only `npx playwright
 * test ...` or `playwright test ...`: no shell runs it, so the rest is passed as arguments),
 * then `--project` for each of `pwProjects` and one `--grep` matching any of `pwTags`. Our config
 * is given last (`--config` before these), so a command's own `--config` or `--reporter` is refused.
 */
export function playwrightArgs(project: PlaywrightProject): string[] {
  const given = words(project.testCommand?.trim() || "npx playwright test");
  const start = given[0] === "npx" ? 1 : 0;
  if (given[start] !== "playwright" || given[start + 1] !== "test")
    throw new ProjectError(`testCommand must be \`npx playwright test [arguments]\`, not \`${project.testCommand}\``);
  const rest = given.slice(start + 2);
  const refused = rest.find((arg) =>
    /^(-c|--config|--reporter|--output|--workers|-j|--retries|--ui|--debug)(=|$)/.test(arg),
  );
  if (refused) throw new ProjectError(`testCommand may not set ${refused}: Vigil sets it for the run`);
  const tags = project.pwTags.map((tag) => escapeRegExp(tag.trim())).filter(Boolean);
  return [
    ...rest,
    ...project.pwProjects.map((name) => `--project=${name}`),
    ...(tags.length ? [`--grep=${tags.join("|")}`] : []),
  ];
}
