import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { DynamoDbDescriptionStore } from '../adapters/dynamodb/description-store';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { awsAssetService } from '../asset/aws-service';
import { DescriptionService } from '../curation/description-service';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { batchedResolver, type ResolverEvent } from './batch';
import { createGraphqlResolver } from './resolver';

// AppSync direct Lambda resolver over the same service as the asset API; batched invocations
// (an array of events) compute equal calls once. The curation fields read editors' sets and
// revocations from the users table and write the stocks table.
const resolver = lazy(() => {
  const client = documentClient();
  const { users, revocations } = usersTableStores(client, requiredEnv(USERS_TABLE.envVar));
  const store = new DynamoDbDescriptionStore(client, requiredEnv(STOCKS_TABLE.envVar));
  return batchedResolver(
    createGraphqlResolver({
      service: awsAssetService(),
      curation: { descriptions: new DescriptionService({ store, users }), revocations },
      demo: false,
    }),
  );
});

export const handler = instrumented(
  'graphql',
  (event: ResolverEvent | readonly ResolverEvent[]) => resolver()(event),
  { around: traced },
);
