// Walks the reference's OpenAPI files against ours (test/integration/openapi/reference-walk.test.ts): its
// operations, and the response fields of its schemas, each field by its dotted path.
type Json = Record<string, unknown>;
export type Doc = { paths: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json> } };

const METHODS = ["get", "post", "put", "patch", "delete"];

/** "GET /v1/checks/{}" for "/v1/checks/{id}": path parameters' names do not matter. */
export const operationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`;

export function operations(doc: Doc): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) if (item[method]) out.set(operationKey(method, path), item[method] as Json);
  return out;
}

/** The success response's JSON schema of an operation (its lowest 2xx), or null. */
export function successSchema(operation: Json): Json | null {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const status = Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0];
  const content = status ? (responses[status]!.content as Record<string, Json> | undefined) : undefined;
  return (content?.["application/json"]?.schema as Json | undefined) ?? null;
}

function resolve(doc: Doc, schema: Json, seen: Set<string>): Json | null {
  const ref = schema.$ref as string | undefined;
  if (!ref) return schema;
  if (seen.has(ref)) return null;
  seen.add(ref);
  const name = ref.replace("#/components/schemas/", "");
  return doc.components?.schemas?.[name] ?? null;
}

/**
 * The dotted paths of every named property of a schema, to `depth` levels (an array's items share
 * their array's path; allOf, anyOf and oneOf add their branches' properties).
 */
export function fieldPaths(
  doc: Doc,
  schema: Json | null,
  depth = 3,
  prefix = "",
  seen = new Set<string>(),
): Set<string> {
  const out = new Set<string>();
  const s = schema && resolve(doc, schema, new Set(seen));
  if (!s || depth === 0) return out;
  const nextSeen = new Set(seen);
  if (schema?.$ref) nextSeen.add(schema.$ref as string);
  for (const key of ["allOf", "anyOf", "oneOf"])
    for (const branch of (s[key] as Json[] | undefined) ?? [])
      for (const p of fieldPaths(doc, branch, depth, prefix, nextSeen)) out.add(p);
  if (s.items) for (const p of fieldPaths(doc, s.items as Json, depth, prefix, nextSeen)) out.add(p);
  for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.add(path);
    for (const p of fieldPaths(doc, property, depth - 1, path, nextSeen)) out.add(p);
  }
  return out;
}

/** An exception's field pattern matches a path when its segments appear in the path's, in a row (`projectBindings` matches `entries.projectBindings.owner`). */
export function fieldMatches(path: string, pattern: string): boolean {
  const segments = path.split(".");
  const wanted = pattern.split(".");
  for (let i = 0; i + wanted.length <= segments.length; i++)
    if (wanted.every((w, j) => w === segments[i + j])) return true;
  return false;
}
