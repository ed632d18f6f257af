import { getOperationAST, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Metrics } from "../metrics/metrics.js";

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

function operationOf(document: DocumentNode, operationName: string | null | undefined) {
  const operation = getOperationAST(document, operationName);
  return { type: operation?.operation ?? "unknown", name: operationName ?? operation?.name?.value };
}

/**
 * Counts GraphQL operations (by type and name) and those answered with errors, and the open
 * subscriptions, on every transport: graphql-ws executes through yoga's envelop too (ws.ts). Its
 * context has no `request` (HTTP's does), which tells the two transports apart.
 */
export function useMetrics(metrics: Metrics): Plugin {
  return {
    onValidate() {
      return ({ valid }) => {
        if (!valid) metrics.graphqlOperation("invalid", undefined, true);
      };
    },
    onExecute({ args }) {
      const { type, name } = operationOf(args.document, args.operationName);
      return {
        onExecuteDone({ result }) {
          if (isAsyncIterable(result)) return metrics.graphqlOperation(type, name, false);
          metrics.graphqlOperation(type, name, Boolean(result.errors?.length));
        },
      };
    },
    onSubscribe({ args }) {
      const { type, name } = operationOf(args.document, args.operationName);
      const transport = "request" in (args.contextValue as object) ? "graphql_sse" : "graphql_ws";
      return {
        onSubscribeResult({ result }) {
          if (!isAsyncIterable(result)) return metrics.graphqlOperation(type, name, Boolean(result.errors?.length));
          metrics.graphqlOperation(type, name, false);
          return { onEnd: metrics.subscriptionOpened(transport) };
        },
        onSubscribeError() {
          metrics.graphqlOperation(type, name, true);
        },
      };
    },
  };
}
