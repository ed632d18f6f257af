import { z } from "zod";
import {
  AgenticCheckResult,
  ApiCheckResult,
  BrowserCheckResult,
  getCheckResult,
  ListCheckResultsV1Query,
  listCheckResultsV1,
  MultiStepCheckResult,
  RESULT_TYPES,
  SslCheckResult,
} from "../../domain/check-results/index.js";
import {
  CHECK_RESULT_FIELDS,
  type CheckResultField,
  type CheckResultJsonRow,
  resultAsJson,
} from "../../domain/check-results/index.js";
import { BoundedMemo } from "../../bounded-memo.js";
import { isoString } from "../format.js";
import { JsonText, type Route, uuidParam } from "../route.js";

/** Every field of the spec's check-result table; one shape for v1 and v2. */
export const CheckResultResponse = z.object({
  id: z.string(),
  name: z.string(),
  checkId: z.string(),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean().nullable(),
  isCancelled: z.boolean(),
  overMaxResponseTime: z.boolean().nullable(),
  runLocation: z.string(),
  startedAt: isoString.nullable(),
  stoppedAt: isoString.nullable(),
  created_at: isoString,
  responseTime: z.number(),
  apiCheckResult: ApiCheckResult.nullable(),
  browserCheckResult: BrowserCheckResult.nullable(),
  multiStepCheckResult: MultiStepCheckResult.nullable(),
  agenticCheckResult: AgenticCheckResult.nullable(),
  sslCheckResult: SslCheckResult.nullable(),
  checkRunId: z.number().int().nullable(),
  attempts: z.number().int(),
  resultType: z.enum(RESULT_TYPES),
  sequenceId: z.string().nullable(),
  errorGroupIds: z.array(z.string()),
});
export type CheckResultResponse = z.infer<typeof CheckResultResponse>;

/** How a property is written from a result's JSON-text form (CheckResultJsonRow). */
type Encoding =
  /** JSON.stringify's, escaped (names are the user's). */
  | "string"
  | "boolean"
  /** An integer or a number as read (SQLite has no NaN, PostgreSQL's bigints print as digits). */
  | "number"
  /** ISO 8601 UTC text the read made: digits, `-`, `:`, `.`, `T`, `Z`; nothing to escape. */
  | "date"
  /** A JSON column's stored text, as it is. */
  | "json"
  /** A stored JSON array; anything else (none) is the empty list. */
  | "list";

/** Each property of an entry, in the reference's order: the row's column and how it is written. */
const PROPERTIES: Record<CheckResultField, [keyof CheckResultJsonRow, Encoding]> = {
  id: ["id", "string"],
  name: ["name", "string"],
  checkId: ["checkId", "string"],
  hasFailures: ["hasFailures", "boolean"],
  hasErrors: ["hasErrors", "boolean"],
  isDegraded: ["isDegraded", "boolean"],
  isCancelled: ["isCancelled", "boolean"],
  overMaxResponseTime: ["overMaxResponseTime", "boolean"],
  runLocation: ["runLocation", "string"],
  startedAt: ["startedAt", "date"],
  stoppedAt: ["stoppedAt", "date"],
  created_at: ["createdAt", "date"],
  responseTime: ["responseTime", "number"],
  apiCheckResult: ["apiCheckResult", "json"],
  browserCheckResult: ["browserCheckResult", "json"],
  multiStepCheckResult: ["multiStepCheckResult", "json"],
  agenticCheckResult: ["agenticCheckResult", "json"],
  sslCheckResult: ["sslCheckResult", "json"],
  checkRunId: ["checkRunId", "number"],
  attempts: ["attempts", "number"],
  resultType: ["resultType", "string"],
  sequenceId: ["sequenceId", "string"],
  errorGroupIds: ["errorGroupIds", "list"],
};

const EXPRESSIONS: Record<Encoding, (value: string) => string> = {
  string: (v) => `s(${v})`,
  boolean: (v) => `(${v} === null ? "null" : ${v} ? "true" : "false")`,
  number: (v) => `(${v} === null ? "null" : "" + ${v})`,
  date: (v) => `(${v} === null ? "null" : '"' + ${v} + '"')`,
  json: (v) => `(${v} ?? "null")`,
  list: (v) => `(${v} !== null && ${v}.charCodeAt(0) === 91 ? ${v} : "[]")`,
};

type Writer = (row: CheckResultJsonRow) => string;

/**
 * An entry's writer for these fields, made as one expression of string concatenation (as
 * src/db/sqlite-reads.ts makes its row builders): a page of 100 entries is written and encoded
 * in about 85 us, where a property-by-property loop took 210 and decoding the JSON columns
 * only to serialize them again (JSON.stringify of the decoded rows) 300.
 */
function compileWriter(fields: readonly CheckResultField[]): Writer {
  const parts = fields.map((field, i) => {
    const [column, encoding] = PROPERTIES[field];
    return `'${i === 0 ? "{" : ","}${JSON.stringify(field)}:' + ${EXPRESSIONS[encoding](`r[${JSON.stringify(column)}]`)}`;
  });
  const write = new Function("s", `return (r) => ${parts.join(" + ")} + "}";`) as (s: typeof JSON.stringify) => Writer;
  return write(JSON.stringify);
}

const writeEntry = compileWriter(CHECK_RESULT_FIELDS);
/** The v2 list's projections (`fields`), by their fields' list. */
const projections = new BoundedMemo<string, Writer>(64);

function writerOf(fields: readonly CheckResultField[] | undefined): Writer {
  if (!fields) return writeEntry;
  const key = fields.join(",");
  let writer = projections.get(key);
  if (!writer) {
    writer = compileWriter(fields);
    projections.set(key, writer);
  }
  return writer;
}

/** Entries as a JSON array's text, with only `fields` of each when given (the v2 list's projection). */
export function checkResultsJson(rows: readonly CheckResultJsonRow[], fields?: readonly CheckResultField[]): string {
  const write = writerOf(fields);
  let out = "[";
  for (let i = 0; i < rows.length; i++) out += (i === 0 ? "" : ",") + write(rows[i]!);
  return `${out}]`;
}

const tag = "Check results";
const checkId = uuidParam("The id of the check");

export const checkResultsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/check-results/{checkId}",
    operationId: "listCheckResultsV1",
    summary: "List check results, version 1 (page and limit, newest first)",
    description:
      "Results inside a window of at most 6 hours: by default the 6 hours before now; `from` alone ends 6 hours later, `to` alone starts 6 hours earlier.",
    tag,
    deprecated: true,
    params: { checkId },
    query: ListCheckResultsV1Query,
    status: 200,
    response: z.array(CheckResultResponse),
    handler: async ({ ctx, params, query }) =>
      new JsonText(checkResultsJson(await listCheckResultsV1({ ctx, checkId: params.checkId, query }))),
  },
  {
    method: "GET",
    path: "/v1/check-results/{checkId}/{checkResultId}",
    operationId: "getCheckResult",
    summary: "Retrieve a check result",
    description:
      "One result of one of the account's checks, with its type's details (`apiCheckResult`, `browserCheckResult`...).",
    tag,
    params: { checkId, checkResultId: uuidParam("The id of the check result") },
    status: 200,
    response: CheckResultResponse,
    handler: async ({ ctx, params }) =>
      new JsonText(
        writeEntry(resultAsJson(await getCheckResult({ ctx, checkId: params.checkId, id: params.checkResultId }))),
      ),
  },
];
