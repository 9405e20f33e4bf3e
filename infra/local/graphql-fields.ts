import type { AppSyncResolverEvent } from 'aws-lambda';
import { isCurationField } from '../../core/api/graphql';

type Resolver = (event: AppSyncResolverEvent<Record<string, unknown>>) => Promise<unknown>;

/**
 * One resolver for every field, as the local AppSync calls it: each field goes where AWS's data
 * sources send it (infra/aws/graphql-api.ts): curation fields to the curation resolver, the
 * public ones to the public resolver.
 */
export const routeGraphqlFields =
  (resolvers: { readonly public: Resolver; readonly curation: Resolver }): Resolver =>
  (event) =>
    isCurationField(event.info.parentTypeName, event.info.fieldName)
      ? resolvers.curation(event)
      : resolvers.public(event);
