import type { AssetService } from '../asset/service';
import { createGraphqlResolver } from './resolver';

export interface GraphqlPorts {
  /** The asset service (asset/compose-service.ts); locally shared with the asset API. */
  readonly service: AssetService;
  /** Whether every answer is marked as demo data: the local stack's generated universe is. */
  readonly demo: boolean;
}

/** The public GraphQL fields' resolver (API key), for AWS's Lambda and the local stack. */
export function composeGraphqlResolver({ service, demo }: GraphqlPorts) {
  return createGraphqlResolver({ service, demo });
}
