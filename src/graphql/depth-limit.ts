import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/**
 * A validation rule on the depth of the whole document, introspection included: the complexity
 * plugin (builder.ts) limits schema fields only, and a deeply nested `__schema { ... ofType ... }`
 * query costs the server without touching them. 20 levels fit the standard introspection query.
 */
export const MAX_DOCUMENT_DEPTH = 20;

export function maxDepthRule(limit = MAX_DOCUMENT_DEPTH) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD)
          deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, seen) : 1);
        else if (selection.kind === Kind.INLINE_FRAGMENT)
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        else if (!seen.has(selection.name.value)) {
          // A fragment cycle is graphql-js's own error; here each fragment is followed once per path.
          deepest = Math.max(
            deepest,
            depthOf(fragments.get(selection.name.value)?.selectionSet, new Set([...seen, selection.name.value])),
          );
        }
        if (deepest > limit) return deepest;
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > limit)
          context.reportError(
            new GraphQLError(`query is too deep: more than ${limit} levels`, {
              nodes: [node],
              extensions: { code: "QUERY_TOO_DEEP" },
            }),
          );
      },
    };
  };
}
