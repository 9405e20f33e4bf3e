import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { createComplexityRule, type ComplexityEstimator } from 'graphql-query-complexity';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';

/**
 * graphql-armor labels every refusal a "Syntax Error", which these are not; the limit and the
 * count it found stay in the message.
 */
function report(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
}

/**
 * Counts what AppSync's resolverCountLimit counts: fields with a resolver, i.e. the Query fields
 * (every alias is a call of the Lambda); nested fields only read the object it returned.
 */
const resolverCalls: ComplexityEstimator = ({ type, field, childComplexity }) =>
  (type.name === 'Query' && !field.name.startsWith('__') ? 1 : 0) + childComplexity;

/** Validation rules for GRAPHQL_LIMITS, run before the standard rules and before execution. */
export function graphqlLimitRules(request: {
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
}): ValidationRule[] {
  return [
    maxDepthRule({
      n: GRAPHQL_LIMITS.maxDepth,
      // Depth is nesting of fields, as AppSync counts it: a fragment is no level of its own.
      flattenFragments: true,
      // Introspection is where this schema nests without end (__type { fields { type { ofType …).
      ignoreIntrospection: false,
      propagateOnRejection: false,
      onReject: [report],
    }),
    maxAliasesRule({
      n: GRAPHQL_LIMITS.maxAliases,
      propagateOnRejection: false,
      onReject: [report],
    }),
    createComplexityRule({
      maximumComplexity: GRAPHQL_LIMITS.maxResolvers,
      estimators: [resolverCalls],
      ...(request.variables ? { variables: request.variables } : {}),
      ...(request.operationName ? { operationName: request.operationName } : {}),
      createError: (max, actual) =>
        new GraphQLError(
          `Resolver limit of ${max} exceeded: the query would resolve ${actual} Query fields.`,
        ),
    }),
  ];
}
