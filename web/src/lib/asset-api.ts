import type { ASSET_API } from '@core/api/asset';
import type { Envelope } from '@core/api/asset-routes';
import { assetApi } from './apis/asset';
import type { AnswerOf } from '@core/api/contract';
import { callEndpoint, type CallOptions } from './contract-client';
import { markDemoData } from './demo-data';

type AssetEndpoints = (typeof ASSET_API)['endpoints'];
/** An endpoint of the asset API contract (core/api/asset.ts), by name: 'quote', 'movers', … */
export type AssetEndpoint = keyof AssetEndpoints & string;
/** What one element of an endpoint's `data` is. */
export type AssetItem<K extends AssetEndpoint> =
  AnswerOf<AssetEndpoints[K]> extends Envelope<infer T> ? T : never;

/** An asset read's path parameters, query and abort signal (reads are public: no token). */
export type AssetRead<K extends AssetEndpoint> = Pick<
  CallOptions<AssetEndpoints[K]>,
  'params' | 'query' | 'signal'
>;

/**
 * One asset API read (SPEC §7 `{data: [...]}` envelope), one attempt: its queries' retries are
 * TanStack Query's (lib/query-client.ts). A demo-data answer lights the layout's banner.
 */
export async function getEnvelope<K extends AssetEndpoint>(
  name: K,
  read: AssetRead<K> = {},
): Promise<Envelope<AssetItem<K>>> {
  const envelope = (await callEndpoint(assetApi, name, read)) as Envelope<AssetItem<K>>;
  markDemoData(envelope.demo === true);
  return envelope;
}

/** The first element of `data`, for single results (SPEC §7); null when `data` is empty. */
export async function getFirst<K extends AssetEndpoint>(
  name: K,
  read: AssetRead<K> = {},
): Promise<AssetItem<K> | null> {
  return (await getEnvelope(name, read)).data[0] ?? null;
}
