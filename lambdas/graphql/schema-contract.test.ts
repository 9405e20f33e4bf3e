import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_QUERIES, GRAPHQL_QUERY_FIELDS } from '../../core/api/graphql';

const schema = buildSchema(
  `scalar AWSJSON\nscalar AWSDate\n${readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8')}`,
);

describe('the GraphQL schema file and its contract in core (core/api/graphql.ts)', () => {
  it('declare the same Query fields', () => {
    const fields = Object.keys(schema.getQueryType()!.getFields()).sort();
    expect(fields).toEqual([...GRAPHQL_QUERY_FIELDS].sort());
  });

  it('declare the same arguments for each field', () => {
    const queryFields = schema.getQueryType()!.getFields();
    for (const field of GRAPHQL_QUERY_FIELDS) {
      const declared = queryFields[field]!.args.map((a) => a.name).sort();
      expect(declared, field).toEqual(Object.keys(GRAPHQL_QUERIES[field].shape).sort());
    }
  });
});
