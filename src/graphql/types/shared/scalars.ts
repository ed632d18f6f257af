import { GraphQLError, Kind } from "graphql";
import { BoundedMemo } from "../../../bounded-memo.js";
import { builder } from "../../builder.js";

/**
 * The ISO text of the instants serialized last: an answer's dates are mostly the same ones answer
 * after answer (a nested status-page answer shows 1,000 update dates), and a lookup by epoch ms
 * costs less than `toISOString` and its new string.
 */
const isoTexts = new BoundedMemo<number, string>(20_000);

function isoText(date: Date): string {
  const ms = date.getTime();
  let text = isoTexts.get(ms);
  if (text === undefined) {
    text = date.toISOString(); // throws for an invalid date, which is never remembered
    isoTexts.set(ms, text);
  }
  return text;
}

builder.scalarType("DateTime", {
  description: "An ISO 8601 date-time in UTC, e.g. 2026-01-05T10:00:00.000Z (a date YYYY-MM-DD is accepted in inputs).",
  serialize: (value) => isoText(value as Date),
  parseValue: (value) => {
    const date =
      typeof value === "string"
        ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
        : new Date(NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO 8601 date or date-time string");
    return date;
  },
});

/** Open-ended objects the spec leaves unshaped (request headers of a result, agent artefacts...). */
builder.scalarType("JSON", {
  description: "Any JSON value: used only where the spec gives no shape.",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function parse(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return ast.value;
      case Kind.INT:
      case Kind.FLOAT:
        return Number(ast.value);
      case Kind.NULL:
        return null;
      case Kind.LIST:
        return ast.values.map((v) => parse(v));
      case Kind.OBJECT:
        return Object.fromEntries(ast.fields.map((f) => [f.name.value, parse(f.value)]));
      default:
        throw new GraphQLError("variables are not allowed inside a JSON literal");
    }
  },
});
