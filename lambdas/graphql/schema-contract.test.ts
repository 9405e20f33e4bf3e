import { readFileSync } from 'node:fs';
import { buildSchema, isScalarType, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { APPSYNC_PRELUDE, GRAPHQL_FIELDS } from '../../core/api/graphql';

const schema = buildSchema(
  APPSYNC_PRELUDE + readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
);

const typeOf = (name: 'Query' | 'Mutation') =>
  name === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
const directives = (node: {
  astNode?: { directives?: readonly { name: { value: string } }[] } | null;
}) => node.astNode?.directives?.map((d) => d.name.value) ?? [];

describe('the GraphQL schema file and its contract in core (core/api/graphql.ts)', () => {
  it('declare the same Query and Mutation fields', () => {
    for (const typeName of ['Query', 'Mutation'] as const) {
      const fields = Object.keys(typeOf(typeName).getFields()).sort();
      const contract = GRAPHQL_FIELDS.filter((f) => f.typeName === typeName).map(
        (f) => f.fieldName,
      );
      expect(fields, typeName).toEqual(contract.sort());
    }
  });

  it('declare the same arguments for each field', () => {
    for (const { typeName, fieldName, args } of GRAPHQL_FIELDS) {
      const declared = typeOf(typeName)
        .getFields()
        [fieldName]!.args.map((a) => a.name)
        .sort();
      expect(declared, fieldName).toEqual(Object.keys(args.shape).sort());
    }
  });

  it('mark exactly the user-pool fields, and the types they return, @aws_cognito_user_pools', () => {
    for (const { typeName, fieldName, auth } of GRAPHQL_FIELDS) {
      const field = typeOf(typeName).getFields()[fieldName]!;
      expect(directives(field), fieldName).toEqual(
        auth === 'userPool' ? ['aws_cognito_user_pools'] : [],
      );
      if (auth !== 'userPool') continue;
      // AppSync also checks the returned type's mode: without the directive it would be API key only.
      let type = field.type as { ofType?: unknown } & GraphQLNamedType;
      while (type.ofType) type = type.ofType as typeof type;
      // A scalar carries no auth mode of its own; the field's directive is the whole check.
      if (isScalarType(type)) continue;
      expect(directives(type), `${fieldName}: ${type.name}`).toEqual(['aws_cognito_user_pools']);
    }
  });
});
