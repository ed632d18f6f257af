import { GraphQLError, Lexer, Source, TokenKind } from "graphql";

/**
 * Limits on a GraphQL document's text, checked before it is parsed or cached, whoever sends it
 * (no key is needed to reach the parser). Tokens bound the parser's work and the AST's memory;
 * nesting bounds graphql-js's recursive descent (5,000 levels overflow the stack).
 */
export const DOCUMENT_LIMITS = { maxTokens: 10_000, maxNesting: 100 };

/** About what one token costs once parsed (AST node, location, token chain), measured on graphql 16. */
export const BYTES_PER_TOKEN = 400;

const tooLarge = (message: string) =>
  new GraphQLError(message, { extensions: { code: "DOCUMENT_TOO_LARGE", http: { status: 400 } } });

const opening = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const closing = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** Refuses a document over `maxBytes` (UTF-8) at once, without reading it. */
export function checkDocumentSize(text: string, maxBytes: number): void {
  // A string of n UTF-16 units is n to 3n bytes in UTF-8: measure only when the length cannot tell.
  const bytes = text.length > maxBytes || text.length * 3 <= maxBytes ? text.length : Buffer.byteLength(text);
  if (bytes > maxBytes)
    throw tooLarge(
      `the GraphQL document is too large: more than ${maxBytes} bytes (GRAPHQL_MAX_DOCUMENT_BYTES)` +
        (text.length > maxBytes ? "" : ` (${bytes} bytes)`),
    );
}

/**
 * One pass of graphql-js's own lexer (iterative, so any nesting is safe): counts tokens and the
 * deepest nesting of braces, brackets and parentheses, and refuses the document past either limit.
 * Returns the token count. Lexical errors are left to the parser, which reports them as usual.
 */
export function scanDocument(text: string, limits = DOCUMENT_LIMITS): number {
  const lexer = new Lexer(new Source(text));
  let tokens = 0;
  let depth = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > limits.maxTokens)
        throw tooLarge(`the GraphQL document is too large: more than ${limits.maxTokens} tokens`);
      if (opening.has(token.kind) && ++depth > limits.maxNesting)
        throw new GraphQLError(
          `query is too deep: more than ${limits.maxNesting} nested braces, brackets or parentheses`,
          { extensions: { code: "QUERY_TOO_DEEP", http: { status: 400 } } },
        );
      if (closing.has(token.kind)) depth--;
    }
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code) throw error;
    // A syntax error: the parser finds it again and reports it with its location.
  }
  return tokens;
}
