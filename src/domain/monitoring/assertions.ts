/**
 * API check assertions (docs/decisions.md "Assertions"): a value is taken from the response by
 * `source` (and `property`: a JSON path for JSON_BODY, a header name for HEADERS), narrowed by
 * `regex` (its first capture group, else the whole match), then compared with `target`.
 */
export type Assertion = {
  source: string;
  comparison: string;
  property?: string;
  target?: string;
  regex?: string | null;
};
export type ResponseFacts = { status: number; headers: Record<string, string>; body: string; responseTimeMs: number };
export type AssertionResult = Assertion & { actual: unknown; passed: boolean };

const MISSING = undefined;

/** `$.a.b[0]['c d']` → ["a", "b", 0, "c d"]; null for a path it cannot read. */
export function parseJsonPath(path: string): (string | number)[] | null {
  const trimmed = path.trim();
  if (trimmed === "" || trimmed === "$") return [];
  if (!trimmed.startsWith("$")) return parseJsonPath(`$.${trimmed}`);
  const parts: (string | number)[] = [];
  const pattern = /\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < trimmed.length) {
    const match = pattern.exec(trimmed);
    if (!match) return null;
    parts.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : (match[3] ?? match[4])!));
  }
  return parts;
}

function jsonValue(body: string, property: string | undefined): unknown {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return MISSING;
  }
  const path = parseJsonPath(property ?? "");
  if (!path) return MISSING;
  for (const part of path) {
    if (value === null || typeof value !== "object") return MISSING;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

function extract(assertion: Assertion, response: ResponseFacts): unknown {
  switch (assertion.source) {
    case "STATUS_CODE":
      return response.status;
    case "RESPONSE_TIME":
      return response.responseTimeMs;
    case "TEXT_BODY":
      return response.body;
    case "JSON_BODY":
      return jsonValue(response.body, assertion.property);
    case "HEADERS": {
      if (!assertion.property) return response.headers;
      const name = assertion.property.toLowerCase();
      return Object.entries(response.headers).find(([key]) => key.toLowerCase() === name)?.[1];
    }
    default:
      return MISSING;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value));
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && value !== null && Object.keys(value).length === 0);

function compare(comparison: string, actual: unknown, target: string): boolean {
  const number = Number(actual);
  const targetNumber = Number(target);
  switch (comparison) {
    case "EQUALS":
      return typeof actual === "number" ||
        (typeof actual === "string" && actual.trim() !== "" && !Number.isNaN(number) && target.trim() !== "")
        ? number === targetNumber || text(actual) === target
        : text(actual) === target;
    case "NOT_EQUALS":
      return !compare("EQUALS", actual, target);
    case "HAS_KEY":
      return (
        actual !== null &&
        typeof actual === "object" &&
        (Array.isArray(actual)
          ? Number(target) in actual
          : Object.keys(actual).some((key) => key === target || key.toLowerCase() === target.toLowerCase()))
      );
    case "NOT_HAS_KEY":
      return !compare("HAS_KEY", actual, target);
    case "HAS_VALUE":
      return (
        actual !== null &&
        typeof actual === "object" &&
        Object.values(actual).some((value) => text(value) === target || String(value) === target)
      );
    case "NOT_HAS_VALUE":
      return !compare("HAS_VALUE", actual, target);
    case "IS_EMPTY":
      return isEmpty(actual);
    case "NOT_EMPTY":
      return !isEmpty(actual);
    case "GREATER_THAN":
      return (
        actual !== undefined &&
        actual !== null &&
        !Number.isNaN(number) &&
        !Number.isNaN(targetNumber) &&
        number > targetNumber
      );
    case "LESS_THAN":
      return (
        actual !== undefined &&
        actual !== null &&
        !Number.isNaN(number) &&
        !Number.isNaN(targetNumber) &&
        number < targetNumber
      );
    case "CONTAINS":
      return Array.isArray(actual)
        ? actual.some((item) => text(item) === target || String(item) === target)
        : text(actual).includes(target);
    case "NOT_CONTAINS":
      return !compare("CONTAINS", actual, target);
    case "IS_NULL":
      return actual === null || actual === undefined;
    case "NOT_NULL":
      return actual !== null && actual !== undefined;
    default:
      return false;
  }
}

export function evaluateAssertion(assertion: Assertion, response: ResponseFacts): AssertionResult {
  let actual = extract(assertion, response);
  if (assertion.regex) {
    let match: RegExpExecArray | null = null;
    try {
      match = new RegExp(assertion.regex).exec(text(actual));
    } catch {
      match = null;
    }
    actual = match ? (match[1] ?? match[0]) : MISSING;
  }
  return {
    ...assertion,
    actual: actual === MISSING ? null : actual,
    passed: compare(assertion.comparison, actual, assertion.target ?? ""),
  };
}
