import type { z } from "zod";

/**
 * Upper bounds of free-text fields and lists (docs/limits.md): one tenant's large bodies must not
 * stall everyone, and the OpenAPI document shows each as maxLength / maxItems.
 */
export const LIMITS = {
  /** Names of checks, groups, pages, services, channels, incidents; tags. */
  name: 255,
  url: 2048,
  /** Incident update descriptions and a check's triggerIncident description. */
  description: 10_000,
  /** An API check's request body, a TCP check's data. */
  requestBody: 256 * 1024,
  /** Browser and multi-step scripts, setup and teardown scripts, a dependency file's content. */
  script: 256 * 1024,
  /** Header, query parameter and environment variable values, assertion targets, templates. */
  value: 64 * 1024,
  /** Headers, query parameters, assertions, dependencies, tags, environment variables... */
  items: 100,
  /** Free-form objects stored as sent (a heartbeat's `request`, `statusPageVisibility`): their JSON. */
  freeFormJson: 16 * 1024,
  /** An opaque cursor (nextId) or an id sent as a string. */
  token: 1024,
} as const;

/** A free-form object whose JSON is at most LIMITS.freeFormJson characters. */
export function boundedJson<S extends z.ZodType>(schema: S) {
  return schema.refine((value) => value == null || JSON.stringify(value).length <= LIMITS.freeFormJson, {
    message: `must be at most ${LIMITS.freeFormJson} characters as JSON`,
  });
}
