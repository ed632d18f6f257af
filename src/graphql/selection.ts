import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "./context.js";

/**
 * The fields an operation selects on each type, through its fragments, with @skip/@include
 * ignored (a superset): what lets the status-page tree's reads fetch only the columns an answer
 * shows (a nested answer read 4,000 values and 2,300 dates no field of it asked for). Decided once
 * per parsed document (documents are cached, document-cache.ts) and operation name.
 */
export type Selection = {
  schema: GraphQLSchema;
  fields: Map<string, Set<string>>;
  /** columnsOf's answers, by type name and the name of its column map. */
  columns: Map<string, readonly string[] | null>;
};

/**
 * What `decide` says of a parsed document's operation, decided once: documents are cached
 * (document-cache.ts), so the same object comes back request after request.
 */
export function oncePerOperation<T>(
  known: WeakMap<DocumentNode, Map<string, T>>,
  document: DocumentNode,
  operationName: string | null | undefined,
  decide: () => T,
): T {
  const byName = known.get(document) ?? new Map<string, T>();
  known.set(document, byName);
  if (!byName.has(operationName ?? "")) byName.set(operationName ?? "", decide());
  return byName.get(operationName ?? "") as T;
}

const known = new WeakMap<DocumentNode, Map<string, Selection | null>>();

export function selectionOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): Selection | null {
  return oncePerOperation(known, document, operationName, () => collect(schema, document, operationName));
}

function collect(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): Selection | null {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const fields = new Map<string, Set<string>>();
  const entered = new Set<string>();
  const visit = (selectionSet: SelectionSetNode, typeName: string) => {
    for (const node of selectionSet.selections) {
      if (node.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(node.name.value);
        if (!fragment || entered.has(node.name.value)) continue;
        entered.add(node.name.value);
        visit(fragment.selectionSet, fragment.typeCondition.name.value);
      } else if (node.kind === Kind.INLINE_FRAGMENT) {
        visit(node.selectionSet, node.typeCondition?.name.value ?? typeName);
      } else {
        const field = node.name.value;
        const set = fields.get(typeName) ?? new Set<string>();
        fields.set(typeName, set.add(field));
        const parent = schema.getType(typeName);
        const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[field] : undefined;
        if (definition && node.selectionSet) visit(node.selectionSet, getNamedType(definition.type).name);
      }
    }
  };
  visit(operation.selectionSet, root.name);
  return { schema, fields, columns: new Map() };
}

/**
 * The columns of `typeName`'s rows that the request's answer reads: the union of `columnsByField`
 * over the fields its operation selects on the type or on an interface of it. null (read every
 * column) without a selection (a subscription, a request from outside yoga) or when a selected
 * field is not in the map: a field added to a type reads a whole row until it is listed.
 */
export function columnsOf<C extends string>(
  ctx: GraphQLContext,
  typeName: string,
  columnsByField: Readonly<Record<string, readonly C[]>>,
  mapName = "",
): readonly C[] | null {
  const selection = ctx.selection;
  if (!selection) return null;
  const key = `${typeName}:${mapName}`;
  let columns = selection.columns.get(key);
  if (columns === undefined) {
    const type = selection.schema.getType(typeName);
    const names = [typeName, ...(isObjectType(type) ? type.getInterfaces().map((i) => i.name) : [])];
    const wanted = new Set<string>();
    let whole = false;
    for (const name of names)
      for (const field of selection.fields.get(name) ?? []) {
        if (field === "__typename") continue;
        const listed = Object.hasOwn(columnsByField, field) ? columnsByField[field] : undefined;
        if (!listed) whole = true;
        else for (const column of listed) wanted.add(column);
      }
    columns = whole ? null : [...wanted];
    selection.columns.set(key, columns);
  }
  return columns as readonly C[] | null;
}

/** Notes the operation's selection on the request's context, for columnsOf. */
export function useSelection(): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as GraphQLContext;
      ctx.selection = selectionOf(args.schema, args.document, args.operationName);
    },
  };
}
