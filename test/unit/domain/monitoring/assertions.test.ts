import { describe, expect, it } from "vitest";
import { evaluateAssertion, parseJsonPath, type ResponseFacts } from "../../../../src/domain/monitoring/assertions.js";

const response: ResponseFacts = {
  status: 200,
  headers: { "Content-Type": "application/json; charset=utf-8", "x-empty": "" },
  body: JSON.stringify({ a: { b: 3, s: "hello world", n: null, list: [1, "two"], empty: [] }, version: "v2.13.0" }),
  responseTimeMs: 120,
};
const check = (source: string, comparison: string, target = "", property = "", regex: string | null = null) =>
  evaluateAssertion({ source, comparison, target, property, regex }, response).passed;

describe("assertion evaluation", () => {
  it("reads JSON paths", () => {
    expect(parseJsonPath("$.a.b")).toEqual(["a", "b"]);
    expect(parseJsonPath("$.a.list[1]")).toEqual(["a", "list", 1]);
    expect(parseJsonPath("$['a']['s']")).toEqual(["a", "s"]);
    expect(parseJsonPath("a.b")).toEqual(["a", "b"]);
    expect(parseJsonPath("$.a[")).toBeNull();
  });

  it.each([
    ["STATUS_CODE", "EQUALS", "200", "", true],
    ["STATUS_CODE", "EQUALS", "201", "", false],
    ["STATUS_CODE", "NOT_EQUALS", "500", "", true],
    ["STATUS_CODE", "LESS_THAN", "300", "", true],
    ["STATUS_CODE", "GREATER_THAN", "200", "", false],
    ["RESPONSE_TIME", "LESS_THAN", "200", "", true],
    ["RESPONSE_TIME", "GREATER_THAN", "100", "", true],
    ["RESPONSE_TIME", "GREATER_THAN", "abc", "", false],
    ["JSON_BODY", "EQUALS", "3", "$.a.b", true],
    ["JSON_BODY", "EQUALS", "hello world", "$.a.s", true],
    ["JSON_BODY", "NOT_EQUALS", "x", "$.a.s", true],
    ["JSON_BODY", "HAS_KEY", "b", "$.a", true],
    ["JSON_BODY", "NOT_HAS_KEY", "zz", "$.a", true],
    ["JSON_BODY", "HAS_KEY", "zz", "$.a", false],
    ["JSON_BODY", "HAS_VALUE", "two", "$.a.list", true],
    ["JSON_BODY", "NOT_HAS_VALUE", "three", "$.a.list", true],
    ["JSON_BODY", "HAS_VALUE", "3", "$.a", true],
    ["JSON_BODY", "IS_EMPTY", "", "$.a.empty", true],
    ["JSON_BODY", "NOT_EMPTY", "", "$.a.list", true],
    ["JSON_BODY", "IS_EMPTY", "", "$.missing", true],
    ["JSON_BODY", "CONTAINS", "world", "$.a.s", true],
    ["JSON_BODY", "CONTAINS", "two", "$.a.list", true],
    ["JSON_BODY", "NOT_CONTAINS", "mars", "$.a.s", true],
    ["JSON_BODY", "IS_NULL", "", "$.a.n", true],
    ["JSON_BODY", "IS_NULL", "", "$.a.missing", true],
    ["JSON_BODY", "NOT_NULL", "", "$.a.b", true],
    ["JSON_BODY", "NOT_NULL", "", "$.a.n", false],
    ["JSON_BODY", "GREATER_THAN", "2", "$.a.b", true],
    ["JSON_BODY", "LESS_THAN", "2", "$.a.b", false],
    ["HEADERS", "EQUALS", "application/json; charset=utf-8", "content-type", true],
    ["HEADERS", "CONTAINS", "json", "Content-Type", true],
    ["HEADERS", "HAS_KEY", "x-empty", "", true],
    ["HEADERS", "NOT_HAS_KEY", "x-missing", "", true],
    ["HEADERS", "IS_EMPTY", "", "x-empty", true],
    ["HEADERS", "NOT_NULL", "", "x-missing", false],
    ["TEXT_BODY", "CONTAINS", "hello", "", true],
    ["TEXT_BODY", "NOT_CONTAINS", "goodbye", "", true],
    ["TEXT_BODY", "NOT_EMPTY", "", "", true],
  ])("%s %s %s (property %s) → %s", (source, comparison, target, property, expected) => {
    expect(check(source, comparison, target, property)).toBe(expected);
  });

  it("narrows with a regex: the first capture group, else the whole match; no match fails", () => {
    expect(check("JSON_BODY", "EQUALS", "13", "$.version", "v2\\.(\\d+)\\.")).toBe(true);
    expect(check("TEXT_BODY", "EQUALS", "hello", "", "hel+o")).toBe(true);
    expect(check("TEXT_BODY", "NOT_NULL", "", "", "nowhere")).toBe(false);
    expect(check("TEXT_BODY", "EQUALS", "x", "", "([")).toBe(false); // an invalid regex never throws
  });

  it("reports what it saw", () => {
    expect(
      evaluateAssertion({ source: "JSON_BODY", comparison: "EQUALS", property: "$.a.b", target: "4" }, response),
    ).toMatchObject({ actual: 3, passed: false });
  });
});
