import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from "graphql";
import { oncePerOperation } from "./selection.js";

/**
 * Which queries sent with a key may have their answer remembered for the caller's account
 * (answer-cache.ts): those that read only status pages and incidents, every one of whose writes
 * announces itself with an event of the account (incidentChanged, incidentUpdateAdded,
 * statusPageChanged), so that dropping the account's answers on those events keeps them true.
 * Left out: what changes without such an event (a page's subscribers; the services an incident
 * names, which may be on no page, whose rename announces nothing), and everything else.
 */
const ROOTS = new Set(["statusPages", "incidents"]);
const TYPES = new Set([
  "StatusPage",
  "StatusPageConnection",
  "StatusPageEdge",
  "StatusPageCard",
  "StatusPageKey",
  "ThemeColors",
  "Service",
  "Incident",
  "IncidentConnection",
  "IncidentEdge",
  "IncidentUpdate",
  "IncidentUpdateConnection",
  "IncidentUpdateEdge",
  "PageInfo",
]);
const LEFT_OUT = new Set(["StatusPage.subscriptions", "Incident.services"]);

const known = new WeakMap<DocumentNode, Map<string, boolean>>();

/** Whether the operation reads only what the account's events announce (decided once per parsed document). */
export function accountCacheable(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): boolean {
  return oncePerOperation(known, document, operationName, () => decide(schema, document, operationName));
}

function decide(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  const query = schema.getQueryType();
  if (operation?.operation !== "query" || !query) return false;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const entered = new Set<string>();

  const within = (selectionSet: SelectionSetNode, typeName: string): boolean =>
    selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment) return false;
        if (entered.has(fragment.name.value)) return true; // already checked (validation refuses cycles)
        entered.add(fragment.name.value);
        return within(fragment.selectionSet, fragment.typeCondition.name.value);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT)
        return within(selection.selectionSet, selection.typeCondition?.name.value ?? typeName);
      const field = selection.name.value;
      if (field === "__typename") return true;
      const rooted = typeName === query.name;
      if (rooted ? !ROOTS.has(field) : !TYPES.has(typeName) || LEFT_OUT.has(`${typeName}.${field}`)) return false;
      const parent = schema.getType(typeName);
      const definition = isObjectType(parent) ? parent.getFields()[field] : undefined;
      if (!definition) return false;
      if (!selection.selectionSet) return true;
      const type = getNamedType(definition.type);
      return isObjectType(type) && within(selection.selectionSet, type.name);
    });

  return within(operation.selectionSet, query.name);
}
