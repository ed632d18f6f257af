import { type DocumentNode, type GraphQLError, parse, type Source } from "graphql";
import type { Plugin } from "graphql-yoga";
import { LRUCache } from "lru-cache";
import { BYTES_PER_TOKEN, checkDocumentSize, DOCUMENT_LIMITS, scanDocument } from "./document-limits.js";
import { overlapRefusal } from "./overlap-limit.js";

/** What parsed documents (and their validation results) may hold in memory, estimated. */
export const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;

type Entry = { result: DocumentNode; bytes: number };

/**
 * Replaces yoga's parser and validation cache (1,024 documents of any size, keyed by their full
 * text): the document's limits (document-limits.ts) are checked before it is parsed, and only a
 * document within them is cached, in an LRU bounded by the estimated bytes of its text and AST.
 * Validation results hang off the cached AST (a WeakMap), so they go when it goes; a document whose
 * overlapping fields would take graphql-js quadratic time is refused first (overlap-limit.ts). Every
 * transport parses through this plugin: HTTP, both SSE modes, and graphql-ws (ws.ts).
 *
 * Only documents that parse and validate stay cached: a refused one is dropped once its validation
 * fails. Clients do not repeat refused documents, attackers vary them (a random comment each), and
 * keeping them would fill the cache with ASTs that live long enough to reach V8's old space, where
 * their churn grew the heap by hundreds of MB under a flood of unique refused documents.
 */
export function useLimitedDocumentCache({
  maxDocumentBytes,
  cacheBytes = DOCUMENT_CACHE_BYTES,
}: {
  maxDocumentBytes: number;
  cacheBytes?: number;
}): Plugin & { cachedBytes: () => number } {
  const documents = new LRUCache<string, Entry>({ maxSize: cacheBytes, sizeCalculation: (entry) => entry.bytes });
  // The schema is one for the life of the server, so the AST and the rule set identify a result.
  const validations = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  const textOf = new WeakMap<DocumentNode, string>();

  return {
    cachedBytes: () => documents.calculatedSize,
    onParse({ params, setParsedDocument, setParseFn }) {
      const text: string = typeof params.source === "string" ? params.source : (params.source as Source).body;
      const cached = text.length <= maxDocumentBytes ? documents.get(text) : undefined;
      if (cached) {
        setParsedDocument(cached.result);
        return;
      }
      let tokens = 0;
      setParseFn((source, options) => {
        checkDocumentSize(text, maxDocumentBytes);
        tokens = scanDocument(text);
        return parse(source, { ...options, maxTokens: DOCUMENT_LIMITS.maxTokens });
      });
      return ({ result }) => {
        // Refused before parsing (tokens 0), or an error of ours rather than the client's: not cached.
        if (tokens === 0 || result instanceof Error) return;
        documents.set(text, { result: result as DocumentNode, bytes: 2 * text.length + tokens * BYTES_PER_TOKEN });
        textOf.set(result as DocumentNode, text);
      };
    },
    onValidate({ params: { documentAST, rules }, setResult }) {
      const rulesKey = rules?.map((rule: { name: string }) => rule.name).join(",") ?? "";
      const hit = validations.get(documentAST)?.get(rulesKey);
      if (hit) {
        setResult(hit);
        return;
      }
      const remember = (result: readonly GraphQLError[]) => {
        if (result.length > 0) {
          const text = textOf.get(documentAST);
          if (text !== undefined) documents.delete(text);
          return;
        }
        const byRules = validations.get(documentAST) ?? new Map<string, readonly GraphQLError[]>();
        byRules.set(rulesKey, result);
        validations.set(documentAST, byRules);
      };
      // Before graphql-js's rules, whose comparison of overlapping fields is quadratic.
      const refusal = overlapRefusal(documentAST);
      if (refusal) {
        remember([refusal]);
        setResult([refusal]);
        return;
      }
      return ({ result }) => remember(result as readonly GraphQLError[]);
    },
  };
}
