import type { ApiHandler } from '../shared/dispatch';
import { createAssetApi } from './app';
import type { AssetService } from './service';

export interface AssetApiPorts {
  /** The asset service (compose-service.ts); locally shared with GraphQL and the alerts. */
  readonly service: AssetService;
  /** Whether every answer is marked as demo data: the local stack's generated universe is. */
  readonly demo: boolean;
}

/** The asset API (REST), for AWS's Lambda and the local stack. */
export function composeAssetApi({ service, demo }: AssetApiPorts): ApiHandler {
  return createAssetApi({ service, demo });
}
