/**
 * How much work one request to the public GraphQL API may ask for. AppSync enforces depth and
 * resolver count in AWS (infra/aws/graphql-api.ts); the local graphql-js server enforces the same
 * numbers plus aliases and tokens before it executes anything (infra/local/graphql.ts). Unlimited,
 * one request with 1,000 aliased fields runs for about 15 s and slows every other caller.
 */
export const GRAPHQL_LIMITS = {
  /**
   * Nested levels of fields (AppSync `queryDepthLimit`). The schema's deepest path,
   * indexes → quote → price, is 3; one level to spare in case AppSync counts one more (its
   * documentation gives no example). Only introspection nests deeper.
   */
  maxDepth: 4,
  /**
   * Fields that call the resolver Lambda in one request (AppSync `resolverCountLimit`): the Query
   * fields, counted once per alias. A stock page needs 8 (stock, quote, three statements, ratios,
   * key metrics, Shariah).
   */
  maxResolvers: 20,
  /**
   * Aliases in one operation (graphql-armor's default). AppSync has no such setting: there the
   * resolver count bounds aliased Query fields, and the query size bounds aliases of nested ones.
   */
  maxAliases: 15,
  /**
   * Lexical tokens in one document, checked while parsing, so an oversized or absurdly nested
   * document costs nothing further (graphql-js's parser is recursive: ~2,000 nested levels
   * overflow its stack).
   */
  maxTokens: 2_000,
} as const;
